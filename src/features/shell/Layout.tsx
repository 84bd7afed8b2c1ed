import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { type ReactNode, Suspense, useEffect, useSyncExternalStore } from 'react';
import { whitelabelQuery } from '../../api/queries.ts';
import { lazyChunk } from '../../ui/chunkLoad.ts';
import { Deferred } from '../../ui/Deferred.tsx';
import { RouteProgress } from '../../ui/RouteProgress.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { applyBrand, applyTheme, savedTheme } from './appearance.ts';
import { BannerArea } from './BannerArea.tsx';
import { ChunkErrorBoundary, PageLoadTimeout, PreloadErrorNotice } from './ChunkErrorBoundary.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

const GAME_PATH = '/game';

// The floating support button is a wide screen's (from `lg`, as its class says): a phone neither builds it nor loads
// its code, and a window widened past `lg` gets it then.
const SideMenu = lazyChunk('SideMenu', () => import('./SideMenu.tsx').then((m) => ({ default: m.SideMenu })));
const WIDE = '(min-width: 64rem)';
// jsdom has no matchMedia: there the screen counts as wide.
const wideQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(WIDE) : null);
const subscribeWide = (onChange: () => void) => {
  const query = wideQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};
const useWide = () =>
  useSyncExternalStore(
    subscribeWide,
    () => wideQuery()?.matches ?? true,
    () => false,
  );

/**
 * The portal frame around every page; the app supplies the account area, the account modals and the footer's
 * app-download entry (which opens its modal).
 */
export function Layout({
  account,
  modals,
  download,
}: {
  account: ReactNode;
  modals: ReactNode;
  download?: ReactNode;
}) {
  const { t } = useLingui();
  const info = useQuery(whitelabelQuery());
  const loading = useRouterState({ select: (s) => s.status === 'pending' });
  const page = useRouterState({ select: (s) => s.location.pathname });
  // A game on a phone is the whole screen (its own bar has back, title and balance): the portal's chrome steps aside.
  const game = page === GAME_PATH;
  const wide = useWide();
  const chrome = game ? 'max-lg:hidden' : '';

  useEffect(() => {
    if (!info.data) return;
    applyBrand(info.data.brand);
    applyTheme(savedTheme(info.data.brand.defaultTheme), false);
  }, [info.data]);

  return (
    <div className="flex min-h-screen flex-col bg-surface text-ink">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50"
      >
        <Trans>Skip to content</Trans>
      </a>
      <RouteProgress active={loading} label={t`Loading page`} />
      <Header account={account} className={chrome} />
      <div className={chrome}>
        <BannerArea />
      </div>
      <main id="main" className={`mx-auto w-full max-w-page flex-1 px-3 py-4 ${game ? 'max-lg:p-0' : ''}`}>
        {/* The first page mounts as a transition, after the frame around it (header, banners) has painted. */}
        <Deferred fallback={<Skeleton className="h-screen w-full" />}>
          <ChunkErrorBoundary>
            <Outlet />
          </ChunkErrorBoundary>
        </Deferred>
      </main>
      {/* Below the first screen or closed: they mount after it, as a transition of their own. */}
      <Deferred fallback={null}>
        <div className={chrome}>
          <Footer download={download} />
        </div>
        {!game && wide && (
          <Suspense fallback={null}>
            <SideMenu />
          </Suspense>
        )}
        <ChunkErrorBoundary>{modals}</ChunkErrorBoundary>
        <PreloadErrorNotice />
      </Deferred>
      <PageLoadTimeout pending={loading} page={page} />
    </div>
  );
}
