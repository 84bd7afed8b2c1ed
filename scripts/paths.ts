// Prints the paths generated from each workflow machine, one line per path, in plain words:
//   npm run paths                   (all machines)
//   npm run paths -- login          (the walks whose name starts with "login")
//   npm run paths -- --out [dir]    (writes <machine>.paths.txt and a Playwright skeleton <machine>.spec.ts per
//                                    machine into dir, .tmp/paths by default; generated files, not committed)
//   npm run paths -- --coverage     (per machine: states, transitions and guarded branches walked / declared, and
//                                    what is not walked; exits 1 when a machine is below 100 %)
// They are the paths the machine tests walk (same machines, same representative events: machines/*.events.ts).
import { complete, coverageLines } from './pathsCoverage.ts';
import { coverageByMachine, machinesWithoutWalks, pathWords, walks, writePaths } from './pathsExport.ts';

const args = process.argv.slice(2);
const out = args.indexOf('--out');
if (args.includes('--coverage')) {
  const all = coverageByMachine();
  for (const c of all) console.log(coverageLines(c).join('\n'));
  const unwalked = machinesWithoutWalks();
  for (const m of unwalked) console.log(`${m.padEnd(24)} no walk: export one from machines/${m}.events.ts`);
  const short = [...all.filter((c) => !complete(c)).map((c) => c.machine), ...unwalked];
  console.log(short.length ? `\nBelow 100 %: ${short.join(', ')}` : '\nEvery machine at 100 %');
  process.exitCode = short.length ? 1 : 0;
} else if (out >= 0) {
  const dir = args[out + 1] ?? '.tmp/paths';
  const files = writePaths(dir);
  console.log(`${files.length / 2} machines: ${files.length} files in ${dir}`);
} else {
  const only = args[0];
  for (const walk of walks.filter((w) => !only || w.name.startsWith(only))) {
    for (const path of pathWords(walk)) console.log(path.title);
    console.log();
  }
}
