import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Link,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import { vi } from 'vitest';
import type { ActorRefFrom } from 'xstate';
import type { z } from 'zod';
import type { registerSettings } from '../../contract/auth.ts';
import type { Game, Vendor, VendorLane } from '../../contract/games.ts';
import type { MemberInfo } from '../../contract/member.ts';
import type { WhitelabelInfo } from '../../contract/system.ts';
import { passwordRule } from '../../machines/login.events.ts';
import type { sessionMachine } from '../../machines/session.machine.ts';
import { vendorLanesQuery, whitelabelQuery } from '../api/queries.ts';
import { storedToken } from '../api/session.ts';
import { gameListPageRoute, lobbyRoute } from '../app/pages.tsx';
import type { RouterContext } from '../app/routerContext.ts';
import { useAccountFlows } from '../features/auth/AccountModal.tsx';
import { AuthModalsHost } from '../features/auth/AuthModalsHost.tsx';
import { liveSession } from '../features/auth/liveSession.ts';
import { registerSettingsQuery } from '../features/auth/queries.ts';
import { GAME_LIST_CONTRACTS, type GameListCall } from '../features/games/gameListCalls.ts';
import { AuthModalsProvider } from '../session/authModals.tsx';
import { SessionContext } from '../session/sessionContext.ts';
import { flush, type ServerRequest, server } from './authHarness.tsx';

/**
 * The lobby as the app mounts it, for the lobby tests: the real lobby routes (src/app/pages.tsx) in a memory router,
 * the real session machine and account modals around them, and the auth tests' fake server behind `call` (the test
 * file mocks src/api/client.ts with `server.call`). The merchant data the pages read (vendor lanes, white-label
 * features, registration settings for the login popup) is in the query cache before the first render.
 *
 * This module must not import src/api/client.ts: the test files' `vi.mock` factory imports the auth harness.
 */

const vendor = (vassalage: string, displayName: string, gameType: Vendor['gameType']): Vendor => ({
  vassalage,
  gameType,
  gameCategory: gameType === 'LIVE' ? 'LIVE' : 'RNG',
  displayName,
  logoUrl: `/logos/${vassalage}.png`,
  gameCount: 10,
});

export const LANES: VendorLane[] = [
  {
    title: 'RNG',
    cards: [vendor('PG', 'PG Soft', 'RNG'), vendor('JDB', 'JDB Gaming', 'RNG')],
    gameClassify: ['SLOT', 'TABLE'],
  },
  {
    title: 'LIVE',
    cards: [vendor('EVO', 'Evolution', 'LIVE'), vendor('PG', 'PG Soft', 'LIVE')],
    gameClassify: ['BACCARAT'],
  },
  { title: 'SPORTS', cards: [vendor('SBO', 'SBO Sports', 'SPORTS')], gameClassify: [] },
  { title: 'PVP', cards: [vendor('KY', 'Kaiyuan Gaming', 'PVP')], gameClassify: ['CARD'] },
];

const SETTINGS: z.output<typeof registerSettings.response>['value'] = {
  fields: [passwordRule],
  ageLimit: 18,
  countries: [{ countryCode: 'VN', countryDialingCode: '+84' }],
  smsVerification: false,
};

/** What the test reaches through the app: the session actor and the account flows (the login form's way out). */
export const app = {
  session: null as unknown as ActorRefFrom<typeof sessionMachine>,
  flows: null as unknown as ReturnType<typeof useAccountFlows>,
  router: null as unknown as ReturnType<typeof makeRouter>,
};

function Root() {
  app.session = SessionContext.useActorRef();
  app.flows = useAccountFlows();
  return (
    <>
      {/* The header's category link, for a path change. */}
      <nav aria-label="Main">
        <Link to="/live">Go to live casino</Link>
      </nav>
      <Outlet />
      <AuthModalsHost />
    </>
  );
}

function makeRouter(queryClient: QueryClient, at: string) {
  const root = createRootRouteWithContext<RouterContext>()({ component: Root });
  const under = { getParentRoute: () => root };
  const routeTree = root.addChildren([
    createRoute({ ...under, path: '/rng', ...lobbyRoute('RNG') }),
    createRoute({ ...under, path: '/live', ...lobbyRoute('LIVE') }),
    createRoute({ ...under, path: '/sports', ...lobbyRoute('SPORTS') }),
    createRoute({ ...under, path: '/pvp', ...lobbyRoute('PVP') }),
    createRoute({ ...under, path: '/hot', ...gameListPageRoute('hot') }),
    createRoute({ ...under, path: '/fav', ...gameListPageRoute('fav') }),
  ]);
  return createRouter({
    routeTree,
    context: { queryClient },
    history: createMemoryHistory({ initialEntries: [at] }),
  });
}

