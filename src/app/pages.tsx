import { lazyRouteComponent, type StaticDataRouteOption } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { GameType } from '../../contract/games.ts';
import { vendorLanesQuery } from '../api/queries.ts';
import { searchOf, text } from '../domain/search.ts';
import { AccountForm } from '../features/auth/AuthModalsHost.tsx';
import { registerSettingsQuery } from '../features/auth/queries.ts';
import { GameRow } from '../features/games/GameRow.tsx';
import { Home } from '../features/home/Home.tsx';
import { NoticeMarquee } from '../features/notices/NoticeMarquee.tsx';
import type { RouterContext } from './routerContext.ts';

/** Lobby search: a vendor filter; bad input is dropped rather than failing the page. */
export const lobbySearch = searchOf({ vendor: text(40) });

const withLanes = ({ context }: { context: RouterContext }) =>
  context.queryClient.ensureQueryData(vendorLanesQuery());

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** A lobby route's game type. */
    gameType?: GameType;
  }
}

// The game list pages, loaded with their route (a takeover and the server's render load a page's code first:
// firstPage.ts loadRouteCode), not with home.
const lobbyPages = () => import('../features/games/lobbyPages.tsx');
const LobbyRoute = lazyRouteComponent(lobbyPages, 'LobbyRoute');
const HotPage = lazyRouteComponent(lobbyPages, 'HotPage');
const FavPage = lazyRouteComponent(lobbyPages, 'FavPage');

/** A helper's route options, marked for the server to draw the page's first screen (firstScreenPaths, router.tsx). */
export const drawnFirst = <O extends object>(options: O) => ({
  ...options,
  staticData: {
    ...(options as { staticData?: StaticDataRouteOption }).staticData,
    firstScreen: true as const,
  },
});

/** Route options of a category lobby (the route files stay one line each). */
export const lobbyRoute = (gameType: GameType) => ({
  staticData: { gameType },
  validateSearch: lobbySearch,
  loader: withLanes,
  component: LobbyRoute,
});

/** /hot and /fav: the hot games and the member's favourites. */
export const gameListPageRoute = (mode: 'hot' | 'fav') => ({
  component: mode === 'hot' ? HotPage : FavPage,
});

/** Home (its aliases /index, /index.html and /home are rewritten to it by the router). */
export const homeRoute = () => ({
  loader: withLanes,
  component: () => <Home GameRow={GameRow} Marquee={NoticeMarquee} />,
});

/** /login and /register: the account forms as pages (the header opens the same forms as modals). */
export const accountRoute = (form: 'login' | 'register', title: ReactNode) => ({
  loader: ({ context }: { context: RouterContext }) =>
    context.queryClient.ensureQueryData(registerSettingsQuery()),
  component: () => (
    <div className="mx-auto flex max-w-md flex-col gap-4">
      <h1 className="text-2xl font-bold">{title}</h1>
      <AccountForm form={form} />
    </div>
  ),
});
