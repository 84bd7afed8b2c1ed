import type { PlayType, PriceStructure } from '../../../contract/lottery.ts';
import type { PlayPrice } from './rules.ts';

/** How many numbers each structure draws: every one's last two digits count for lô and xiên. */
export const NUMBERS_DRAWN: Record<PriceStructure, number> = { NORTH: 27, SOUTH: 18 };

const choose = (n: number, k: number) => {
  let r = 1;
  for (let i = 0; i < k; i += 1) r = (r * (n - i)) / (i + 1);
  return r;
};

/** The chance that k given distinct endings are all among n uniform ones (inclusion–exclusion over the missing). */
export const allAmong = (k: number, n: number) => {
  let p = 0;
  for (let j = 0; j <= k; j += 1) p += (-1) ** j * choose(k, j) * (1 - j / 100) ** n;
  return p;
};

/**
 * The expected hits of one bet: lô counts every number ending in it (n/100, a number drawn twice pays twice), đề
 * and 3 càng the special prize's last 2 or 3 digits, xiên k all k endings among the n drawn.
 */
export function expectedHits(playType: PlayType, structure: PriceStructure): number {
  const n = NUMBERS_DRAWN[structure];
  switch (playType) {
    case 'LO2':
      return n / 100;
    case 'DE':
      return 1 / 100;
    case 'BA_CANG':
      return 1 / 1000;
    case 'XIEN2':
      return allAmong(2, n);
    case 'XIEN3':
      return allAmong(3, n);
    case 'XIEN4':
      return allAmong(4, n);
  }
}

/** The return to player of a play at a price: what a point wins on average over what it costs. */
export const returnToPlayer = (playType: PlayType, price: PlayPrice, structure: PriceStructure) =>
  (price.winPerPoint[structure] * expectedHits(playType, structure)) / price.pointCost[structure];
