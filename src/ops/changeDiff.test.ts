import { describe, expect, it } from 'vitest';
import { changeDiff } from './changeDiff.ts';

describe('changeDiff', () => {
  it('lists only the values that move, by path, old and new', () => {
    expect(
      changeDiff(
        { rates: { RNG: 80, LIVE: 50 }, minClaim: 100, segments: [{ amount: 1 }] },
        { rates: { RNG: 300 }, minClaim: 100, segments: [{ amount: 2 }, { amount: 3 }] },
      ),
    ).toEqual([
      { path: 'rates.RNG', before: '80', after: '300' },
      { path: 'rates.LIVE', before: '50', after: null },
      { path: 'segments.0.amount', before: '1', after: '2' },
      { path: 'segments.1.amount', before: null, after: '3' },
    ]);
  });

  it('shows everything as new when nothing is in force yet', () => {
    expect(changeDiff(null, { reward: 1_000, settings: { kind: 'SIGN_IN' } })).toEqual([
      { path: 'reward', before: null, after: '1000' },
      { path: 'settings.kind', before: null, after: 'SIGN_IN' },
    ]);
  });
});
