import { createFileRoute } from '@tanstack/react-router';
import { searchOf, text } from '../domain/search.ts';
import { postBalanceChanged } from '../features/games/gameMessages.ts';
import { MinesGame } from '../features/play/MinesGame.tsx';

/** The in-house Mines page, opened by a launch (`t` is the launch token); no portal frame around it. */
export const Route = createFileRoute('/play/mines')({
  validateSearch: searchOf({ t: text(200, '') }),
  component: MinesGameRoute,
});

function MinesGameRoute() {
  const { t } = Route.useSearch();
  return <MinesGame token={t} onBalanceChanged={postBalanceChanged} />;
}
