import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries derived from the contract's zod (v4) schemas: `validish` follows the schema (what a
 * well-behaved client could send, ids and names it cannot know aside), `hostile` breaks it in one place at a time
 * (wrong type, out of bounds, huge, odd unicode, injection text, a field missing or extra). A schema kind without a
 * mapping throws, so a new kind in the contract is noticed instead of silently fuzzed as nothing.
 */

type Schema = z.core.$ZodType;
// zod v4 keeps what a schema is in `_zod.def`, and each refinement's parameters in `checks[i]._zod.def`.
// biome-ignore lint/suspicious/noExplicitAny: zod's internal definitions differ per kind
type Def = { type: string; [key: string]: any };
const defOf = (s: Schema): Def => s._zod.def as unknown as Def;
const checksOf = (s: Schema): Def[] => (defOf(s).checks ?? []).map((c: Schema) => defOf(c));

/** Realistic values for fields of a given name (seeded codes, known ids), mixed into what the schema yields. */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

const DEFAULT_MAX_STRING = 40;
const DEFAULT_INT_RANGE = 1_000_000;

/** A schema's unwrapped inner type (optional, default …), and whether a parent object may leave its key out. */
function unwrap(s: Schema): { inner: Schema; omittable: boolean } {
  let inner = s;
  let omittable = false;
  for (;;) {
    const d = defOf(inner);
    if (d.type === 'optional' || d.type === 'default' || d.type === 'prefault') omittable = true;
    else if (d.type !== 'readonly' && d.type !== 'catch' && d.type !== 'nonoptional')
      return { inner, omittable };
    inner = d.innerType;
  }
}

interface Bounds {
  min?: number;
  max?: number;
  minInclusive: boolean;
  maxInclusive: boolean;
  int: boolean;
}
function numberBounds(s: Schema): Bounds {
  const b: Bounds = { minInclusive: true, maxInclusive: true, int: false };
  for (const c of checksOf(s)) {
    if (c.check === 'greater_than') [b.min, b.minInclusive] = [Number(c.value), c.inclusive];
    if (c.check === 'less_than') [b.max, b.maxInclusive] = [Number(c.value), c.inclusive];
    if (c.check === 'number_format' && /int/.test(c.format)) b.int = true;
  }
  return b;
}

function lengthBounds(s: Schema): { min: number; max?: number } {
  let min = 0;
  let max: number | undefined;
  for (const c of checksOf(s)) {
    if (c.check === 'min_length') min = c.minimum;
    if (c.check === 'max_length') max = c.maximum;
    if (c.check === 'length_equals') [min, max] = [c.length, c.length];
  }
  return { min, max };
}

