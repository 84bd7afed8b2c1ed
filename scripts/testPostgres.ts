// The server suite again on PostgreSQL when PORTICO_TEST_DATABASE_URL names a database (CI sets it; the role needs
// CREATEDB: each test file gets its own database cloned from a migrated template). `npm test` runs it beside the soak
// and the Playwright suite; a machine without PostgreSQL says so and goes on.
import { spawn } from 'node:child_process';

const url = process.env.PORTICO_TEST_DATABASE_URL?.trim();
if (!url) {
  console.log('server suite on PostgreSQL: not run (set PORTICO_TEST_DATABASE_URL=postgres://… to run it)');
  process.exit(0);
}
const child = spawn('npx', ['vitest', 'run', '--project', 'server'], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url },
});
child.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