/**
 * jsdom lays nothing out and has no `scrollIntoView`: the lobby's calls are recorded here instead (`mock.contexts`
 * holds the elements scrolled to). Cleared by each `mountApp`.
 */
export const scrolledIntoView = vi.fn<(options?: ScrollIntoViewOptions) => void>();

export interface MountOptions {
  /** A member's session (their token is in session storage), or a visitor's. */
  member?: MemberInfo | null;
  freePlay?: boolean;
}

/** Mounts the app at `at` and lets the session start (the member info is answered at once). */
export async function mountApp(at: string, { member = null, freePlay = true }: MountOptions = {}) {
  scrolledIntoView.mockClear();
  Element.prototype.scrollIntoView = scrolledIntoView;
  if (member) sessionStorage.setItem('token', 't-member');
  server.answerAlways('/wps/member/info', () => member);
  server.answerAlways('/wps/session/logout', () => null);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(vendorLanesQuery().queryKey, LANES);
  queryClient.setQueryData(whitelabelQuery().queryKey, {
    features: { FREE_PLAY: freePlay },
    firebase: null,
    brand: { currencySign: '$' },
  } as unknown as WhitelabelInfo);
  queryClient.setQueryData(registerSettingsQuery().queryKey, SETTINGS);
  const router = makeRouter(queryClient, at);
  app.router = router;
  await act(() => router.load());
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SessionContext.Provider
          logic={liveSession(
            () => {},
            () => {},
          )}
          options={{ input: { storedToken: storedToken() } }}
        >
          <AuthModalsProvider>
            <RouterProvider router={router} />
          </AuthModalsProvider>
        </SessionContext.Provider>
      </QueryClientProvider>
    </I18nProvider>,
  );
  await flush();
}

/** A login as the login popup ends one: the token stored, then the account flows' `onLogin`. */
export async function logIn(member: MemberInfo) {
  server.answerAlways('/wps/member/info', () => member);
  sessionStorage.setItem('token', 't-login');
  await act(async () => app.flows.onLogin({ loggedIn: true, afterLogin: false, passwordChanged: false }));
}

/** A logout as the user menu does it: sign out, then confirm. */
export async function logOut() {
  await act(async () => {
    app.session.send({ type: 'logout.request' });
    app.session.send({ type: 'logout.confirm' });
  });
}

/** The list endpoints by path, and back. */
const LIST_PATHS: string[] = Object.values(GAME_LIST_CONTRACTS).map((c) => c.path);

/** The newest list request the view sent and nobody answered (a cancelled load's request is never answered). */
export function latestListRequest(): ServerRequest {
  const pending = server.requests.filter((r) => !r.settled && LIST_PATHS.includes(r.path));
  const request = pending.at(-1);
  if (!request) throw new Error('the view has no list request on its way');
  return request;
}

/** The list requests the view sent so far. */
export const listRequests = () => server.requests.filter((r) => LIST_PATHS.includes(r.path));

/** The request a call of gameListCalls.ts makes, as the fake server records it. */
export const expectedRequest = (c: GameListCall) => ({
  path: GAME_LIST_CONTRACTS[c.kind].path,
  input: { query: c.query },
});

/** Answers a list request with one page, in its endpoint's envelope and shape (parsed by its contract). */
export async function replyList(
  request: ServerRequest,
  page: { games: Game[]; totalPages: number; total?: number },
) {
  const { games, totalPages, total = games.length } = page;
  const envelope =
    request.path === GAME_LIST_CONTRACTS.list.path
      ? { data: { games, totalPages, total } }
      : request.path === GAME_LIST_CONTRACTS.hot.path
        ? { data: { games } }
        : request.path === GAME_LIST_CONTRACTS.fav.path
          ? { value: { content: games, totalPages } }
          : { value: { list: games, totalPages } };
  request.settled = true;
  const parsed = request.contract!.response.parse({ success: true, ...envelope });
  await act(async () => request.resolve(parsed));
}

export async function failRequest(request: ServerRequest, error: unknown) {
  request.settled = true;
  await act(async () => request.reject(error));
}
