import { Trans } from '@lingui/react/macro';
import { createRootRouteWithContext, redirect } from '@tanstack/react-router';
import { whitelabelQuery } from '../api/queries.ts';
import { storedToken } from '../api/session.ts';
import type { RouterContext } from '../app/router.tsx';
import { mustLogIn } from '../domain/routesMap.ts';
import { AccountArea } from '../features/auth/AccountArea.tsx';
import { AuthModalsHost } from '../features/auth/AuthModalsHost.tsx';
import { Layout } from '../features/shell/Layout.tsx';
import { ComingSoon } from '../features/soon/ComingSoon.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Spec §2 Access guard: only when the merchant's logged-in-to-home flag is on.
  beforeLoad: async ({ context, location }) => {
    const info = await context.queryClient.ensureQueryData(whitelabelQuery());
    if (mustLogIn(location.pathname, info.features.LOGGED_IN_TO_HOME, storedToken() !== null))
      throw redirect({ to: '/login' });
  },
  component: () => <Layout account={<AccountArea />} modals={<AuthModalsHost />} />,
  notFoundComponent: () => <ComingSoon title={<Trans>Page not found</Trans>} />,
});
