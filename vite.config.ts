import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { compileHints } from './scripts/compileHints.ts';
import { precompress } from './scripts/precompress.ts';

const API = process.env.PORTICO_API ?? 'http://127.0.0.1:8080';
// A leading ^ makes a regular expression: /inhouse is also a page, only /inhouse/… is the API.
const apiPrefixes = [
  '/wps',
  '/lgw',
  '/api',
  '/art',
  '/downloads',
  '/__dev',
  '^/(inhouse|seamless|vendor-demo|gateway-demo)/',
];

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes' }),
    react(),
    // The Lingui macro is a Babel plugin; only our sources use it.
    babel({ include: /\/src\/.*\.tsx?$/, plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    tailwindcss(),
    compileHints(),
    precompress(),
  ],
  resolve: {
    // The libraries' `use-sync-external-store` shims are for Reacts before 18: this one has the hooks.
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector',
      },
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/app/syncExternalStore.ts', import.meta.url)),
      },
    ],
  },
  server: {
    proxy: Object.fromEntries(apiPrefixes.map((p) => [p, { target: API, changeOrigin: false }])),
  },
  build: {
    target: 'es2022',
    // The server reads it to hint a page's catalogue chunk in its HTML (server/http/pageHints.ts).
    manifest: true,
    // The first page's code is two chunks (see below); its size budget is npm run bench's, not this warning's.
    chunkSizeWarningLimit: 700,
    // No polyfill in the first chunk for <link rel=modulepreload>: every browser of the target but Safari < 17 has it,
    // and there the lazy chunks' preloads are skipped (each still loads when imported).
    modulePreload: { polyfill: false },
    // What the first page loads comes as two chunks, the libraries (cached across releases that change only our
    // code) and ours, instead of ~60 small ones: over HTTP/1.1 a phone fetches six at a time, and each round costs a
    // round trip before the first render (npm run bench, Lighthouse).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /node_modules/, tags: ['$initial'], priority: 2 },
            { name: 'app', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    // Two workers at least: Vitest's default (CPUs − 1) is one on a 2-CPU runner, which then idles while a file waits
    // on its database or builds its jsdom (the whole suite: 464 s with one, 319 s with two).
    maxWorkers: Math.max(availableParallelism() - 1, 2),
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          // The files share their worker's modules instead of loading the server afresh each (~2 s of CPU a file,
          // 230 s of the PostgreSQL suite's import time, 47 s shared). Nothing here keeps state between files: each
          // builds its own app and database, and no test stubs modules or the environment.
          isolate: false,
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'scripts/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          // Production's scrypt cost (2^17, ~0.35 s a hash) would add minutes to the suite's hundreds of logins; the
          // seed (global setup) and the tests hash at 2^14. server/lib/password.test.ts checks production's cost.
          env: { PORTICO_SCRYPT_N: '16384' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'machines/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
          // A path walk takes ~0.3 s; on a shared 2-CPU runner it can take many times that. A hang still fails.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
