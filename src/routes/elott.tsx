import { createFileRoute } from '@tanstack/react-router';
import { vendorLanesQuery } from '../api/queries.ts';
import { drawnFirst, lobbySearch } from '../app/pages.tsx';
import type { RouterContext } from '../app/routerContext.ts';
import { LotteryLobby } from '../features/lottery/LotteryLobby.tsx';

/** Spec §1 /elott: the e-lottery lobby's vendor tiles, each leading to the lottery centre or starting its game. */
export const Route = createFileRoute('/elott')(
  drawnFirst({
    validateSearch: lobbySearch,
    loader: ({ context }: { context: RouterContext }) =>
      context.queryClient.ensureQueryData(vendorLanesQuery()),
    component: function ELOTTLobby() {
      return <LotteryLobby gameType="ELOTT" vendor={Route.useSearch().vendor} />;
    },
  }),
);
