import type { Plugin } from 'vite';

/** V8's explicit compile hint (Chrome 136+): compile every function of the file eagerly, while it streams. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Puts V8's compile hint at the top of the chunks every page runs at start: the entry and the libraries (the vendor
 * chunk, vite.config.ts). Chromium then compiles their functions on the thread that streams the script, instead of
 * one by one on the main thread as each first runs; React's, the router's and the machines' first calls were the
 * start's longest tasks on a phone (npm run bench, Lighthouse: script evaluation of `/` 1.30 → 0.93 s). Lazy chunks
 * stay lazily compiled: most of their functions never run on a page. At the very top, as V8 reads it: after Vite has
 * added its own code to the entry (its preload map), so in generateBundle, last.
 */
export function compileHints(initialChunks: readonly string[] = ['vendor']): Plugin {
  return {
    name: 'portico:compile-hints',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk' && (chunk.isEntry || initialChunks.includes(chunk.name)))
            chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
      },
    },
  };
}
