// Prints the paths generated from each workflow machine, one line per path, in plain words:
//   npm run paths                   (all machines)
//   npm run paths -- login          (the walks whose name starts with "login")
//   npm run paths -- --out [dir]    (writes <machine>.paths.txt and a Playwright skeleton <machine>.spec.ts per
//                                    machine into dir, .tmp/paths by default; generated files, not committed)
// They are the paths the machine tests walk (same machines, same representative events: machines/*.events.ts).
import { pathWords, walks, writePaths } from './pathsExport.ts';

const args = process.argv.slice(2);
const out = args.indexOf('--out');
if (out >= 0) {
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
