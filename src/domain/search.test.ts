import { describe, expect, it } from 'vitest';
import { matching, oneOf, positiveInt, searchOf, text } from './search.ts';

const read = (validate: (s: never) => unknown, search: object) => validate(search as never);

describe('route search readers', () => {
  it('keeps good values and leaves out bad, unknown and missing ones', () => {
    const search = searchOf({ code: text(5), kind: oneOf(['A', 'B'] as const), name: matching(/^[a-z]+$/) });
    expect(read(search, { code: 'VN1P', kind: 'B', name: 'abc', other: 'x' })).toEqual({
      code: 'VN1P',
      kind: 'B',
      name: 'abc',
    });
    const bad = read(search, { code: 'TOOLONG', kind: 'C', name: 'ABC' }) as object;
    expect(bad).toEqual({});
    expect(Object.keys(bad)).toEqual([]);
    expect(read(search, { code: 12 })).toEqual({});
  });

  it('gives the fallback for a missing or bad value', () => {
    const search = searchOf({ t: text(3, ''), page: oneOf(['home', 'list'] as const, 'home') });
    expect(read(search, {})).toEqual({ t: '', page: 'home' });
    expect(read(search, { t: 'abcd', page: 'nope' })).toEqual({ t: '', page: 'home' });
    expect(read(search, { t: 'abc', page: 'list' })).toEqual({ t: 'abc', page: 'list' });
  });

  it('reads a positive whole number from a number or its digits', () => {
    expect([7, '7', ' 42 ', 2_147_483_647].map(positiveInt)).toEqual([7, 7, 42, 2_147_483_647]);
    expect([0, -1, 1.5, '1.5', '', 'x', null, 2_147_483_648, '1e3x'].map(positiveInt)).toEqual(
      Array(9).fill(undefined),
    );
  });
});
