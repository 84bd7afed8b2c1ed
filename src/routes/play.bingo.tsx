import { createFileRoute } from '@tanstack/react-router';
import { searchOf, text } from '../domain/search.ts';
import { postBalanceChanged } from '../features/games/gameMessages.ts';
import { BingoGame } from '../features/play/BingoGame.tsx';

/** The in-house Bingo Turbo page, opened by a launch (`t` is the launch token); no portal frame around it. */
export const Route = createFileRoute('/play/bingo')({
  validateSearch: searchOf({ t: text(200, '') }),
  component: BingoGameRoute,
});

function BingoGameRoute() {
  const { t } = Route.useSearch();
  return <BingoGame token={t} onBalanceChanged={postBalanceChanged} />;
}
