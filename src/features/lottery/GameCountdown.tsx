import type { LotteryGame } from '../../../contract/lottery.ts';
import { type Clock, gameCountdown } from '../../../machines/lotteryRefresh.connect.ts';
import { useLotteryLabels } from './labels.ts';
import { useNow } from './useLotteryList.ts';

/**
 * A game's countdown (spec §4), in words: the one part of a list or a page that changes every second, so it alone
 * renders each second (a whole list rendered every second is a phone's long task, every second).
 */
export function GameCountdown({
  clock,
  game,
}: {
  clock: Clock;
  game: Pick<LotteryGame, 'remainTime' | 'isSale'>;
}) {
  const labels = useLotteryLabels();
  return labels.countdown(gameCountdown(clock, game, useNow(clock)));
}
