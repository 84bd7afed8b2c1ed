import type { AnyCall } from '../../contract/call.ts';

/** Every call of the contract, named `module.export`: a call added anywhere in contract/ is found here. */
export interface NamedCall {
  name: string;
  call: AnyCall;
}

const modules = import.meta.glob<Record<string, unknown>>(
  ['../../contract/*.ts', '!../../contract/*.test.ts'],
  {
    eager: true,
  },
);

const isCall = (v: unknown): v is AnyCall =>
  typeof v === 'object' && v !== null && 'path' in v && 'method' in v && 'response' in v;

export const contractCalls: NamedCall[] = (() => {
  const seen = new Set<AnyCall>();
  const calls: NamedCall[] = [];
  for (const [file, exports] of Object.entries(modules).sort(([a], [b]) => a.localeCompare(b))) {
    const module = file.replace(/^.*\/(\w+)\.ts$/, '$1');
    for (const [name, value] of Object.entries(exports))
      if (isCall(value) && !seen.has(value)) {
        seen.add(value);
        calls.push({ name: `${module}.${name}`, call: value });
      }
  }
  return calls;
})();

/** Who may make a call: decides the credentials a suite sends. */
export type Caller = 'visitor' | 'member' | 'agent' | 'launch' | 'ops';
export const callerOf = (c: AnyCall): Caller =>
  c.auth === 'ops'
    ? 'ops'
    : c.auth === 'launch'
      ? 'launch'
      : c.auth === 'token'
        ? c.agentOnly
          ? 'agent'
          : 'member'
        : 'visitor';
