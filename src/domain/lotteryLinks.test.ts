import { describe, expect, it } from 'vitest';
import { isLotteryType, lotteryEntry, vendorTag } from './lotteryLinks.ts';

describe('lottery entries (spec §2 path map: lottery → /lotteryCenter)', () => {
  it('opens the centre on the category; the Keno vendor on its tab', () => {
    expect(lotteryEntry('LOTT')).toEqual({
      kind: 'centre',
      to: '/lotteryCenter',
      search: { prizeMode: 'Lott' },
    });
    expect(lotteryEntry('LOTT', 'TCG_LOTTO_VN').search).toEqual({ prizeMode: 'Lott' });
    expect(lotteryEntry('ELOTT').search).toEqual({ prizeMode: 'Elott' });
    expect(lotteryEntry('ELOTT', 'GPI').search).toEqual({ prizeMode: 'Elott', tag: 'KENO' });
  });

  it('starts TCG_SEA’s game: its first (fast) lottery’s betting page', () => {
    expect(lotteryEntry('ELOTT', 'TCG_SEA')).toEqual({
      kind: 'start',
      to: '/lottery',
      search: { vendor: 'TCG_SEA' },
    });
    expect(vendorTag('TCG_SEA')).toBe('FAST');
    expect(vendorTag('TCG_LOTTO_VN')).toBeUndefined();
    expect(vendorTag(undefined)).toBeUndefined();
  });

  it('knows the lottery game types', () => {
    expect(['LOTT', 'ELOTT', 'RNG', 'SPORTS'].map((t) => isLotteryType(t as 'LOTT'))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
