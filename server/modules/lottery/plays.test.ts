import { describe, expect, it } from 'vitest';
import type { PlayType } from '../../../contract/lottery.ts';
import { numbersProblem, payout, priceLine, settleLine, tally, winUnits } from './plays.ts';
import { NORTH, parseNumbers, SOUTH } from './prizes.ts';
import { LOTTERY_RULES } from './rules.ts';

// A northern draw whose endings repeat: 45 ends DB (12345), G3 (00045) and G7 (45); 00 ends G1 and G5.
const north = parseNumbers(
  [
    '12345',
    '98700',
    '11111~22222',
    '00045~33333~44444~55555~66666~77777',
    '1234~5678~9012~3456',
    '0000~1357~2468~9753~8642~1122',
    '123~456~789',
    '45~09~99~10',
  ].join(','),
  NORTH,
);
// A southern draw: DB 6 digits ending 901, G8 two digits.
const south = parseNumbers(
  [
    '654901',
    '11223',
    '33445',
    '55667~77889',
    '10101~20202~30303~40404~50505~60606~70707',
    '8080',
    '1212~3434~5656',
    '999',
    '01',
  ].join(','),
  SOUTH,
);

describe('play types', () => {
  it('lô 2 số pays per prize ending in the number, ties counted', () => {
    expect(winUnits('LO2', ['45'], north)).toBe(3);
    expect(winUnits('LO2', ['00'], north)).toBe(2);
    expect(winUnits('LO2', ['99'], north)).toBe(1);
    expect(winUnits('LO2', ['98'], north)).toBe(0);
    expect(winUnits('LO2', ['01'], south)).toBe(3); // DB 654901, G4 10101 and G8 01
  });

  it('đề is the last two digits of DB only; 3 càng its last three', () => {
    expect(winUnits('DE', ['45'], north)).toBe(1);
    expect(winUnits('DE', ['00'], north)).toBe(0); // 00 is drawn, but not at DB
    expect(winUnits('BA_CANG', ['345'], north)).toBe(1);
    expect(winUnits('BA_CANG', ['045'], north)).toBe(0); // G3 00045 does not count
    expect(winUnits('BA_CANG', ['901'], south)).toBe(1);
  });

  it('xiên wins once when every number is among the endings', () => {
    expect(winUnits('XIEN2', ['45', '00'], north)).toBe(1);
    expect(winUnits('XIEN3', ['45', '00', '99'], north)).toBe(1);
    expect(winUnits('XIEN4', ['45', '00', '99', '98'], north)).toBe(0);
    expect(winUnits('XIEN2', ['01', '99'], south)).toBe(1);
  });

  it('refuses malformed numbers: wrong count, digits, repeats', () => {
    expect(numbersProblem('LO2', ['7'])).toMatch(/exactly 2 digits/);
    expect(numbersProblem('LO2', ['07'])).toBeNull();
    expect(numbersProblem('DE', ['07', '08'])).toMatch(/takes 1 number/);
    expect(numbersProblem('BA_CANG', ['99'])).toMatch(/exactly 3 digits/);
    expect(numbersProblem('XIEN3', ['10', '10', '20'])).toBe('The numbers must be different');
    expect(numbersProblem('XIEN2', ['1a', '20'])).toMatch(/digits/);
  });

  it('prices points by the server: cost = points × point cost, each hit pays points × win per point', () => {
    const lo = LOTTERY_RULES.defaults.plays.LO2;
    expect(priceLine(lo, 'NORTH', 3)).toEqual({ stake: 8_100n, winPerHit: 28_500n });
    expect(priceLine(lo, 'SOUTH', 3)).toEqual({ stake: 5_400n, winPerHit: 28_500n });
    const xien2 = LOTTERY_RULES.defaults.plays.XIEN2;
    expect(priceLine(xien2, 'SOUTH', 10)).toEqual({ stake: 1_000n, winPerHit: 34_400n });
  });

  it('settles a bet: its hits × what each hit pays', () => {
    const bet = (playType: PlayType, numbers: string[]) => ({ playType, numbers, winPerHit: 9_500n });
    expect(settleLine(bet('LO2', ['45']), tally(north))).toEqual({ units: 3, win: 28_500n });
    expect(settleLine(bet('XIEN2', ['45', '00']), tally(north))).toEqual({ units: 1, win: 9_500n });
    expect(settleLine(bet('LO2', ['98']), tally(north))).toEqual({ units: 0, win: 0n });
    expect(payout(1_000n, 0)).toBe(0n);
  });
});
