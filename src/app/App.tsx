import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { systemStatus } from '../../contract/routes.ts';
import type { SystemStatus } from '../../contract/system.ts';
import { appStatusMachine } from '../../machines/appStatus.machine.ts';
import { type Api, call } from '../api/client.ts';
import { RenderQueryClient } from '../api/queries.ts';
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
  // Seen by the status machine when it starts; a read nobody takes (a page taken over from the server's render draws
  // no status gate) must not be an unhandled rejection.
  firstStatus.catch(() => undefined);
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

const QUERY_DEFAULTS = { defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } };

/** The tab's query client; given a render's calls (src/ssr), that render's own. */
export const createQueryClient = (api?: Api): QueryClient =>
  api ? new RenderQueryClient(api, QUERY_DEFAULTS) : new QueryClient(QUERY_DEFAULTS);

/**
 * The session's start (machines/session.machine.ts): read before the first render, so that a visitor's header draws
 * its buttons at once. The server's first screen (src/ssr) starts as a visitor.
 */
export type SessionStart = { storedToken?: string | null };

export function App({
  queryClient,
  router,
  session: input,
  gated,
}: {
  queryClient: QueryClient;
  /** Made (and its first location loaded) before the first render: main.tsx. */
  router: ReturnType<typeof makeRouter>;
  session: SessionStart;
  /** Behind the status gate (maintenance, region); the back office is not: operators end them there. */
  gated: boolean;
}) {
  const [session] = useState(() =>
    liveSession(
      () => queryClient.clear(),
      () => void router.navigate({ to: '/' }),
    ),
  );
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
