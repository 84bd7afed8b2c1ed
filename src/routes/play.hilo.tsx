import { createFileRoute } from '@tanstack/react-router';
import { searchOf, text } from '../domain/search.ts';
import { postBalanceChanged } from '../features/games/gameMessages.ts';
import { HiloGame } from '../features/play/HiloGame.tsx';

/** The in-house Hi-Lo page, opened by a launch (`t` is the launch token); no portal frame around it. */
export const Route = createFileRoute('/play/hilo')({
  validateSearch: searchOf({ t: text(200, '') }),
  component: HiloGameRoute,
});

function HiloGameRoute() {
  const { t } = Route.useSearch();
  return <HiloGame token={t} onBalanceChanged={postBalanceChanged} />;
}
