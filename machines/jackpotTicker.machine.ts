import { assign, setup } from 'xstate';

/**
 * The home page's jackpot figure (spec §4 Jackpot figure, §9): it starts at a random value in 200,000,000 to
 * 990,000,000 — or where this browser last saw it — and grows every 3, 4 or 5 s (picked at random each time) by a
 * random 10,000 to 50,000. It is a display figure in whole currency units, not an account amount.
 *
 * States:
 *   - `running`: after `tick` (the interval picked last) the figure grows and the next interval is picked;
 *   - `paused`: the page is hidden, so no timer runs in a background tab; the figure keeps its value.
 * Events: `visibility.hidden`, `visibility.visible` (the page's visibility; the view listens to the document).
 * Input: `start` (the value the view kept in local storage: storage stays out of the machine), `range` of a fresh
 * start, `seed` of the random draws.
 *
 * Randomness is a seeded generator whose state lives in the context: a snapshot alone decides what comes next, so
 * generated paths replay to the same figures, and the rendered view, given the same seed, shows them.
 */

export interface JackpotRange {
  min: number;
  max: number;
}

export interface JackpotTickerInput {
  /** The figure kept from a previous visit; ignored unless it is a positive safe integer. */
  start?: number | null;
  range?: JackpotRange;
  /** Seed of the random draws; random when absent. */
  seed?: number;
}

export interface JackpotTickerContext {
  value: number;
  /** Milliseconds until the next growth: one of TICK_INTERVALS_MS. */
  interval: number;
  /** State of the random generator (an unsigned 32-bit integer). */
  seed: number;
}

export type JackpotTickerEvent = { type: 'visibility.hidden' } | { type: 'visibility.visible' };

/** Spec §4: the home page's start range. */
export const DEFAULT_JACKPOT_RANGE: JackpotRange = { min: 200_000_000, max: 990_000_000 };
/** Spec §9: the figure grows every 3000, 4000 or 5000 ms … */
export const TICK_INTERVALS_MS = [3000, 4000, 5000] as const;
/** … by 10000 to 50000. */
export const INCREMENT_RANGE: JackpotRange = { min: 10_000, max: 50_000 };

/**
 * One step of mulberry32: a draw in [0, 1) and the generator's next state. Pure, so the machine's context is
 * plain data.
 */
export function draw(seed: number): { r: number; seed: number } {
  const next = (seed + 0x6d2b79f5) >>> 0;
  let t = Math.imul(next ^ (next >>> 15), next | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return { r: ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296, seed: next };
}

/** An integer of [min, max], both included, from a draw in [0, 1). */
export const between = ({ min, max }: JackpotRange, r: number) => min + Math.floor(r * (max - min + 1));

/** The interval of a draw in [0, 1): each of 3, 4, 5 s with the same chance. */
export const intervalOf = (r: number) => TICK_INTERVALS_MS[Math.floor(r * TICK_INTERVALS_MS.length)]!;

const isKeptFigure = (start: number | null | undefined): start is number =>
  typeof start === 'number' && Number.isSafeInteger(start) && start > 0;

function initialContext(input: JackpotTickerInput): JackpotTickerContext {
  let seed = (input.seed ?? Math.floor(Math.random() * 4_294_967_296)) >>> 0;
  let value: number;
  if (isKeptFigure(input.start)) value = input.start;
  else {
    const d = draw(seed);
    value = between(input.range ?? DEFAULT_JACKPOT_RANGE, d.r);
    seed = d.seed;
  }
  const d = draw(seed);
  return { value, interval: intervalOf(d.r), seed: d.seed };
}

export const jackpotTickerMachine = setup({
  types: {
    context: {} as JackpotTickerContext,
    events: {} as JackpotTickerEvent,
    input: {} as JackpotTickerInput,
  },
  delays: {
    tick: ({ context }) => context.interval,
  },
  actions: {
    // Two draws: how much the figure grows now, and how long until it grows again.
    grow: assign(({ context }) => {
      const amount = draw(context.seed);
      const wait = draw(amount.seed);
      return {
        value: context.value + between(INCREMENT_RANGE, amount.r),
        interval: intervalOf(wait.r),
        seed: wait.seed,
      };
    }),
  },
}).createMachine({
  id: 'jackpotTicker',
  initial: 'running',
  context: ({ input }) => initialContext(input ?? {}),
  states: {
    running: {
      on: { 'visibility.hidden': 'paused' },
      // Re-entering starts the timer of the newly picked interval.
      after: { tick: { target: 'running', reenter: true, actions: 'grow' } },
    },
    paused: {
      // Back in view, a whole interval runs before the next growth: a hidden tab catches nothing up.
      on: { 'visibility.visible': 'running' },
    },
  },
});
