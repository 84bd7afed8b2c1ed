import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { connectJackpotTicker } from './jackpotTicker.connect.ts';
import { jackpotTickerWalk } from './jackpotTicker.events.ts';
import {
  between,
  DEFAULT_JACKPOT_RANGE,
  draw,
  INCREMENT_RANGE,
  intervalOf,
  type JackpotTickerInput,
  jackpotTickerMachine,
} from './jackpotTicker.machine.ts';

const selectJackpot = (s: Parameters<typeof connectJackpotTicker>[0]) =>
  connectJackpotTicker(s, () => {}).jackpot;
const selectJackpotPaused = (s: Parameters<typeof connectJackpotTicker>[0]) =>
  connectJackpotTicker(s, () => {}).paused;

import { declaredTransitions, statePaths, walked } from './test/machineGraph.ts';
import { coverage, transitionPaths } from './test/transitionPaths.ts';

describe('jackpotTicker: generated paths', () => {
  const paths = transitionPaths(jackpotTickerWalk.machine, jackpotTickerWalk.events);

  it('visit every state and take every declared transition', () => {
    expect([...coverage(paths).states].sort()).toEqual(['"paused"', '"running"']);
    const seen = walked(jackpotTickerMachine, paths);
    expect([...seen.states].sort()).toEqual(statePaths(jackpotTickerMachine).sort());
    for (const t of declaredTransitions(jackpotTickerMachine)) expect(seen.transitions, t).toContain(t);
  });
});

describe('jackpotTicker: random draws', () => {
  it('map a draw onto an inclusive integer range', () => {
    expect(between(INCREMENT_RANGE, 0)).toBe(10_000);
    expect(between(INCREMENT_RANGE, 0.5)).toBe(30_000);
    expect(between(INCREMENT_RANGE, 1 - 2 ** -32)).toBe(50_000);
  });

  it('pick 3, 4 or 5 s with the same chance', () => {
    expect([0, 0.33, 0.34, 0.66, 0.67, 1 - 2 ** -32].map(intervalOf)).toEqual([
      3000, 3000, 4000, 4000, 5000, 5000,
    ]);
  });

  it('come from a generator that depends on its state only, and stays in [0, 1)', () => {
    expect(draw(7)).toEqual(draw(7));
    let seed = 1;
    const rs = Array.from({ length: 1000 }, () => {
      const d = draw(seed);
      seed = d.seed;
      return d.r;
    });
    for (const r of rs) expect(r >= 0 && r < 1, String(r)).toBe(true);
    // Spread over the whole interval, not stuck in a corner.
    expect(Math.min(...rs)).toBeLessThan(0.01);
    expect(Math.max(...rs)).toBeGreaterThan(0.99);
  });
});

const start = (input: JackpotTickerInput) => createActor(jackpotTickerMachine, { input }).start();

describe('jackpotTicker: start', () => {
  it('starts at a random value of 200,000,000 to 990,000,000 by default', () => {
    const values = Array.from({ length: 300 }, (_, seed) => selectJackpot(start({ seed }).getSnapshot()));
    for (const v of values) {
      expect(Number.isInteger(v)).toBe(true);
      expect(v).toBeGreaterThanOrEqual(DEFAULT_JACKPOT_RANGE.min);
      expect(v).toBeLessThanOrEqual(DEFAULT_JACKPOT_RANGE.max);
    }
    // Random: seeds give different figures, across the range.
    expect(new Set(values).size).toBeGreaterThan(290);
    expect(Math.min(...values)).toBeLessThan(250_000_000);
    expect(Math.max(...values)).toBeGreaterThan(940_000_000);
  });

  it('starts in the range it is given', () => {
    for (let seed = 0; seed < 50; seed++) {
      const v = selectJackpot(start({ seed, range: { min: 1000, max: 1005 } }).getSnapshot());
      expect(v).toBeGreaterThanOrEqual(1000);
      expect(v).toBeLessThanOrEqual(1005);
    }
  });

  it('starts at the kept figure, even one that has grown past the range', () => {
    expect(selectJackpot(start({ start: 456_789_012, seed: 1 }).getSnapshot())).toBe(456_789_012);
    expect(selectJackpot(start({ start: 1_234_567_890, seed: 1 }).getSnapshot())).toBe(1_234_567_890);
  });

  it('ignores a kept figure that is not a positive integer', () => {
    for (const kept of [null, Number.NaN, -5, 0, 1.5, Number.POSITIVE_INFINITY]) {
      const v = selectJackpot(start({ start: kept, seed: 3 }).getSnapshot());
      expect(v).toBe(selectJackpot(start({ seed: 3 }).getSnapshot()));
      expect(v).toBeGreaterThanOrEqual(DEFAULT_JACKPOT_RANGE.min);
    }
  });

  it('starts without a seed too (Math.random), and is running', () => {
    const s = start({}).getSnapshot();
    expect(s.value).toBe('running');
    expect(selectJackpotPaused(s)).toBe(false);
    expect(selectJackpot(s)).toBeGreaterThanOrEqual(DEFAULT_JACKPOT_RANGE.min);
  });
});

