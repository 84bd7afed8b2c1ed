import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const TEXT = /\.(?:js|css|html|svg|json|txt|webmanifest)$/;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

async function* textFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(path);
    else if (TEXT.test(entry.name) && (await stat(path)).size >= MIN_BYTES) yield path;
  }
}

/**
 * Writes `file.br` and `file.gz` beside every text file of the build, so the server sends compressed bytes without
 * compressing on each request (@fastify/static `preCompressed`, server/http/spa.ts). Brotli at its best level: done
 * once per build, and the smaller JS is what a phone on a slow network waits for before the first render.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'portico:precompress',
    // The server's own code (the first screen's build, src/ssr) is read from disk, never sent.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const jobs: Promise<void>[] = [];
      for await (const file of textFiles(outDir))
        jobs.push(
          readFile(file).then(async (bytes) => {
            const [br, gzipped] = await Promise.all([
              brotli(bytes, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                },
              }),
              gz(bytes, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
          }),
        );
      await Promise.all(jobs);
    },
  };
}
