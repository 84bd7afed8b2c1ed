import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { testApp } from './test/app.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/**
 * What production runs with `npm install --omit=dev`: the server (`tsx server/main.ts`), `npm start`'s script, the ops
 * CLI, and the first-screen render the server loads from dist/.ssr (its build leaves packages external).
 */
const ENTRIES = ['server/main.ts', 'scripts/start.mjs', 'scripts/ops.ts', 'src/ssr/firstScreen.tsx'];

const CODE = /\.(?:[cm]?[jt]sx?)$/;

/** The module specifiers a file loads at run time: type-only imports are erased by tsx and Vite, so left out. */
function runtimeSpecifiers(source: string): string[] {
  const text = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found: string[] = [];
  for (const m of text.matchAll(
    /(?:^|[;}])\s*(import|export)\s+(type\s+)?([^;'"]*?)\s*from\s*['"]([^'"]+)['"]/g,
  )) {
    const [, , typeOnly, clause = '', specifier = ''] = m;
    const names = /^\{([\s\S]*)\}$/.exec(clause.trim())?.[1];
    const allTypes =
      names !== undefined &&
      names.trim() !== '' &&
      names
        .split(',')
        .filter((n) => n.trim())
        .every((n) => /^\s*type\s/.test(n));
    if (!typeOnly && !allTypes) found.push(specifier);
  }
  for (const m of text.matchAll(/(?:^|[;}])\s*import\s*['"]([^'"]+)['"]/g)) found.push(m[1]!);
  // A dynamic import behind `if (import.meta.env.DEV …)` is not in a build (Vite drops the branch).
  const devOnly = new Set(
    [...text.matchAll(/if\s*\(\s*import\.meta\.env\.DEV\b[^;]*?import\(\s*['"]([^'"]+)['"]\s*\)/g)].map(
      (m) => m[1],
    ),
  );
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g))
    if (!devOnly.has(m[1])) found.push(m[1]!);
  return found;
}

function resolveLocal(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier.split('?')[0]!);
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
  ];
  return candidates.find((c) => existsSync(c) && CODE.test(c));
}

const packageOf = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;

/** Every package the entries reach, with the first file that imports it. */
function packagesReached(entries: string[]): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const queue = entries.map((e) => join(ROOT, e));
  for (let file = queue.shift(); file; file = queue.shift()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of runtimeSpecifiers(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) {
        const local = resolveLocal(file, specifier);
        if (local) queue.push(local);
        continue;
      }
      const name = specifier.replace(/^node:/, '');
      if (specifier.startsWith('node:') || builtinModules.includes(name.split('/')[0]!)) continue;
      if (!packages.has(packageOf(specifier))) packages.set(packageOf(specifier), relative(ROOT, file));
    }
  }
  return packages;
}

describe('production as installed: dependencies only, maybe no build', () => {
  it('the server, npm start, the ops CLI and the first-screen render import no devDependency', () => {
    const reached = packagesReached(ENTRIES);
    expect(reached.get('fastify')).toBeDefined();
    const outside = [...reached].filter(([name]) => !(name in pkg.dependencies));
    expect(outside.map(([name, file]) => `${name} (imported by ${file})`)).toEqual([]);
  });

  it('reads a devDependency import where there is one', () => {
    expect(
      runtimeSpecifiers("import { defineConfig } from 'vitest/config';\nimport type { X } from 'vite';"),
    ).toEqual(['vitest/config']);
    expect(
      runtimeSpecifiers("import { type A, type B } from 'x';\nexport { y } from 'z';\nawait import('w');"),
    ).toEqual(['z', 'w']);
    expect(
      runtimeSpecifiers("if (import.meta.env.DEV && on)\n  void import('./dev.ts');\nimport('./prod.ts');"),
    ).toEqual(['./prod.ts']);
  });

  it('without a build, production serves the API and says how to build', async () => {
    const lines: string[] = [];
    const t = await testApp({
      production: true,
      distDir: join(ROOT, '.tmp', 'no-such-dist'),
      logger: { level: 'warn', stream: { write: (line) => lines.push(line) } },
    });
    try {
      const page = await t.app.inject({ method: 'GET', url: '/', headers: { merchant: 'PORTICO' } });
      expect(page.statusCode).toBe(404);
      expect(page.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      expect(lines.join('')).toContain('run \\"npm run build\\" (serving the API only)');
    } finally {
      await t.close();
    }
  });
});
