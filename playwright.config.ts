import { existsSync } from 'node:fs';
import { chromium, defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_OPS_TOKEN = 'e2e-operator-token';

/** Playwright's own browser when installed, else Debian's chromium (downloads are not possible here). */
const bundled = (() => {
  try {
    return existsSync(chromium.executablePath());
  } catch {
    return false;
  }
})();

/** How to launch the browser on this machine (also used by bench/lottery-countdown.ts). */
export const browserLaunchOptions = bundled
  ? {}
  : {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    };

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'list' : 'line',
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A trace (a screencast, and DOM snapshots around every action) recorded for every test made the tests much
    // slower: hydration's desktop test took 50.8 s and 46.2 s with it, 31.2 s and 23.2 s without (the whole run, its
    // server's start included: 17 and 16 CPU-seconds against 11 and 10; 28 Nov 2026). CI retries a failure once and
    // records the retry's trace; outside CI, where nothing is retried, every failure keeps its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: browserLaunchOptions,
  },
  webServer: {
    // The real server on the built SPA, with a fresh embedded database each run.
    command: 'rm -rf .tmp/e2e-data && tsx server/main.ts',
    url: `http://localhost:${PORT}/wps/system/status`,
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: 'ignore',
    env: {
      PORT: String(PORT),
      PORTICO_DATA_DIR: '.tmp/e2e-data',
      PORTICO_OPS_TOKEN: E2E_OPS_TOKEN,
      HOST: '127.0.0.1',
      // As the Vitest suites: the specs log in hundreds of times, and production's scrypt cost (2^17, ~0.35 s of CPU
      // a hash) would be most of their time. Production's cost is checked in server/lib/password.test.ts.
      PORTICO_SCRYPT_N: '16384',
    },
  },
});
