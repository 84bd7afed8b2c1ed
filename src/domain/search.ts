import type { SearchSchemaInput } from '@tanstack/react-router';
import { isOneOf } from '../../contract/constants.ts';

/**
 * Route search fields, read leniently: a link with a missing or bad value still opens its page, without what it
 * cannot use. Plain readers rather than zod schemas because every route's options are in the first page's code,
 * which carries no zod (contract/constants.ts).
 */
export type Reader<T> = (value: unknown) => T;

/** A string of at most `max` characters, else `fallback`. */
export const text =
  <F extends string | undefined = undefined>(max: number, fallback?: F): Reader<string | F> =>
  (v) =>
    typeof v === 'string' && v.length <= max ? v : (fallback as F);

/** A string that matches `re` (anchored), else nothing. */
export const matching =
  (re: RegExp): Reader<string | undefined> =>
  (v) =>
    typeof v === 'string' && re.test(v) ? v : undefined;

/** One of `values`, else `fallback`. */
export const oneOf =
  <T extends string, F extends T | undefined = undefined>(
    values: readonly T[],
    fallback?: F,
  ): Reader<T | F> =>
  (v) =>
    isOneOf(values, v) ? v : (fallback as F);

/** A whole number from 1 to the database's integer maximum, given as a number or as its digits. */
export const positiveInt: Reader<number | undefined> = (v) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined;
};

type Read<S> = { [K in keyof S]: S[K] extends Reader<infer T> ? T : never };

/**
 * A route's `validateSearch` from a reader per field: unknown fields and empty values are left out. Every field is
 * optional in links to the route (each reader has its own fallback).
 */
export const searchOf =
  <S extends Record<string, Reader<unknown>>>(fields: S) =>
  (search: Partial<Read<S>> & SearchSchemaInput): Read<S> => {
    const read: Record<string, unknown> = {};
    for (const [key, reader] of Object.entries(fields)) {
      const value = reader((search as Record<string, unknown>)[key]);
      if (value !== undefined) read[key] = value;
    }
    return read as Read<S>;
  };
