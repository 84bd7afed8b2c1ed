// `npm run dev`: the API server (PGlite in ./data) on 8080 and Vite on 5173 with the API behind its proxy.
import { spawn } from 'node:child_process';

const api = spawn('npx', ['tsx', 'watch', 'server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, PORTICO_DIST_DIR: '', PORT: process.env.PORT ?? '8080' },
});
const web = spawn('npx', ['vite'], { stdio: 'inherit', env: process.env });
const stop = () => {
  api.kill();
  web.kill();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of [api, web])
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
