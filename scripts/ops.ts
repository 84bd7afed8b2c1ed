// Operator commands: `npm run ops -- --help` lists them (the table is scripts/ops/commands.ts).
import { main } from './ops/cli.ts';

process.exitCode = await main(process.argv.slice(2));
