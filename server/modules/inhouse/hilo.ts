import { type Card, HILO_MAX_STEPS, type HiloGuess, type LadderStatus } from '../../../contract/inhouse.ts';
import { autoCashout, type Fraction, ladderPay, ONE, shownMultiplier, times } from './ladder.ts';
import type { RandomInt } from './random.ts';

/**
 * Hi-Lo: a card is dealt; the player guesses whether the next is higher or lower, card after card, and cashes out
 * whenever they like; a wrong guess loses the bet. Every card is drawn from a full 52-card deck (shuffled anew
 * each draw), so each rank has chance 1/13. "Higher" wins on the same rank or above, "lower" on the same or
 * below; from an ace "higher" means strictly higher, from a king "lower" strictly lower (no sure guesses). Pays
 * through the ladder rule (ladder.ts). Pure math: the cards come from the RandomInt it is given.
 */

export const RANKS = 13;

export interface HiloState {
  bet: number;
  /** Cards as 0–51: rank = card % 13 + 1, suit = card / 13. */
  cards: number[];
  guesses: HiloGuess[];
  status: LadderStatus;
  win: number;
}

const rankOf = (card: number) => (card % RANKS) + 1;
export const cardOf = (card: number): Card => ({ rank: rankOf(card), suit: Math.floor(card / RANKS) });

/** How many of the 13 ranks win a guess from this rank. */
export function winningRanks(rank: number, guess: HiloGuess): number {
  if (guess === 'hi') return rank === 1 ? RANKS - 1 : RANKS + 1 - rank;
  return rank === RANKS ? RANKS - 1 : rank;
}

export function guessWins(rank: number, next: number, guess: HiloGuess): boolean {
  if (guess === 'hi') return rank === 1 ? next > 1 : next >= rank;
  return rank === RANKS ? next < RANKS : next <= rank;
}

/** The round's fair multiplier: 13 / winning ranks for each guess made. */
export function fairMultiplier(s: Pick<HiloState, 'cards' | 'guesses'>): Fraction {
  let f = ONE;
  s.guesses.forEach((g, i) => {
    f = times(f, RANKS, winningRanks(rankOf(s.cards[i]!), g));
  });
  return f;
}

export const hiloStart = (bet: number, random: RandomInt): HiloState => ({
  bet,
  cards: [random(52)],
  guesses: [],
  status: 'playing',
  win: 0,
});

const cashed = (s: HiloState): HiloState => ({
  ...s,
  status: 'cashed',
  win: ladderPay(s.bet, fairMultiplier(s)),
});

/** A guess: the next card decides; the round cashes out by itself at the step or multiplier limit. */
export function hiloGuess(s: HiloState, guess: HiloGuess, random: RandomInt): HiloState {
  if (s.status !== 'playing') throw new RangeError('the round is over');
  const next = random(52);
  const rank = rankOf(s.cards.at(-1)!);
  const after: HiloState = { ...s, cards: [...s.cards, next], guesses: [...s.guesses, guess] };
  if (!guessWins(rank, rankOf(next), guess)) return { ...after, status: 'lost', win: 0 };
  return after.guesses.length >= HILO_MAX_STEPS || autoCashout(fairMultiplier(after)) ? cashed(after) : after;
}

/** A cash-out needs one right guess at least: before it, the bet is still at stake. */
export function hiloCashout(s: HiloState): HiloState {
  if (s.status !== 'playing' || s.guesses.length === 0) throw new RangeError('nothing to cash out');
  return cashed(s);
}

/** What the page shows: every card, the multiplier now and what each guess would lead to. */
export function hiloView(s: HiloState) {
  const f = fairMultiplier(s);
  const rank = rankOf(s.cards.at(-1)!);
  const option = (g: HiloGuess) => {
    const w = winningRanks(rank, g);
    return { chance: w / RANKS, multiplier: shownMultiplier(times(f, RANKS, w)) };
  };
  return {
    bet: s.bet,
    cards: s.cards.map(cardOf),
    guesses: s.guesses,
    status: s.status,
    multiplier: shownMultiplier(f),
    next: s.status === 'playing' ? { hi: option('hi'), lo: option('lo') } : null,
    win: s.win,
  };
}

/**
 * The exact RTP of a strategy that always takes the likelier guess (higher from 7 and below) and cashes out after
 * `steps` right guesses, by walking every rank sequence: a Markov chain over the current rank, with the rounding.
 */
export function hiloRtp(bet: number, steps: number): number {
  let paths = new Map<string, { rank: number; f: Fraction; p: number }>();
  for (let r = 1; r <= RANKS; r++) paths.set(`${r}`, { rank: r, f: ONE, p: 1 / RANKS });
  for (let step = 0; step < steps; step++) {
    const next = new Map<string, { rank: number; f: Fraction; p: number }>();
    for (const { rank, f, p } of paths.values()) {
      const g: HiloGuess = winningRanks(rank, 'hi') >= winningRanks(rank, 'lo') ? 'hi' : 'lo';
      const nf = times(f, RANKS, winningRanks(rank, g));
      for (let r = 1; r <= RANKS; r++) {
        if (!guessWins(rank, r, g)) continue;
        const key = `${r}:${nf.num}/${nf.den}`;
        const seen = next.get(key);
        if (seen) seen.p += p / RANKS;
        else next.set(key, { rank: r, f: nf, p: p / RANKS });
      }
    }
    paths = next;
  }
  let sum = 0;
  for (const { f, p } of paths.values()) sum += p * ladderPay(bet, f);
  return sum / bet;
}