/** The regular expression a string must match: its format's (uuid, date …) or a `.regex()` check's. */
function patternOf(s: Schema): RegExp | undefined {
  const d = defOf(s);
  if (d.pattern instanceof RegExp) return d.pattern;
  return checksOf(s).find((c) => c.check === 'string_format' && c.pattern instanceof RegExp)?.pattern;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const recentDate = fc.integer({ min: -400, max: 30 }).map((days) => new Date(Date.now() + days * 86_400_000));

function validString(s: Schema): fc.Arbitrary<string> {
  const d = defOf(s);
  const { min, max } = lengthBounds(s);
  const pattern = patternOf(s);
  if (d.format === 'date') return fc.oneof(recentDate.map(isoDay), fc.stringMatching(pattern!));
  if (d.format === 'datetime') return recentDate.map((x) => x.toISOString());
  if (d.format === 'uuid') return fc.uuid({ version: 4 });
  if (pattern)
    return fc
      .stringMatching(pattern)
      .filter((v) => v.length >= min && (max === undefined || v.length <= max));
  const maxLength = max ?? Math.max(min, DEFAULT_MAX_STRING);
  return fc.oneof(
    fc.string({ minLength: min, maxLength }),
    fc.string({ minLength: min, maxLength, unit: 'grapheme' }),
  );
}

function validNumber(s: Schema): fc.Arbitrary<number> {
  const b = numberBounds(s);
  if (b.int) {
    const min = b.min === undefined ? -DEFAULT_INT_RANGE : Math.ceil(b.min) + (b.minInclusive ? 0 : 1);
    const max =
      b.max === undefined ? min + 2 * DEFAULT_INT_RANGE : Math.floor(b.max) - (b.maxInclusive ? 0 : 1);
    // Small values find the seeded rows (ids, counts); the whole range finds the edges.
    return fc.oneof(fc.integer({ min, max: Math.min(max, min + 50) }), fc.integer({ min, max }));
  }
  return fc.double({
    min: b.min ?? -DEFAULT_INT_RANGE,
    max: b.max ?? DEFAULT_INT_RANGE,
    minExcluded: !b.minInclusive,
    maxExcluded: !b.maxInclusive,
    noNaN: true,
  });
}

/** Inputs that follow the schema. `hints` by field name add realistic values beside the generated ones. */
export function validish(s: Schema, hints: Hints = {}): fc.Arbitrary<unknown> {
  const d = defOf(s);
  switch (d.type) {
    case 'object': {
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      const requiredKeys: string[] = [];
      for (const [key, field] of Object.entries(d.shape as Record<string, Schema>)) {
        const { inner, omittable } = unwrap(field);
        const own = validish(inner, hints);
        model[key] = hints[key] ? fc.oneof({ weight: 3, arbitrary: hints[key] }, own) : own;
        // A field left out half the time at most: its default or absence is one case among many.
        if (!omittable) requiredKeys.push(key);
      }
      return fc.record(model, { requiredKeys });
    }
    case 'string':
      return validString(s);
    case 'number':
      return validNumber(s);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(d.entries as Record<string, string | number>));
    case 'literal':
      return fc.constantFrom(...(d.values as unknown[]));
    case 'array': {
      const { min, max } = lengthBounds(s);
      return fc.array(validish(d.element, hints), { minLength: min, maxLength: Math.min(max ?? 5, min + 5) });
    }
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(validish(d.innerType, hints), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(validish(d.innerType, hints), { nil: null, freq: 4 });
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return validish(d.innerType, hints);
    case 'union':
      return fc.oneof(...(d.options as Schema[]).map((o) => validish(o, hints)));
    case 'record': {
      const value = validish(d.valueType, hints);
      const keys =
        defOf(d.keyType).type === 'enum' ? Object.values(defOf(d.keyType).entries as object) : null;
      if (!keys) return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), value, { maxKeys: 4 });
      // A record over an enum needs every key, unless it is partial (z.partialRecord).
      return fc.record(Object.fromEntries(keys.map((k) => [String(k), value])), {
        requiredKeys: d.partial ? [] : keys.map(String),
      });
    }
    case 'pipe':
      return validish(d.in, hints);
    case 'lazy':
      return validish(d.getter(), hints);
    case 'null':
      return fc.constant(null);
    case 'undefined':
      return fc.constant(undefined);
    case 'unknown':
    case 'any':
      return fc.jsonValue({ maxDepth: 2 });
    default:
      throw new Error(`No arbitrary for a zod ${d.type}: add it to server/quality/arbitraries.ts`);
  }
}

/** Text an attacker or a broken client sends: injection, markup, control and odd unicode, sheer size. */
const NASTY_TEXT = [
  "' OR '1'='1' --",
  "'; drop table members; --",
  '1; select pg_sleep(5)',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  // Template syntaxes of several engines; \u0024 is the dollar sign.
  '{{7*7}}\u0024{7*7}#{7*7}',
  '../../../../etc/passwd',
  '%00',
  'nul\u0000byte',
  '\u202Eevil\u202C',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'ｆｕｌｌｗｉｄｔｈ',
  '\uD800',
  ' ',
  '',
  '__proto__',
  'null',
  'NaN',
  'Infinity',
  '-1',
  '1e999',
  '0x7fffffff',
];
const NASTY_NUMBERS = [
  -1,
  0,
  -0,
  0.5,
  -0.000001,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  1e21,
];
// JSON.parse makes `__proto__` an own key, as a request body would carry it.
const PROTO_KEYS = JSON.parse(
  '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"isAdmin": true}}}',
);
const JUNK: unknown[] = [null, true, false, {}, [], [1, 2], { $gt: '' }, PROTO_KEYS];

const hugeString = fc
  .constantFrom(10_000, 100_000, 600_000)
  .chain((n) => fc.constantFrom('a'.repeat(n), '😀'.repeat(n / 2), `${'<b>'.repeat(n / 3)}`));
const nastyText = fc.oneof(fc.constantFrom(...NASTY_TEXT), hugeString, fc.string({ unit: 'binary' }));
const nastyNumber = fc.oneof(
  fc.constantFrom(...NASTY_NUMBERS),
  fc.double(),
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e400', '12abc', ' 7 ', '0x10', '1_000'),
);
const junk = fc.constantFrom(...JUNK);

