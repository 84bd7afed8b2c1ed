import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { GamePage } from '../features/games/GamePage.tsx';

/** `/game?nodeId=…&vendor=…`: the game opened in the portal (spec §2 /game). */
export const Route = createFileRoute('/game')({
  validateSearch: z.object({
    nodeId: z.string().max(80).catch(''),
    vendor: z.string().max(40).catch(''),
    name: z.string().max(120).optional().catch(undefined),
  }),
  component: function GameRoute() {
    const { nodeId, vendor, name } = Route.useSearch();
    return <GamePage nodeId={nodeId} vendor={vendor} name={name} />;
  },
});
