import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildState } from './start.mjs';

const root = mkdtempSync(join(tmpdir(), 'portico-start-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A day ago: what the tree's times count from (a change made now is newer than any of them). */
const BASE = Date.now() - 86_400_000;
const at = (minutes: number) => new Date(BASE + minutes * 60_000);

/** Writes a file of the tree with its time `minutes` after BASE; folders keep BASE, as in a checkout. */
const put = (path: string, minutes: number) => {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, path);
  utimesSync(file, at(minutes), at(minutes));
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true }))
    if (entry.isDirectory()) utimesSync(join(entry.parentPath, entry.name), at(0), at(0));
};

describe('npm start builds only when it must', () => {
  it('builds when there is no build, or half of one', () => {
    put('src/main.tsx', 0);
    expect(buildState(root)).toEqual({ stale: true, reason: 'no build (dist/index.html is missing)' });
    put('dist/index.html', 10);
    expect(buildState(root)).toEqual({
      stale: true,
      reason: 'no build (dist/.ssr/firstScreen.js is missing)',
    });
  });

  it('serves a build newer than its sources; builds again when a source or a setting changed or went', () => {
    put('dist/.ssr/firstScreen.js', 11);
    put('contract/auth.ts', 1);
    put('locales/vi/messages.po', 1);
    put('package.json', 2);
    expect(buildState(root)).toEqual({ stale: false });
    put('src/features/auth/Login.tsx', 12);
    expect(buildState(root)).toEqual({
      stale: true,
      reason: 'dist/ is older than src/features/auth/Login.tsx',
    });
    put('src/features/auth/Login.tsx', 5);
    put('vite.config.ts', 20);
    expect(buildState(root)).toEqual({ stale: true, reason: 'dist/ is older than vite.config.ts' });
    put('vite.config.ts', 5);
    expect(buildState(root)).toEqual({ stale: false });
    // A removed source shows only in its folder's time.
    rmSync(join(root, 'locales/vi/messages.po'));
    expect(buildState(root)).toEqual({ stale: true, reason: 'dist/ is older than locales/vi' });
  });
});
