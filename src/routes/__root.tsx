import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, redirect, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { whitelabelQuery } from '../api/queries.ts';
import { storedToken } from '../api/session.ts';
import type { RouterContext } from '../app/routerContext.ts';
import { isOpsPath, mustLogIn } from '../domain/routesMap.ts';
import { AccountArea } from '../features/auth/AccountArea.tsx';
import { AuthModalsHost } from '../features/auth/AuthModalsHost.tsx';
import { DownloadAppButton } from '../features/download/DownloadAppButton.tsx';
import { NoticePopup } from '../features/notices/NoticePopup.tsx';
import { isPlayPath } from '../features/play/paths.ts';
import { applyBrand, applyTheme, savedTheme } from '../features/shell/appearance.ts';
import { Layout } from '../features/shell/Layout.tsx';

// A member's inbox badge, which a visitor's page never shows, loads when a member's header draws it.
const MessageBadge = lazy(() =>
  import('../features/member/messages/MessageBadge.tsx').then((m) => ({ default: m.MessageBadge })),
);
// A wrong address's page comes when one is asked for, not with every first page.
const ComingSoon = lazy(() =>
  import('../features/soon/ComingSoon.tsx').then((m) => ({ default: m.ComingSoon })),
);

export const Route = createRootRouteWithContext<RouterContext>()({
  // Spec §2 Access guard: only when the merchant's logged-in-to-home flag is on. Game pages carry their own
  // launch token instead.
  beforeLoad: async ({ context, location }) => {
    if (isOpsPath(location.pathname)) return;
    const info = await context.queryClient.ensureQueryData(whitelabelQuery());
    if (
      !isPlayPath(location.pathname) &&
      mustLogIn(location.pathname, info.features.LOGGED_IN_TO_HOME, storedToken() !== null)
    )
      throw redirect({ to: '/login' });
  },
  component: Root,
  notFoundComponent: () => (
    <Suspense fallback={null}>
      <ComingSoon title={<Trans>Page not found</Trans>} />
    </Suspense>
  ),
});

/**
 * Game pages (/play/…) open inside the /game page's frame or a popup: the brand's look, no portal frame. The back
 * office brings its own frame.
 */
function Root() {
  const ops = useRouterState({ select: (s) => isOpsPath(s.location.pathname) });
  const bare = useRouterState({ select: (s) => isPlayPath(s.location.pathname) });
  const info = useQuery({ ...whitelabelQuery(), enabled: bare });
  useEffect(() => {
    if (!bare || !info.data) return;
    applyBrand(info.data.brand);
    applyTheme(savedTheme(info.data.brand.defaultTheme), false);
  }, [bare, info.data]);
  return bare || ops ? (
    <Outlet />
  ) : (
    <Layout
      account={
        <AccountArea
          inbox={
            <Suspense fallback={null}>
              <MessageBadge />
            </Suspense>
          }
        />
      }
      download={<DownloadAppButton className="underline-offset-4 hover:text-ink hover:underline" />}
      modals={
        <>
          <AuthModalsHost />
          <NoticePopup />
        </>
      }
    />
  );
}
