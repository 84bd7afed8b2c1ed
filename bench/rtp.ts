/**
 * RTP bench: plays the in-house games' real engines with the production random source (crypto.randomInt) and
 * prints, per game, the simulated return to player, the hit frequency (rounds that pay anything), the 95 %
 * confidence interval of the RTP, the documented target and the exact figure side by side. Run: npm run bench:rtp [-- spins]  (default 1,000,000 each).
 */
import {
  DICE_ROLLS,
  DICE_RTP,
  type DiceDirection,
  diceTargetRange,
  diceWinningRolls,
} from '../contract/inhouse.ts';
import { payout, roll } from '../server/modules/inhouse/dice.ts';
import { cryptoRandom } from '../server/modules/inhouse/random.ts';
import { evaluate, randomStops, slotRtp, windowAt } from '../server/modules/inhouse/slot.ts';

const N = Number(process.argv[2] ?? 1_000_000);
const SLOT_BET = 2_000;
const DICE_BET = 1_000;
/** The documented targets (server/modules/inhouse/README.md). */
const DOCUMENTED = { slot: 0.96, dice: DICE_RTP };

/** The dice mix's exact RTP: every target of both directions equally likely, payouts rounded down as paid. */
function diceExact(): number {
  let sum = 0;
  let count = 0;
  for (const direction of ['under', 'over'] as const) {
    const { min, max } = diceTargetRange(direction);
    let part = 0;
    for (let target = min; target <= max; target++)
      part +=
        (diceWinningRolls(target, direction) * payout(DICE_BET, target, direction)) / (DICE_ROLLS * DICE_BET);
    sum += part / (max - min + 1);
    count++;
  }
  return sum / count;
}

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

function slot() {
  const t = tally();
  for (let i = 0; i < N; i++) t.add(evaluate(windowAt(randomStops(cryptoRandom)), SLOT_BET).win / SLOT_BET);
  return t.result();
}

function dice() {
  const t = tally();
  // The player's choices vary over the whole allowed range; only the roll is the game's.
  const ranges = { under: diceTargetRange('under'), over: diceTargetRange('over') };
  for (let i = 0; i < N; i++) {
    const direction: DiceDirection = i % 2 === 0 ? 'under' : 'over';
    const { min, max } = ranges[direction];
    const target = min + cryptoRandom(max - min + 1);
    t.add(roll(DICE_BET, target, direction, cryptoRandom).win / DICE_BET);
  }
  return t.result();
}

const pct = (x: number) => `${(x * 100).toFixed(2)} %`;
function report(
  name: string,
  documented: number,
  exact: number,
  run: () => ReturnType<ReturnType<typeof tally>['result']>,
) {
  const started = performance.now();
  const r = run();
  const inside = exact >= r.low && exact <= r.high;
  console.log(
    [
      name.padEnd(6),
      r.n.toLocaleString('en').padStart(10),
      pct(r.rtp).padStart(9),
      `${pct(r.low)} – ${pct(r.high)}`.padStart(21),
      pct(documented).padStart(10),
      pct(exact).padStart(9),
      (inside ? 'yes' : 'NO').padStart(7),
      pct(r.hit).padStart(9),
      r.sd.toFixed(2).padStart(6),
      `${((performance.now() - started) / 1000).toFixed(1)} s`.padStart(8),
    ].join('  '),
  );
}

console.log(
  [
    'game  ',
    'rounds'.padStart(10),
    'RTP'.padStart(9),
    '95 % confidence'.padStart(21),
    'documented'.padStart(10),
    'exact'.padStart(9),
    'in CI'.padStart(7),
    'hit freq'.padStart(9),
    'sd'.padStart(6),
    'time'.padStart(8),
  ].join('  '),
);
report('slot', DOCUMENTED.slot, slotRtp().total, slot);
// Dice pays floor(bet × 9700 / winning rolls): the exact figure is the documented 97 % less that rounding.
report('dice', DOCUMENTED.dice, diceExact(), dice);
console.log(
  '\nin CI: is the exact RTP inside the simulated 95 % confidence interval (expect "yes" 19 runs in 20)',
);
