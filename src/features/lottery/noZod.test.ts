import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// /lotteryCenter is a first page (a link opens it, the server draws it): the code the app takes it over with calls
// through the contract's routes, so that the takeover neither downloads nor evaluates zod and the contract's schemas
// (issue 29: on its Chrome trace, evaluating them was one task of ~14 ms on a fast host, ~140 ms on the phone).

/** The modules a module's code imports, followed to the files they name: `import type` and dynamic imports aside. */
function runtimeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/^(?:import|export) (?!type )[^;]*? from '([^']+)'/gm)].map((m) => m[1]!);
}

/** Every module the page's code reaches, and the bare packages among them. */
function reach(entry: string) {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const spec of runtimeImports(file)) {
      if (!spec.startsWith('.')) {
        packages.set(spec, file);
        continue;
      }
      const target = resolve(dirname(file), spec);
      if (existsSync(target) && /\.tsx?$/.test(target)) visit(target);
    }
  };
  visit(entry);
  return { files, packages };
}

describe('the lottery centre’s code', () => {
  it('reaches no module that imports zod', () => {
    // The web project's environment (jsdom) gives no file URL: the folder from the project's root.
    const root = process.cwd();
    const { files, packages } = reach(join(root, 'src/routes/lotteryCenter.tsx'));
    const names = [...files].map((f) => relative(root, f));
    // What the walk must reach for the check to mean anything: the list, its calls and its machine.
    for (const part of [
      'src/features/lottery/LotteryWidget.tsx',
      'src/features/lottery/listCalls.ts',
      'machines/lotteryRefresh.machine.ts',
      'contract/routes.ts',
    ])
      expect(names).toContain(part);
    expect(packages.has('zod') ? relative(root, packages.get('zod')!) : undefined).toBeUndefined();
  });
});