describe('jackpotTicker: growth on the clock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('grows every 3, 4 or 5 s (picked each time) by 10,000 to 50,000', async () => {
    const actor = start({ start: 500_000_000, seed: 2024 });
    const intervals: number[] = [];
    const increments: number[] = [];
    for (let i = 0; i < 200; i++) {
      const { value, interval } = actor.getSnapshot().context;
      intervals.push(interval);
      // Nothing happens until the interval is over …
      await vi.advanceTimersByTimeAsync(interval - 1);
      expect(selectJackpot(actor.getSnapshot())).toBe(value);
      // … then the figure grows, once.
      await vi.advanceTimersByTimeAsync(1);
      increments.push(selectJackpot(actor.getSnapshot()) - value);
    }
    expect(new Set(intervals)).toEqual(new Set([3000, 4000, 5000]));
    for (const inc of increments) {
      expect(inc).toBeGreaterThanOrEqual(10_000);
      expect(inc).toBeLessThanOrEqual(50_000);
    }
    // The increments are random: spread over the range, not one value.
    expect(Math.min(...increments)).toBeLessThan(15_000);
    expect(Math.max(...increments)).toBeGreaterThan(45_000);
  });

  it('the same seed grows the same way (what a view given that seed shows)', async () => {
    const a = start({ seed: 9 });
    const b = start({ seed: 9 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(a.getSnapshot().context).toEqual(b.getSnapshot().context);
    expect(selectJackpot(a.getSnapshot())).toBeGreaterThan(selectJackpot(start({ seed: 9 }).getSnapshot()));
  });

  it('pauses while the page is hidden and waits a whole interval once visible again', async () => {
    const actor = start({ start: 300_000_000, seed: 5 });
    const { interval } = actor.getSnapshot().context;
    await vi.advanceTimersByTimeAsync(interval - 1);
    actor.send({ type: 'visibility.hidden' });
    expect(selectJackpotPaused(actor.getSnapshot())).toBe(true);
    // No timer runs in a background tab: an hour later the figure has not moved.
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(selectJackpot(actor.getSnapshot())).toBe(300_000_000);
    // Hidden again changes nothing.
    actor.send({ type: 'visibility.hidden' });
    expect(actor.getSnapshot().value).toBe('paused');
    actor.send({ type: 'visibility.visible' });
    expect(actor.getSnapshot().value).toBe('running');
    await vi.advanceTimersByTimeAsync(interval - 1);
    expect(selectJackpot(actor.getSnapshot())).toBe(300_000_000);
    await vi.advanceTimersByTimeAsync(1);
    expect(selectJackpot(actor.getSnapshot())).toBeGreaterThanOrEqual(300_010_000);
    // Visible while running: no second timer, the figure grows once per interval.
    actor.send({ type: 'visibility.visible' });
    expect(vi.getTimerCount()).toBe(1);
  });
});
