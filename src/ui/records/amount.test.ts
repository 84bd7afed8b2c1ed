import { describe, expect, it } from 'vitest';
import { parseAmount } from './amount.ts';

describe('parseAmount', () => {
  it.each([
    ['100', 10_000],
    ['100.5', 10_050],
    ['100.05', 10_005],
    ['0.01', 1],
    ['.5', 50],
    ['7.', 700],
    ['1,234.56', 123_456],
    ['1 234 567', 123_456_700],
    ['  42  ', 4_200],
    ['007', 700],
  ])('reads %j as %i minor units', (text, minor) => {
    expect(parseAmount(text)).toEqual({ ok: true, minor });
  });

  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['abc', 'format'],
    ['-5', 'format'],
    ['1e3', 'format'],
    ['12,34', 'format'],
    ['1.2.3', 'format'],
    ['.', 'format'],
    ['10.555', 'decimals'],
    ['0', 'positive'],
    ['0.00', 'positive'],
    ['99999999999999', 'max'],
  ])('refuses %j (%s)', (text, kind) => {
    const r = parseAmount(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem.kind).toBe(kind);
  });

  it('checks the bounds in minor units', () => {
    expect(parseAmount('9.99', { min: 1000 })).toEqual({ ok: false, problem: { kind: 'min', min: 1000 } });
    expect(parseAmount('10', { min: 1000 })).toEqual({ ok: true, minor: 1000 });
    expect(parseAmount('50000.01', { max: 5_000_000 })).toEqual({
      ok: false,
      problem: { kind: 'max', max: 5_000_000 },
    });
  });

  it('never goes through floats (0.29 is 29, not 28.999…)', () => {
    expect(parseAmount('0.29')).toEqual({ ok: true, minor: 29 });
    expect(parseAmount('1.15')).toEqual({ ok: true, minor: 115 });
  });
});
