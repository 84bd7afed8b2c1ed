import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { z } from 'zod';
import type { AnyCall } from '../../contract/call.ts';
import { CONTROL_CHARACTERS, type Hints, hostile, validish, withControlCharacter } from './arbitraries.ts';

/** One request's parts as generated, before they are put on the wire. */
export interface Input {
  params?: unknown;
  query?: unknown;
  body?: unknown;
  /** A body that is not JSON of the call's shape at all: malformed JSON, another content type. */
  raw?: { contentType: string; payload: string };
  /** Put in place of every path parameter as it is, not %-encoded: broken escapes, dot segments. */
  rawParam?: string;
  /** A control character was put here (the field's dotted path in its part): the reply must be 400 naming it. */
  controlAt?: string;
}

const parts = ['params', 'query', 'body'] as const;
const sends = (c: AnyCall, part: (typeof parts)[number]) =>
  part === 'body' ? c.method !== 'GET' && c.method !== 'DELETE' : Boolean(c[part]);

/** What a call's schemas allow (a body-less POST gets an empty object, as the SPA sends). */
export function validRequest(c: AnyCall, hints: Hints): fc.Arbitrary<Input> {
  return fc.record({
    params: c.params ? validish(c.params, hints) : fc.constant(undefined),
    query: c.query ? validish(c.query, hints) : fc.constant(undefined),
    body: c.body ? validish(c.body, hints) : fc.constant(sends(c, 'body') ? {} : undefined),
  });
}

const RAW_PARAMS = ['%', '%E0%A4%A', '%C0%AF', '..', '%2e%2e%2f%2e%2e%2f', '%00', '1%0d%0aSet-Cookie:x=1'];
const RAW_BODIES = [
  { contentType: 'application/json', payload: '{"amount": 1,' },
  { contentType: 'application/json', payload: `[${'['.repeat(5_000)}` },
  { contentType: 'application/json', payload: '{"__proto__": {"isAdmin": true}}' },
  { contentType: 'application/json', payload: '"just a string"' },
  { contentType: 'application/json', payload: 'null' },
  { contentType: 'text/plain', payload: 'amount=1' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'amount=1&requestId=x' },
  { contentType: 'multipart/form-data; boundary=x', payload: '--x\r\nbroken' },
];

/** Requests broken in one part (params, query, body, or a body that is no JSON object), the rest valid-ish. */
export function hostileRequest(c: AnyCall, hints: Hints): fc.Arbitrary<Input> {
  const valid = validRequest(c, hints);
  const variants: fc.Arbitrary<Input>[] = [];
  for (const part of parts) {
    // Any call may get a query string; path parameters only where the path has them.
    if (part !== 'query' && !sends(c, part)) continue;
    const schema = c[part];
    // A part the call does not declare still arrives from a hostile client: it must be ignored or refused.
    const broken = schema ? hostile(schema, hints) : hostile(validishShape);
    variants.push(fc.tuple(valid, broken).map(([input, value]) => ({ ...input, [part]: value })));
  }
  if (sends(c, 'body'))
    variants.push(fc.tuple(valid, fc.constantFrom(...RAW_BODIES)).map(([input, raw]) => ({ ...input, raw })));
  if (c.params)
    variants.push(
      fc.tuple(valid, fc.constantFrom(...RAW_PARAMS)).map(([input, rawParam]) => ({ ...input, rawParam })),
    );
  return fc.oneof(...variants);
}

/**
 * A valid-ish request with a control character in one of its strings (query, path or body); a call without any
 * string gets it in an undeclared query value, which the server reads as well.
 */
export function controlRequest(c: AnyCall, hints: Hints): fc.Arbitrary<Input> {
  const valid = validRequest(c, hints).map(({ params, query, body }) => ({ params, query, body }));
  return fc
    .tuple(withControlCharacter(valid), fc.constantFrom(...CONTROL_CHARACTERS))
    .map(([{ value, at }, char]) => {
      const input = value as Input;
      if (at === undefined)
        return { ...input, query: { ...(input.query as object), q: `x${char}` }, controlAt: 'q' };
      const [, ...field] = at.split('.');
      return { ...input, controlAt: field.join('.') || '_' };
    });
}

// A stand-in schema for parts a call does not declare: some object.
const validishShape = z.object({ x: z.string() });

const text = (v: unknown) => (typeof v === 'string' ? v : v === null ? '' : (JSON.stringify(v) ?? ''));
/** A lone surrogate cannot be put in a URL (encodeURIComponent throws): it travels as U+FFFD, as a browser sends it. */
const wellFormed = (s: string) =>
  s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** The request on the wire: path parameters encoded into the path, query values as text (repeated for arrays). */
export function toInject(c: AnyCall, input: Input, headers: Record<string, string>): InjectOptions {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = c.path.replace(/:(\w+)/g, (_, name: string) =>
    input.rawParam !== undefined
      ? input.rawParam
      : encodeURIComponent(
          wellFormed(typeof params === 'object' && params ? text(params[name]) : text(params)),
        ),
  );
  const search = new URLSearchParams();
  if (input.query && typeof input.query === 'object' && !Array.isArray(input.query)) {
    for (const [k, v] of Object.entries(input.query)) {
      if (v === undefined) continue;
      for (const one of Array.isArray(v) ? v : [v]) search.append(k, text(one));
    }
  } else if (input.query !== undefined) search.append('q', text(input.query));
  const qs = search.toString();
  const base: InjectOptions = { method: c.method, url: qs ? `${path}?${qs}` : path, headers: { ...headers } };
  if (input.raw)
    return {
      ...base,
      headers: { ...base.headers, 'content-type': input.raw.contentType },
      payload: input.raw.payload,
    };
  if (input.body === undefined) return base;
  return {
    ...base,
    headers: { ...base.headers, 'content-type': 'application/json' },
    payload: JSON.stringify(input.body) ?? 'null',
  };
}

/** Whether generated parts pass the call's own schemas (the server's first gate). */
export function passesSchemas(c: AnyCall, input: Input): boolean {
  if (input.raw || input.rawParam !== undefined || input.controlAt !== undefined) return false;
  for (const part of parts) {
    const schema = c[part];
    if (!schema) continue;
    let value = input[part];
    // On the wire a query or path value is text: parse what the server will see.
    if (part !== 'body' && value && typeof value === 'object')
      value = Object.fromEntries(
        Object.entries(value).flatMap(([k, v]) =>
          v === undefined ? [] : [[k, Array.isArray(v) ? v.map(text) : text(v)]],
        ),
      );
    if (!schema.safeParse(value).success) return false;
  }
  return true;
}
