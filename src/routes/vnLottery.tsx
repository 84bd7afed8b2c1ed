import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { LotteryPage } from '../features/lottery/LotteryPage.tsx';

/** Spec §1 /vnLottery?gameCode: the Vietnam lottery page, on the first North (MB) lottery without a game code. */
const vnLotterySearch = z.object({ gameCode: z.string().max(40).optional().catch(undefined) });

export const Route = createFileRoute('/vnLottery')({
  validateSearch: vnLotterySearch,
  component: VnLotteryRoute,
});

function VnLotteryRoute() {
  const { gameCode } = Route.useSearch();
  return <LotteryPage key={gameCode ?? ''} gameCode={gameCode} defaultTag="MB" />;
}
