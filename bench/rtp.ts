/**
 * RTP bench: plays every in-house title's real engine with the production random source (crypto.randomInt) and
 * prints, per title, the simulated return to player, the hit frequency (rounds that pay anything), the 95 %
 * confidence interval of the RTP, the documented figure (server/modules/inhouse/README.md) and the exact figure
 * side by side. Run: npm run bench:rtp [-- rounds]  (default 1,000,000 per title).
 *
 * The player's choices (dice target, Hi-Lo stopping point, mines and tiles) vary over a mix; the exact column is the
 * expectation of that same mix, computed by enumeration.
 */
import {
  DICE_ROLLS,
  DICE_RTP,
  type DiceDirection,
  diceTargetRange,
  diceWinningRolls,
  LADDER_RTP,
} from '../contract/inhouse.ts';
import { play as bingoPlay, bingoRtp } from '../server/modules/inhouse/bingo.ts';
import { payout, roll } from '../server/modules/inhouse/dice.ts';
import { hiloCashout, hiloGuess, hiloRtp, hiloStart, winningRanks } from '../server/modules/inhouse/hilo.ts';
import { minesCashout, minesPick, minesRtp, minesStart } from '../server/modules/inhouse/mines.ts';
import { cryptoRandom } from '../server/modules/inhouse/random.ts';
import { MEGA_CHERRIES, type Slot } from '../server/modules/inhouse/slot.ts';
import { WOLF_FORTUNE } from '../server/modules/inhouse/wolf.ts';

const N = Number(process.argv[2] ?? 1_000_000);
const SLOT_BET = 2_000;
const BET = 1_000;
/** The documented figures (server/modules/inhouse/README.md). */
const DOCUMENTED = {
  cherries: 0.9597,
  wolf: 0.9604,
  dice: DICE_RTP,
  hilo: LADDER_RTP,
  mines: LADDER_RTP,
  bingo: 0.9669,
};
/**
 * The player's mix: Hi-Lo cashes out after 1–5 right guesses; Mines takes 1–10 mines and 1–5 safe tiles. (With
 * 20+ mines, wins of hundreds of bets one round in hundreds make a million rounds too few for a normal interval.)
 */
const HILO_STEPS = 5;
const MINES_PICKS = 5;
const MINES_MOST = 10;

/** The dice mix's exact RTP: every target of both directions equally likely, payouts rounded down as paid. */
function diceExact(): number {
  let sum = 0;
  let count = 0;
  for (const direction of ['under', 'over'] as const) {
    const { min, max } = diceTargetRange(direction);
    let part = 0;
    for (let target = min; target <= max; target++)
      part += (diceWinningRolls(target, direction) * payout(BET, target, direction)) / (DICE_ROLLS * BET);
    sum += part / (max - min + 1);
    count++;
  }
  return sum / count;
}

const hiloExact = () => {
  let sum = 0;
  for (let s = 1; s <= HILO_STEPS; s++) sum += hiloRtp(BET, s);
  return sum / HILO_STEPS;
};

const minesExact = () => {
  let sum = 0;
  for (let m = 1; m <= MINES_MOST; m++) {
    let part = 0;
    for (let k = 1; k <= MINES_PICKS; k++) part += minesRtp(BET, m, k);
    sum += part / MINES_PICKS;
  }
  return sum / MINES_MOST;
};

/** Running sums of the return per round (win / bet): mean, variance and the hit count. */
function tally() {
  let n = 0;
  let sum = 0;
  let sumSq = 0;
  let hits = 0;
  return {
    add(ret: number) {
      n++;
      sum += ret;
      sumSq += ret * ret;
      if (ret > 0) hits++;
    },
    result() {
      const mean = sum / n;
      const sd = Math.sqrt(Math.max(0, sumSq / n - mean * mean));
      const half = (1.96 * sd) / Math.sqrt(n);
      return { n, rtp: mean, low: mean - half, high: mean + half, hit: hits / n, sd };
    },
  };
}
type Run = () => ReturnType<ReturnType<typeof tally>['result']>;

