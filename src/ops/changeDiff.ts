/** One value that a change moves: where it is in the rules or the promotion, and what it was and becomes. */
export interface DiffLine {
  path: string;
  before: string | null;
  after: string | null;
}

const show = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

function leaves(value: unknown, path: string, out: Map<string, string>): Map<string, string> {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value)
      ? value.map((v, i) => [String(i), v] as const)
      : Object.entries(value);
    if (entries.length === 0) out.set(path, show(value));
    for (const [k, v] of entries) leaves(v, path ? `${path}.${k}` : k, out);
  } else out.set(path, show(value));
  return out;
}

/**
 * What a change moves, value by value (old → new), so an approver reads the 10,000,000.00 and not a wall of JSON;
 * a thing with nothing in force yet (a new promotion) shows every value as new.
 */
export function changeDiff(current: object | null, proposed: object): DiffLine[] {
  const before = current ? leaves(current, '', new Map()) : new Map<string, string>();
  const after = leaves(proposed, '', new Map());
  const paths = [...new Set([...before.keys(), ...after.keys()])];
  return paths
    .map((path) => ({ path, before: before.get(path) ?? null, after: after.get(path) ?? null }))
    .filter((l) => l.before !== l.after);
}
