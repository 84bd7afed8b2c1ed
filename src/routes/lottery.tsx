import { createFileRoute } from '@tanstack/react-router';
import { PLAY_TYPES } from '../../contract/constants.ts';
import { vendorTag } from '../domain/lotteryLinks.ts';
import { oneOf, searchOf, text } from '../domain/search.ts';
import { LotteryPage } from '../features/lottery/LotteryPage.tsx';

/**
 * Spec §1 /lottery?gameCode&playType: a lottery's betting page; bad input is dropped rather than failing. Without a
 * game code, `vendor` (a lottery entry that starts its game directly, e.g. TCG_SEA) opens that vendor's first lottery.
 */
const lotterySearch = searchOf({ gameCode: text(40), playType: oneOf(PLAY_TYPES), vendor: text(40) });

export const Route = createFileRoute('/lottery')({
  staticData: { firstScreen: true },
  validateSearch: lotterySearch,
  component: LotteryRoute,
});

function LotteryRoute() {
  const { gameCode, playType, vendor } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <LotteryPage
      key={gameCode ?? vendor ?? ''}
      gameCode={gameCode}
      playType={playType}
      defaultTag={vendorTag(vendor)}
      onPlayTypeChange={(p) => void navigate({ search: (s) => ({ ...s, playType: p }), replace: true })}
    />
  );
}
