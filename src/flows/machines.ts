import { type AnyStateMachine, StateMachine } from 'xstate';

// Statically, in this chunk: loading each machine on demand would split every machine out of the portal's chunks,
// and the first page would load more files.
const files = import.meta.glob<Record<string, unknown>>('../../machines/*.machine.ts', { eager: true });

export interface FlowMachine {
  /** The file's name (machines/<name>.machine.ts), which is also the machine's id. */
  name: string;
  machine: AnyStateMachine;
}

/** Every workflow machine, by name; a file's machine is the one whose id is its name (else its first). */
export const flowMachines: FlowMachine[] = Object.entries(files)
  .map(([file, exports]) => {
    const name = file.replace(/^.*\/([^/]+)\.machine\.ts$/, '$1');
    const machines = Object.values(exports).filter((v): v is AnyStateMachine => v instanceof StateMachine);
    return { name, machine: machines.find((m) => m.id === name) ?? machines[0]! };
  })
  .filter((m) => m.machine)
  .sort((a, b) => a.name.localeCompare(b.name));
