import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';
import { vendorLanesQuery } from '../api/queries.ts';
import { drawnFirst, lobbySearch } from '../app/pages.tsx';
import type { RouterContext } from '../app/routerContext.ts';

/** Spec §1 /lott: the lottery lobby's vendor tiles, each leading to the lottery centre or starting its game. */
export const Route = createFileRoute('/lott')(
  drawnFirst({
    validateSearch: lobbySearch,
    loader: ({ context }: { context: RouterContext }) =>
      context.queryClient.ensureQueryData(vendorLanesQuery()),
    // Its own chunk (drawnFirst's options are beyond the router plugin's code splitting).
    component: lazyRouteComponent(() => import('../features/lottery/lotteryLobbyPages.tsx'), 'LottLobby'),
  }),
);
