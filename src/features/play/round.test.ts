import { describe, expect, it } from 'vitest';
import { newRequestId } from '../../api/requestId.ts';
import { awaitsRetry, initialRound, type RoundEvent, type RoundState, roundReducer } from './round.ts';

type S = RoundState<{ bet: number }, { win: number; balance: number }>;
const run = (...events: RoundEvent<{ bet: number }, { win: number; balance: number }>[]) =>
  events.reduce<S>((s, e) => roundReducer(s, e), initialRound());
const start = (requestId: string) => ({ type: 'start' as const, request: { bet: 100, requestId } });

describe('round state', () => {
  it('plays one round at a time and takes the balance of the reply', () => {
    const s = run(start('a'), start('b'), { type: 'settled', reply: { win: 0, balance: 900 } });
    expect(s).toMatchObject({ playing: false, pending: null, balance: 900, error: null });
  });

  it('keeps the request a network failure left unanswered, and forgets refused ones', () => {
    const lost = run(start('a'), { type: 'failed', error: { code: 'NETWORK' } });
    expect(awaitsRetry(lost)).toBe(true);
    expect(lost.pending?.requestId).toBe('a');
    const refused = run(start('a'), { type: 'failed', error: { code: 'VALIDATION' } });
    expect([awaitsRetry(refused), refused.pending]).toEqual([false, null]);
  });

  it('shows the real balance after insufficient funds, and ends on a refused token', () => {
    expect(
      run(start('a'), { type: 'failed', error: { code: 'INSUFFICIENT_FUNDS', balance: 42 } }).balance,
    ).toBe(42);
    const ended = run(start('a'), { type: 'failed', error: { code: 'UNAUTHORIZED' } }, start('b'));
    expect([ended.ended, ended.playing]).toEqual([true, false]);
  });

  it('makes v4 request ids, also where crypto.randomUUID is missing (plain-http origins)', () => {
    const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newRequestId()).toMatch(v4);
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const ids = new Set(Array.from({ length: 50 }, newRequestId));
      expect([...ids].every((id) => v4.test(id))).toBe(true);
      expect(ids.size).toBe(50);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
