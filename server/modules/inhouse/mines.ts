import { createHash } from 'node:crypto';
import { type LadderStatus, MINES_TILES } from '../../../contract/inhouse.ts';
import { autoCashout, type Fraction, ladderPay, ONE, shownMultiplier, times } from './ladder.ts';
import type { RandomInt } from './random.ts';

/**
 * Mines: a 5 × 5 field hides 1–24 mines, placed by the server when the round starts and kept on the round (the
 * page never sees them until the round is over). Each safe tile opened raises the multiplier; a mine loses the
 * bet; the player cashes out whenever they like after one safe tile. Opening the k-th safe tile with m mines has
 * chance (25 − m − k + 1) / (25 − k + 1), so after k safe tiles the fair multiplier is C(25, k) / C(25 − m, k);
 * pays through the ladder rule (ladder.ts). The round cashes out by itself once every safe tile is open.
 *
 * Provably fair: the start's reply carries a seal, sha256 of "tiles:salt" (the mines' tiles ascending, comma
 * separated, and a random salt); the end's reply reveals the tiles and the salt, so the player can check that the
 * mines were where the server said from the start, whatever they picked.
 */

export interface MinesState {
  bet: number;
  mines: number;
  /** The mined tiles (secret until the round is over). */
  layout: number[];
  picks: number[];
  status: LadderStatus;
  win: number;
  /** 128 random bits (hex) sealed with the layout. */
  salt: string;
}

export const seal = (layout: readonly number[], salt: string) =>
  createHash('sha256')
    .update(`${layout.join(',')}:${salt}`)
    .digest('hex');

/** 128 bits from the game's random source, as hex. */
const saltFrom = (random: RandomInt) =>
  Array.from({ length: 4 }, () =>
    random(2 ** 32)
      .toString(16)
      .padStart(8, '0'),
  ).join('');

/** The fair multiplier after k safe tiles with m mines. */
export function minesFair(mines: number, k: number): Fraction {
  let f = ONE;
  for (let i = 0; i < k; i++) f = times(f, MINES_TILES - i, MINES_TILES - mines - i);
  return f;
}

/** The mines' tiles: a partial Fisher–Yates shuffle of the 25 tiles. */
export function placeMines(mines: number, random: RandomInt): number[] {
  const tiles = Array.from({ length: MINES_TILES }, (_, i) => i);
  for (let i = 0; i < mines; i++) {
    const j = i + random(MINES_TILES - i);
    [tiles[i], tiles[j]] = [tiles[j]!, tiles[i]!];
  }
  return tiles.slice(0, mines).sort((a, b) => a - b);
}

export const minesStart = (bet: number, mines: number, random: RandomInt): MinesState => ({
  bet,
  mines,
  layout: placeMines(mines, random),
  picks: [],
  status: 'playing',
  win: 0,
  salt: saltFrom(random),
});

const cashed = (s: MinesState): MinesState => ({
  ...s,
  status: 'cashed',
  win: ladderPay(s.bet, minesFair(s.mines, s.picks.length)),
});

/** Opens a tile (one already open changes nothing). */
export function minesPick(s: MinesState, tile: number): MinesState {
  if (s.picks.includes(tile)) return s;
  if (s.status !== 'playing') throw new RangeError('the round is over');
  if (s.layout.includes(tile)) return { ...s, picks: [...s.picks, tile], status: 'lost', win: 0 };
  const after = { ...s, picks: [...s.picks, tile] };
  const k = after.picks.length;
  return k === MINES_TILES - s.mines || autoCashout(minesFair(s.mines, k)) ? cashed(after) : after;
}

export function minesCashout(s: MinesState): MinesState {
  if (s.status !== 'playing' || s.picks.length === 0) throw new RangeError('nothing to cash out');
  return cashed(s);
}

/** What the page shows: the mines only once the round is over (the losing pick is the last of `picks`). */
export function minesView(s: MinesState) {
  const k = s.picks.length;
  const playing = s.status === 'playing';
  return {
    bet: s.bet,
    mines: s.mines,
    picks: s.picks,
    mineTiles: playing ? null : s.layout,
    status: s.status,
    multiplier: shownMultiplier(minesFair(s.mines, s.status === 'lost' ? k - 1 : k)),
    nextMultiplier: playing ? shownMultiplier(minesFair(s.mines, k + 1)) : null,
    win: s.win,
    seal: seal(s.layout, s.salt),
    salt: playing ? null : s.salt,
  };
}

/** The exact RTP of cashing out after k safe tiles with m mines (or earlier, by the auto cash-out), rounding in. */
export function minesRtp(bet: number, mines: number, k: number): number {
  let survive = 1;
  for (let i = 0; i < k; i++) {
    survive *= (MINES_TILES - mines - i) / (MINES_TILES - i);
    if (autoCashout(minesFair(mines, i + 1)))
      return (survive * ladderPay(bet, minesFair(mines, i + 1))) / bet;
  }
  return (survive * ladderPay(bet, minesFair(mines, k))) / bet;
}