/** A value breaking `s` right here: out of its bounds or pattern, of another type, or nasty anyway. */
function brokenLeaf(s: Schema): fc.Arbitrary<unknown> {
  const { inner } = unwrap(s);
  const d = defOf(inner);
  const others = fc.oneof(nastyText, nastyNumber, junk);
  switch (d.type) {
    case 'string': {
      const { min, max } = lengthBounds(inner);
      const edges: fc.Arbitrary<unknown>[] = [nastyText, nastyNumber, junk];
      if (max !== undefined) edges.push(fc.constant('x'.repeat(max + 1)));
      if (min > 0) edges.push(fc.constant('x'.repeat(min - 1)));
      return fc.oneof(...edges);
    }
    case 'number': {
      const b = numberBounds(inner);
      const edges: fc.Arbitrary<unknown>[] = [nastyNumber, nastyText, junk];
      if (b.min !== undefined) edges.push(fc.constant(b.min - (b.int ? 1 : 0.001)));
      if (b.max !== undefined) edges.push(fc.constant(b.max + (b.int ? 1 : 0.001)));
      if (b.int) edges.push(fc.constant(1.5));
      return fc.oneof(...edges);
    }
    case 'pipe':
      return brokenLeaf(d.in);
    default:
      return others;
  }
}

/** Inputs that break `s` in one place (deep or at the top), the rest of them valid-ish. */
export function hostile(s: Schema, hints: Hints = {}): fc.Arbitrary<unknown> {
  const { inner } = unwrap(s);
  const d = defOf(inner);
  if (d.type === 'pipe') return hostile(d.in, hints);
  if (d.type === 'lazy') return hostile(d.getter(), hints);
  if (d.type === 'union')
    return fc.oneof(...(d.options as Schema[]).map((o) => hostile(o, hints)), brokenLeaf(inner));
  if (d.type === 'array')
    return fc.oneof(
      brokenLeaf(inner),
      fc.array(hostile(d.element, hints), { minLength: 1, maxLength: 3 }),
      fc.constant(Array.from({ length: 5_000 }, (_, i) => i)),
    );
  if (d.type !== 'object') return brokenLeaf(inner);
  const shape = d.shape as Record<string, Schema>;
  const keys = Object.keys(shape);
  const whole = validish(inner, hints) as fc.Arbitrary<Record<string, unknown>>;
  const variants: fc.Arbitrary<unknown>[] = [
    brokenLeaf(inner),
    whole.map((o) => ({ ...o, ...PROTO_KEYS, [`x${'y'.repeat(300)}`]: 1 })),
  ];
  if (keys.length > 0) {
    const key = fc.constantFrom(...keys);
    variants.push(
      fc.tuple(whole, key).chain(([o, k]) => hostile(shape[k]!, hints).map((v) => ({ ...o, [k]: v }))),
      fc.tuple(whole, key).map(([o, k]) => {
        const { [k]: _gone, ...rest } = o;
        return rest;
      }),
    );
  }
  return fc.oneof(...variants);
}

/**
 * The control characters refused in any request string (tab, line feed and carriage return may stay in a body's
 * multi-line text, so they are left out here). A NUL reaching PostgreSQL was a 500 on about 20 calls.
 */
export const CONTROL_CHARACTERS = [...Array.from({ length: 32 }, (_, c) => c), 0x7f]
  .filter((c) => c !== 0x09 && c !== 0x0a && c !== 0x0d)
  .map((c) => String.fromCharCode(c));

type Path = (string | number)[];

function stringPaths(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'string') return [path];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) =>
    stringPaths(v, [...path, Array.isArray(value) ? Number(k) : k]),
  );
}

function replaceAt(value: unknown, [head, ...rest]: Path, put: (s: string) => string): unknown {
  if (head === undefined) return put(value as string);
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = replaceAt(copy[head], rest, put);
  return copy;
}

/**
 * `value` with a control character put into one of its strings, and the dotted path of that string; `at` is
 * undefined when `value` holds no string.
 */
export function withControlCharacter(
  value: fc.Arbitrary<unknown>,
): fc.Arbitrary<{ value: unknown; at?: string }> {
  return fc
    .tuple(value, fc.nat(), fc.nat(), fc.constantFrom(...CONTROL_CHARACTERS))
    .map(([v, pick, position, char]) => {
      const paths = stringPaths(v);
      if (paths.length === 0) return { value: v };
      const path = paths[pick % paths.length]!;
      const put = (s: string) => {
        const at = position % (s.length + 1);
        return s.slice(0, at) + char + s.slice(at);
      };
      return { value: replaceAt(v, path, put), at: path.join('.') };
    });
}
