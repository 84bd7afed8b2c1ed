/**
 * How the diagrams, their text alternative and `npm run paths` name events and guards. They are XState's own words
 * (`after`, `always`, an invoked actor's done and error) and the machines' identifiers, as in machines/*.ts, so they
 * are not translated.
 */

/** 'user.submit'; 'done: logIn', 'error: logIn' (an invoked actor); 'after recheckDelay', 'after 500 ms'; 'always'. */
export function eventLabel(type: string): string {
  const parts = type.split('.');
  if (type.startsWith('xstate.done.actor.')) return `done: ${parts.slice(3).join('.')}`;
  if (type.startsWith('xstate.error.actor.')) return `error: ${parts.slice(3).join('.')}`;
  if (type.startsWith('xstate.after.')) {
    const delay = parts[2] ?? '';
    return `after ${/^\d+$/.test(delay) ? `${delay} ms` : delay}`;
  }
  if (type.startsWith('xstate.done.state.')) return 'done';
  return type === '' ? 'always' : type;
}

export type GuardLike =
  | string
  | { type: string; params?: unknown }
  | (((...args: never[]) => unknown) & { guards?: GuardLike[]; check?: unknown });

/** A guard as a tree: XState's `not`/`and`/`or` over named guards ('statusIs(PROPOSED)': name and parameter). */
export type GuardTree =
  | { op: 'not' | 'and' | 'or'; items: GuardTree[] }
  | { op: 'is'; name: string; code: string };

export function guardTree(guard: GuardLike): GuardTree {
  if (typeof guard === 'string') return { op: 'is', name: guard, code: guard };
  if (typeof guard === 'function') {
    const items = (guard.guards ?? []).map(guardTree);
    if (guard.check && (guard.name === 'not' || guard.name === 'and' || guard.name === 'or'))
      return { op: guard.name, items };
    const name = guard.name || 'guard';
    return { op: 'is', name, code: name };
  }
  const { params } = guard;
  const code =
    typeof params === 'string' || typeof params === 'number' ? `${guard.type}(${params})` : guard.type;
  return { op: 'is', name: guard.type, code };
}

const codeOf = (tree: GuardTree): string => {
  if (tree.op === 'is') return tree.code;
  const inner = tree.items.map(codeOf);
  return tree.op === 'not' ? `!${inner[0]}` : inner.join(tree.op === 'and' ? ' && ' : ' || ');
};

/** 'isMaintenance', 'statusIs(PROPOSED)', 'hasNoContract && isDownline', '!isOpen'; an inline function by its name. */
export const guardLabel = (guard: GuardLike): string => codeOf(guardTree(guard));
