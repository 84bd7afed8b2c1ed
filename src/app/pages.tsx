import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazyRouteComponent, type StaticDataRouteOption } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense } from 'react';
import type { GameType } from '../../contract/games.ts';
import type { PaymentOrder } from '../../contract/payments.ts';
import { vendorLanesQuery } from '../api/queries.ts';
import { searchOf, text } from '../domain/search.ts';
import { AccountForm } from '../features/auth/AuthModalsHost.tsx';
import { registerSettingsQuery } from '../features/auth/queries.ts';
import { GameRow } from '../features/games/GameRow.tsx';
import { Home } from '../features/home/Home.tsx';
import type { MemberSlots } from '../features/member/MemberCentre.tsx';
import { NoticeMarquee } from '../features/notices/NoticeMarquee.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import type { RouterContext } from './routerContext.ts';

// Personal Center parts: loaded there, not with the first page (every route file imports this module).
const ChangePasswordForm = lazy(() =>
  import('../features/auth/ChangePasswordForm.tsx').then((m) => ({ default: m.ChangePasswordForm })),
);
const WithdrawalConfirmation = lazy(() =>
  import('../features/withdrawal/WithdrawalConfirmation.tsx').then((m) => ({
    default: m.WithdrawalConfirmation,
  })),
);

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

/** The login-password form of the account feature, inline in the Personal Center's My Account page. */
function MemberChangePassword({ onDone }: { onDone: () => void }) {
  const settings = useQuery(registerSettingsQuery());
  const rule = settings.data?.fields.find((r) => r.field === 'password');
  const loading = <Skeleton className="h-48 w-full" />;
  if (!rule) return loading;
  return (
    <Suspense fallback={loading}>
      <ChangePasswordForm rule={rule} onDone={onDone} />
    </Suspense>
  );
}

/** A disbursed withdrawal's confirmation in the Personal Center's list; an answer refreshes the money lists. */
function MemberWithdrawalConfirmation({ order }: { order: PaymentOrder }) {
  const queryClient = useQueryClient();
  return (
    <Suspense fallback={<Skeleton className="h-24 w-full" />}>
      <WithdrawalConfirmation
        order={order}
        onOrderChange={() => {
          void queryClient.invalidateQueries({ queryKey: ['member', 'paymentOrders'] });
          void queryClient.invalidateQueries({ queryKey: ['member', 'accountRecord'] });
          void queryClient.invalidateQueries({ queryKey: ['balance'] });
        }}
      />
    </Suspense>
  );
}

/** What the Personal Center gets from other features (features meet here, never import each other). */
export const memberSlots: MemberSlots = {
  changePassword: (onDone) => <MemberChangePassword onDone={onDone} />,
  renderConfirmation: (order) => <MemberWithdrawalConfirmation order={order} />,
};
