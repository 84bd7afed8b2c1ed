import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// /promotions is a first page (a promotion's link): its code calls through the contract's routes and reads its
// constants, so that opening it neither downloads nor evaluates zod and the contract's schemas (issue 29: evaluating
// them was ~150 ms of a phone's main thread at load, Lighthouse's Total Blocking Time).
describe('the promotions pages’ code', () => {
  it('imports from the contract only types, its routes and constants', () => {
    // The web project's environment (jsdom) gives no file URL: the folder from the project's root.
    const dir = join(process.cwd(), 'src/features/promotions');
    const files = readdirSync(dir).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const source = readFileSync(join(dir, file), 'utf8');
      const fromContract = [...source.matchAll(/^import (?!type )[^;]*from '([^']*contract\/[^']+)'/gm)].map(
        (m) => m[1]!.replace(/^.*contract\//, ''),
      );
      for (const module of fromContract)
        expect(['promotionRoutes.ts', 'constants.ts'], `${file}: ${module}`).toContain(module);
    }
  });
});
