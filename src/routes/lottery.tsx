import { createFileRoute } from '@tanstack/react-router';
import { PLAY_TYPES } from '../../contract/constants.ts';
import { oneOf, searchOf, text } from '../domain/search.ts';
import { LotteryPage } from '../features/lottery/LotteryPage.tsx';

/** Spec §1 /lottery?gameCode&playType: a lottery's betting page; bad input is dropped rather than failing. */
const lotterySearch = searchOf({ gameCode: text(40), playType: oneOf(PLAY_TYPES) });

export const Route = createFileRoute('/lottery')({
  staticData: { firstScreen: true },
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
