import { createFileRoute } from '@tanstack/react-router';
import { searchOf, text } from '../domain/search.ts';
import { postBalanceChanged } from '../features/games/gameMessages.ts';
import { DiceGame } from '../features/play/DiceGame.tsx';

/** The in-house dice game's page, opened by a launch (`t` is the launch token); no portal frame around it. */
export const Route = createFileRoute('/play/dice')({
  validateSearch: searchOf({ t: text(200, '') }),
  component: DiceRoute,
});

function DiceRoute() {
  const { t } = Route.useSearch();
  return <DiceGame token={t} onBalanceChanged={postBalanceChanged} />;
}
