import { createFileRoute } from '@tanstack/react-router';
import { searchOf, text } from '../domain/search.ts';
import { LotteryPage } from '../features/lottery/LotteryPage.tsx';

/** Spec §1 /vnLottery?gameCode: the Vietnam lottery page, on the first North (MB) lottery without a game code. */
const vnLotterySearch = searchOf({ gameCode: text(40) });

export const Route = createFileRoute('/vnLottery')({
  staticData: { firstScreen: true },
  validateSearch: vnLotterySearch,
  component: VnLotteryRoute,
});

function VnLotteryRoute() {
  const { gameCode } = Route.useSearch();
  return <LotteryPage key={gameCode ?? ''} gameCode={gameCode} defaultTag="MB" />;
}