const slot =
  (game: Slot): Run =>
  () => {
    const t = tally();
    for (let i = 0; i < N; i++)
      t.add(game.evaluate(game.windowAt(game.randomStops(cryptoRandom)), SLOT_BET).win / SLOT_BET);
    return t.result();
  };

const dice: Run = () => {
  const t = tally();
  // The player's choices vary over the whole allowed range; only the roll is the game's.
  const ranges = { under: diceTargetRange('under'), over: diceTargetRange('over') };
  for (let i = 0; i < N; i++) {
    const direction: DiceDirection = i % 2 === 0 ? 'under' : 'over';
    const { min, max } = ranges[direction];
    const target = min + cryptoRandom(max - min + 1);
    t.add(roll(BET, target, direction, cryptoRandom).win / BET);
  }
  return t.result();
};

const hilo: Run = () => {
  const t = tally();
  for (let i = 0; i < N; i++) {
    const steps = 1 + (i % HILO_STEPS);
    let s = hiloStart(BET, cryptoRandom);
    while (s.status === 'playing' && s.guesses.length < steps) {
      const rank = (s.cards.at(-1)! % 13) + 1;
      s = hiloGuess(s, winningRanks(rank, 'hi') >= winningRanks(rank, 'lo') ? 'hi' : 'lo', cryptoRandom);
    }
    if (s.status === 'playing') s = hiloCashout(s);
    t.add(s.win / BET);
  }
  return t.result();
};

const mines: Run = () => {
  const t = tally();
  for (let i = 0; i < N; i++) {
    const m = 1 + (i % MINES_MOST);
    const picks = 1 + cryptoRandom(MINES_PICKS);
    let s = minesStart(BET, m, cryptoRandom);
    // The player's tiles: any order will do, the mines were placed at random.
    for (let tile = 0; s.status === 'playing' && s.picks.length < picks; tile++) s = minesPick(s, tile);
    if (s.status === 'playing') s = minesCashout(s);
    t.add(s.win / BET);
  }
  return t.result();
};

const bingo: Run = () => {
  const t = tally();
  for (let i = 0; i < N; i++) t.add(bingoPlay(BET, cryptoRandom).win / BET);
  return t.result();
};

const pct = (x: number) => `${(x * 100).toFixed(2)} %`;
const COLUMNS: [string, number][] = [
  ['title', 14],
  ['rounds', 10],
  ['RTP', 9],
  ['95 % confidence', 21],
  ['documented', 10],
  ['exact', 9],
  ['in CI', 7],
  ['hit freq', 9],
  ['sd', 6],
  ['time', 8],
];
const line = (cells: string[]) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(COLUMNS[i]![1]) : c.padStart(COLUMNS[i]![1]))).join('  ');

function report(name: string, documented: number, exact: number, run: Run) {
  const started = performance.now();
  const r = run();
  const inside = exact >= r.low && exact <= r.high;
  console.log(
    line([
      name,
      r.n.toLocaleString('en'),
      pct(r.rtp),
      `${pct(r.low)} – ${pct(r.high)}`,
      pct(documented),
      pct(exact),
      inside ? 'yes' : 'NO',
      pct(r.hit),
      r.sd.toFixed(2),
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
    ]),
  );
}

console.log(line(COLUMNS.map(([c]) => c)));
report('Mega Cherries', DOCUMENTED.cherries, MEGA_CHERRIES.rtp().total, slot(MEGA_CHERRIES));
report('Wolf Fortune', DOCUMENTED.wolf, WOLF_FORTUNE.rtp().total, slot(WOLF_FORTUNE));
// Dice pays floor(bet × 9700 / winning rolls): the exact figure is the documented 97 % less that rounding.
report('Dice', DOCUMENTED.dice, diceExact(), dice);
report('Hi-Lo', DOCUMENTED.hilo, hiloExact(), hilo);
report('Mines Gold', DOCUMENTED.mines, minesExact(), mines);
report('Bingo Turbo', DOCUMENTED.bingo, bingoRtp().rtp, bingo);
console.log(
  '\nin CI: is the exact RTP inside the simulated 95 % confidence interval (expect "yes" 19 runs in 20)',
);
