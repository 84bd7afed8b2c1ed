// `npm start`: the API server and the built SPA (server/main.ts), building first only when the build is missing or
// older than what it is built from. Plain Node and dependencies only: it runs where devDependencies are not installed.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** What the build is made from: a file here newer than the build (or a folder, when a file was removed) stales it. */
export const SOURCES = [
  'src',
  'contract',
  'machines',
  'locales',
  'public',
  'index.html',
  'vite.config.ts',
  'lingui.config.ts',
  'tailwind.config.ts',
  'tsconfig.json',
  'tsconfig.base.json',
  'package.json',
  'package-lock.json',
  'scripts/precompress.ts',
];

/** What `npm run build` makes last: the SPA's page, then its first-screen render. */
export const OUTPUTS = ['dist/index.html', 'dist/.ssr/firstScreen.js'];

/** The most recently changed file or folder under `path`, or undefined when there is none. */
function newest(path) {
  if (!existsSync(path)) return undefined;
  let best = { path, mtimeMs: statSync(path).mtimeMs };
  if (statSync(path).isDirectory())
    for (const entry of readdirSync(path)) {
      const found = newest(join(path, entry));
      if (found && found.mtimeMs > best.mtimeMs) best = found;
    }
  return best;
}

/**
 * Whether `root`'s build must be made again, and why.
 * @returns {{ stale: false } | { stale: true, reason: string }}
 */
export function buildState(root = ROOT) {
  const missing = OUTPUTS.find((output) => !existsSync(join(root, output)));
  if (missing) return { stale: true, reason: `no build (${missing} is missing)` };
  const built = Math.min(...OUTPUTS.map((output) => statSync(join(root, output)).mtimeMs));
  for (const source of SOURCES) {
    const changed = newest(join(root, source));
    if (changed && changed.mtimeMs > built)
      return { stale: true, reason: `dist/ is older than ${relative(root, changed.path)}` };
  }
  return { stale: false };
}

const direct = process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href;
if (direct) {
  const state = buildState();
  if (process.env.PORTICO_DIST_DIR !== undefined)
    console.log(
      `PORTICO_DIST_DIR is set: serving ${process.env.PORTICO_DIST_DIR || 'the API only'}, not building`,
    );
  else if (!state.stale) console.log('Build is up to date (dist/ is newer than its sources)');
  else if (!existsSync(join(ROOT, 'node_modules', 'vite', 'package.json')))
    // Production installs (npm install --omit=dev) have no build tools: serve what there is, and say how to build.
    console.warn(
      `portico: ${state.reason}, and the build tools (devDependencies) are not installed: serving ${
        existsSync(join(ROOT, OUTPUTS[0])) ? 'the build as it is' : 'the API only'
      }. Build with "npm install && npm run build" (here or elsewhere, then copy dist/).`,
    );
  else {
    console.log(`Building: ${state.reason}`);
    const build = spawnSync('npm', ['run', 'build'], {
      cwd: ROOT,
      stdio: 'inherit',
      shell: process.platform === 'win32',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  // The server in this process, so the signals of a stop (SIGTERM, Ctrl-C) reach it directly.
  const { register } = await import('tsx/esm/api');
  register();
  await import('../server/main.ts');
}
