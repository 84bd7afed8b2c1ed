import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { pathWords, walksByMachine, writePaths } from '../../scripts/pathsExport.ts';

const dir = mkdtempSync(join(tmpdir(), 'portico-paths-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const machines = readdirSync(join(import.meta.dirname, '..'))
  .filter((f) => f.endsWith('.machine.ts'))
  .map((f) => f.replace('.machine.ts', ''));

describe('npm run paths -- --out', () => {
  const written = writePaths(dir);
  const files = readdirSync(dir);

  it('writes a readable list and a Playwright skeleton for every machine, and nothing else', () => {
    expect(machines.length).toBeGreaterThan(10);
    expect(files.sort()).toEqual(machines.flatMap((m) => [`${m}.paths.txt`, `${m}.spec.ts`]).sort());
    expect(written).toHaveLength(files.length);
  });

  it.each(machines)(
    '%s: every generated path is a line of the list and a test of the skeleton',
    (machine) => {
      const walks = walksByMachine().get(machine) ?? [];
      const paths = walks.flatMap(pathWords);
      expect(paths.length).toBeGreaterThan(0);
      const list = readFileSync(join(dir, `${machine}.paths.txt`), 'utf8')
        .trimEnd()
        .split('\n');
      const spec = readFileSync(join(dir, `${machine}.spec.ts`), 'utf8');
      const titles = [...spec.matchAll(/^ {2}test\((".*?"), async/gm)].map(
        (m) => JSON.parse(m[1]!) as string,
      );
      expect(list).toHaveLength(paths.length);
      expect(titles).toEqual(list);
      expect(new Set(titles).size).toBe(titles.length);
      for (const [i, path] of paths.entries()) {
        expect(list[i]!.startsWith(path.title)).toBe(true);
        for (const step of path.steps) expect(spec).toContain(`. ${step}\n`);
      }
      expect(spec.match(/\/\/ TODO/g)).toHaveLength(paths.length);
      const { diagnostics } = ts.transpileModule(spec, {
        reportDiagnostics: true,
        fileName: `${machine}.spec.ts`,
      });
      expect(diagnostics ?? []).toEqual([]);
    },
  );
});
