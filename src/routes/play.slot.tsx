import { createFileRoute } from '@tanstack/react-router';
import { searchOf, text } from '../domain/search.ts';
import { postBalanceChanged } from '../features/games/gameMessages.ts';
import { SlotGame } from '../features/play/SlotGame.tsx';

/** The in-house slot's page, opened by a launch (`t` is the launch token); no portal frame around it. */
export const Route = createFileRoute('/play/slot')({
  validateSearch: searchOf({ t: text(200, '') }),
  component: SlotRoute,
});

function SlotRoute() {
  const { t } = Route.useSearch();
  return <SlotGame token={t} onBalanceChanged={postBalanceChanged} />;
}
