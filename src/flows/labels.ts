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

type GuardLike =
  | string
  | { type: string; params?: unknown }
  | (((...args: never[]) => unknown) & { guards?: GuardLike[]; check?: unknown });

/** 'isMaintenance', 'statusIs(PROPOSED)', 'hasNoContract && isDownline', '!isOpen'; an inline function by its name. */
export function guardLabel(guard: GuardLike): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const inner = (guard.guards ?? []).map(guardLabel);
    if (guard.check && guard.name === 'not') return `!${inner[0]}`;
    if (guard.check && guard.name === 'and') return inner.join(' && ');
    if (guard.check && guard.name === 'or') return inner.join(' || ');
    return guard.name || 'guard';
  }
  const { params } = guard;
  return typeof params === 'string' || typeof params === 'number' ? `${guard.type}(${params})` : guard.type;
}
