import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { playType } from '../../contract/lottery.ts';
import { LotteryPage } from '../features/lottery/LotteryPage.tsx';

/** Spec §1 /lottery?gameCode&playType: a lottery's betting page; bad input is dropped rather than failing. */
const lotterySearch = z.object({
  gameCode: z.string().max(40).optional().catch(undefined),
  playType: playType.optional().catch(undefined),
});

export const Route = createFileRoute('/lottery')({
  validateSearch: lotterySearch,
  component: LotteryRoute,
});

function LotteryRoute() {
  const { gameCode, playType } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <LotteryPage
      key={gameCode ?? ''}
      gameCode={gameCode}
      playType={playType}
      onPlayTypeChange={(p) => void navigate({ search: (s) => ({ ...s, playType: p }), replace: true })}
    />
  );
}
