import type { OutputBundle, OutputChunk } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from './compileHints.ts';

const chunk = (fileName: string, name: string, isEntry: boolean, code: string) =>
  ({ type: 'chunk', fileName, name, isEntry, code }) as OutputChunk;

describe('compile hints', () => {
  it('top the entry and the libraries’ chunk, not a lazy page’s', () => {
    const bundle = {
      'index.js': chunk('index.js', 'index', true, 'const __vite__mapDeps=0;import"./vendor.js";'),
      'vendor.js': chunk('vendor.js', 'vendor', false, 'export const react=1;'),
      'Promotions.js': chunk('Promotions.js', 'Promotions', false, 'export default 1;'),
    } as unknown as OutputBundle;
    const plugin = compileHints();
    const hook = plugin.generateBundle as { handler: (o: unknown, b: OutputBundle) => void };
    hook.handler({}, bundle);
    const code = (f: string) => (bundle[f] as OutputChunk).code;
    expect(code('index.js')).toBe(`${COMPILE_HINT}\nconst __vite__mapDeps=0;import"./vendor.js";`);
    expect(code('vendor.js').startsWith(`${COMPILE_HINT}\n`)).toBe(true);
    expect(code('Promotions.js')).toBe('export default 1;');
  });

  it('is for the browser’s build only, not the server’s first-screen build or the dev server', () => {
    const apply = compileHints().apply as (
      c: unknown,
      e: { command: string; isSsrBuild?: boolean },
    ) => boolean;
    expect(apply({}, { command: 'build' })).toBe(true);
    expect(apply({}, { command: 'build', isSsrBuild: true })).toBe(false);
    expect(apply({}, { command: 'serve' })).toBe(false);
  });
});
