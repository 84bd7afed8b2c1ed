import { mulberry32 } from '../../lib/seededRandom.ts';
import type { SeedGame } from './catalogue.ts';

const SYLLABLES = [
  'an',
  'bao',
  'chi',
  'duc',
  'hai',
  'kim',
  'lan',
  'minh',
  'nam',
  'phu',
  'quan',
  'son',
  'tam',
  'vy',
];

/** Winner-board history for a new install: masked names, real catalogue games, the last 48 hours. */
export function winnerHistory(games: SeedGame[], seed: number, now = Date.now()) {
  const rand = mulberry32(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const playable = games.filter((g) => ['RNG', 'LIVE', 'FISH', 'PVP', 'INHOUSE'].includes(g.gameType));
  return Array.from({ length: 40 }, () => {
    const name = `${pick(SYLLABLES)}${pick(SYLLABLES)}${Math.floor(rand() * 100)}`;
    return {
      customerName: `${name.slice(0, 2)}***${name.slice(-2)}`,
      nodeId: pick(playable).nodeId,
      // 50.00 to 50,000.00, most wins small: the cube skews towards the low end.
      winAmount: Math.round(5_000 + rand() ** 3 * 4_995_000),
      createdAt: new Date(now - Math.floor(rand() * 48 * 3_600_000)),
    };
  });
}
