import { createFileRoute } from '@tanstack/react-router';
import { vendorLanesQuery } from '../api/queries.ts';
import { drawnFirst, lobbySearch } from '../app/pages.tsx';
import type { RouterContext } from '../app/routerContext.ts';
import { LotteryLobby } from '../features/lottery/LotteryLobby.tsx';

/** Spec §1 /lott: the lottery lobby's vendor tiles, each leading to the lottery centre or starting its game. */
export const Route = createFileRoute('/lott')(
  drawnFirst({
    validateSearch: lobbySearch,
    loader: ({ context }: { context: RouterContext }) =>
      context.queryClient.ensureQueryData(vendorLanesQuery()),
    component: function LOTTLobby() {
      return <LotteryLobby gameType="LOTT" vendor={Route.useSearch().vendor} />;
    },
  }),
);
