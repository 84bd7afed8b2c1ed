import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { systemStatus } from '../../contract/routes.ts';
import type { SystemStatus } from '../../contract/system.ts';
import { appStatusMachine } from '../../machines/appStatus.machine.ts';
import { call } from '../api/client.ts';
import { adoptTokenFromUrl, storedToken } from '../api/session.ts';
import { isOpsPath } from '../domain/routesMap.ts';
import { liveSession } from '../features/auth/liveSession.ts';
import { AppStatusGate } from '../features/status/AppStatusGate.tsx';
import { AppStatusContext } from '../features/status/statusContext.ts';
import { i18n } from '../i18n/i18n.ts';
import { AuthModalsProvider } from '../session/authModals.tsx';
import { SessionContext } from '../session/sessionContext.ts';
import type { makeRouter } from './router.tsx';

// The Stately inspector for the live actors, in dev builds only (a production bundle holds none of it).
if (import.meta.env.DEV && new URLSearchParams(location.search).has('inspect'))
  void import('../flows/inspect.ts');

const readStatus = async () => (await call(systemStatus, { query: {} })).value;
/** The first status read, started by `startStatus` before the app renders; later reads call again. */
let firstStatus: Promise<SystemStatus> | undefined;
export const startStatus = () => {
  firstStatus = readStatus();
};

const liveStatusMachine = appStatusMachine.provide({
  actors: {
    loadStatus: fromPromise(() => {
      const status = firstStatus ?? readStatus();
      firstStatus = undefined;
      return status;
    }),
  },
});

export const createQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });

export function App({
  queryClient,
  router,
}: {
  queryClient: QueryClient;
  /** Made (and its first location loaded) before the first render: main.tsx. */
  router: ReturnType<typeof makeRouter>;
}) {
  const [session] = useState(() =>
    liveSession(
      () => queryClient.clear(),
      () => void router.navigate({ to: '/' }),
    ),
  );
  // Read before the first render: a visitor's header draws its buttons at once (session.machine.ts).
  const [input] = useState(() => ({
    tokenFromQuery: adoptTokenFromUrl() ?? undefined,
    storedToken: storedToken(),
  }));
  // Maintenance or a region block must not hide the back office, where operators end them.
  const [gated] = useState(() => !isOpsPath(window.location.pathname));
  const app = (
    <SessionContext.Provider logic={session} options={{ input }}>
      <AuthModalsProvider>
        <RouterProvider router={router} />
      </AuthModalsProvider>
    </SessionContext.Provider>
  );
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AppStatusContext.Provider logic={liveStatusMachine}>
          {gated ? <AppStatusGate>{app}</AppStatusGate> : app}
        </AppStatusContext.Provider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
