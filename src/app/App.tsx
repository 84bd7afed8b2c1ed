import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { systemStatus } from '../../contract/routes.ts';
import { appStatusMachine } from '../../machines/appStatus.machine.ts';
import type { SessionInput } from '../../machines/session.machine.ts';
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

/**
 * The status gate's read: the page's first replies answer it (contract/firstReplies.ts), so it starts with the gate,
 * and a page the server drew (no gate) makes none.
 */
const liveStatusMachine = appStatusMachine.provide({
  actors: { loadStatus: fromPromise(async () => (await call(systemStatus, { query: {} })).value) },
});

const QUERY_DEFAULTS = { defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } };

/** The tab's query client; given a render's calls (src/ssr), that render's own. */
export const createQueryClient = (api?: Api): QueryClient =>
  api ? new RenderQueryClient(api, QUERY_DEFAULTS) : new QueryClient(QUERY_DEFAULTS);

export function App({
  queryClient,
  router,
  session: input,
  gated,
}: {
  queryClient: QueryClient;
  /** Made (and its first location loaded) before the first render: main.tsx. */
  router: ReturnType<typeof makeRouter>;
  /**
   * The session's start, read before the first render: a visitor's header draws its buttons at once, a returning
   * member's their account (src/app/memberStart.ts). The server's first screen (src/ssr) starts as a visitor.
   */
  session: SessionInput;
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
        {/* The status machine (and its read) only behind the gate, its one reader: a page the server drew in normal
            status, or the back office, starts none. */}
        {gated ? (
          <AppStatusContext.Provider logic={liveStatusMachine}>
            <AppStatusGate>{app}</AppStatusGate>
          </AppStatusContext.Provider>
        ) : (
          app
        )}
      </QueryClientProvider>
    </I18nProvider>
  );
}
