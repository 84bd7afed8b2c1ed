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

  it.each([
    ['၁,၂၃၄.၅၀', 123_450], // Burmese, as the screen shows amounts in my
    ['১০০', 10_000], // Bengali
    ['๑๐๐.๕', 10_050], // Thai
    ['១០០', 10_000], // Khmer
    ['໑໐໐', 10_000], // Lao
    ['१,०००', 100_000], // Devanagari
    ['１００．５', 10_050], // full width, as a CJK input method types it
  ])('reads %s typed in its own digits', (text, minor) => {
    expect(parseAmount(text)).toEqual({ ok: true, minor });
  });

  it('still refuses what is not an amount in any digits', () => {
    expect(parseAmount('၁.၂၃၄')).toEqual({ ok: false, problem: { kind: 'decimals' } });
    expect(parseAmount('၁x')).toEqual({ ok: false, problem: { kind: 'format' } });
  });
});
