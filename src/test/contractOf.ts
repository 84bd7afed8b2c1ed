import type { AnyCall } from '../../contract/call.ts';
import type { Route } from '../../contract/routes.ts';

const modules = import.meta.glob<Record<string, unknown>>(
  ['../../contract/*.ts', '!../../contract/*.test.ts'],
  {
    eager: true,
  },
);

const isCall = (v: unknown): v is AnyCall =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'response' in v;

const callsByRoute = new Map<string, AnyCall>();
for (const exports of Object.values(modules))
  for (const value of Object.values(exports))
    if (isCall(value)) callsByRoute.set(`${value.method} ${value.path}`, value);

/**
 * The contract call a client call stands for: the call itself, or the call of a route (contract/routes.ts). Fake
 * servers reply through its response schema, as the real server's serializer does, so replies keep the call's shape.
 */
export function contractOf<C extends AnyCall>(c: C | Route<C>): C {
  if (isCall(c)) return c as C;
  const call = callsByRoute.get(`${c.method} ${c.path}`);
  if (!call) throw new Error(`no contract call for ${c.method} ${c.path}`);
  return call as C;
}
