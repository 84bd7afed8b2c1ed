// Prints the gzip size of what `/` loads first (entry JS, its static imports, CSS) and of every lazy chunk.
// Run after `vite build` (npm run bench does both).
//
//   tsx bench/bundle-size.ts [--dist dist] [--summary file.json]
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const { values: args } = parseArgs({
  options: { dist: { type: 'string', default: 'dist' }, summary: { type: 'string' } },
});
const dist = args.dist;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const gz = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1).padStart(7)} kB`;

/** Files the page fetches before first render: index.html's scripts, preloads and styles, and their static imports. */
const initial = new Set<string>();
const queue = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
while (queue.length > 0) {
  const file = queue.pop()!;
  if (initial.has(file)) continue;
  initial.add(file);
  if (!file.endsWith('.js')) continue;
  const code = readFileSync(join(dist, file), 'utf8');
  for (const m of code.matchAll(/(?:^|[;\n])\s*import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g))
    queue.push(`assets/${m[1]}`);
}

const all = readdirSync(join(dist, 'assets'))
  .map((f) => `assets/${f}`)
  .filter((f) => /\.(js|css)$/.test(f));
const lazy = all.filter((f) => !initial.has(f)).sort((a, b) => gz(b) - gz(a));
const sum = (files: Iterable<string>, ext: string) =>
  [...files].filter((f) => f.endsWith(ext)).reduce((n, f) => n + gz(f), 0);

console.log('Initial load of / (gzip -9):');
for (const f of [...initial].sort()) console.log(`  ${kb(gz(f))}  ${f}`);
console.log(`  ${kb(sum(initial, '.js'))}  total JS`);
console.log(`  ${kb(sum(initial, '.css'))}  total CSS`);
console.log(`Lazy chunks (${lazy.length}):`);
for (const f of lazy) console.log(`  ${kb(gz(f))}  ${f}`);
if (args.summary)
  writeFileSync(
    args.summary,
    JSON.stringify({
      js: sum(initial, '.js'),
      css: sum(initial, '.css'),
      files: initial.size,
      lazy: lazy.length,
    }),
  );
