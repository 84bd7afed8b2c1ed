import { createFileRoute } from '@tanstack/react-router';
import { searchOf, text } from '../domain/search.ts';
import { GamePage } from '../features/games/GamePage.tsx';

/** `/game?nodeId=…&vendor=…`: the game opened in the portal (spec §2 /game). */
export const Route = createFileRoute('/game')({
  validateSearch: searchOf({ nodeId: text(80, ''), vendor: text(40, ''), name: text(120) }),
  component: function GameRoute() {
    const { nodeId, vendor, name } = Route.useSearch();
    return <GamePage nodeId={nodeId} vendor={vendor} name={name} />;
  },
});
