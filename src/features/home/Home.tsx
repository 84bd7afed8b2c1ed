import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ComponentType, lazy, Suspense, useDeferredValue } from 'react';
import { PAGE_SIZE } from '../../../contract/constants.ts';
import type { GameType } from '../../../contract/games.ts';
import { vendorLanesQuery } from '../../api/queries.ts';
import { isLotteryType, lotteryEntry } from '../../domain/lotteryLinks.ts';
import { GAME_TYPE_PATH } from '../../domain/routesMap.ts';
import { GAME_TYPE_LABEL } from '../../i18n/labels.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { WhenNear } from '../../ui/WhenNear.tsx';
import type { Provider } from './VendorSection.tsx';
import { WinnerBoard } from './WinnerBoard.tsx';

// Below the first screen and drawn only as it comes near (WhenNear: never in the server's screen or the first
// render), so its code comes then too, not with the first page.
const LotterySection = lazy(() =>
  import('./LotterySection.tsx').then((m) => ({ default: m.LotterySection })),
);
const VendorSection = lazy(() => import('./VendorSection.tsx').then((m) => ({ default: m.VendorSection })));
const ProviderLogos = lazy(() => import('./VendorSection.tsx').then((m) => ({ default: m.ProviderLogos })));

/** Spec §9: home lists by type show only RNG, FISH, LIVE and PVP. */
const HOME_SECTIONS = ['RNG', 'FISH', 'LIVE', 'PVP'] as const;
/** Vendor-tile categories with a home row: More opens the lobby on their first vendor (spec §2 Home). */
const VENDOR_SECTIONS = ['SPORTS', 'ESPORTS'] as const;
/** Games in a category row. */
const ROW_SIZE = 10;

/** A titled row of games (the games area draws it; pages.tsx hands it in, so features stay apart). */
export interface HomeRow {
  id: string;
  title: string;
  gameType: GameType;
  mode?: 'hot';
  size: number;
  more?: { to: string };
}

/** The notices feature's marquee comes in the same way as the games' rows. */
export function Home({ GameRow, Marquee }: { GameRow: ComponentType<HomeRow>; Marquee: ComponentType }) {
  const { t, i18n } = useLingui();
  // The reply reaches React as an urgent update; the sections it adds below the first screen render as a transition.
  const lanes = useDeferredValue(useQuery(vendorLanesQuery()).data);
  const has = (type: string) => lanes?.some((l) => l.title === type && l.cards.length > 0) ?? false;
  const vendorSections = VENDOR_SECTIONS.flatMap((type) => lanes?.filter((l) => l.title === type) ?? []);
  // Each provider once, with the first category it serves: its logo opens that lobby on it (a lottery vendor's, the
  // lottery centre on its category; TCG_SEA's, which starts a game, the e-lottery lobby, where its tile does).
  const providers = new Map<string, Provider>();
  for (const lane of lanes ?? [])
    for (const card of lane.cards) {
      if (providers.has(card.vassalage)) continue;
      const entry = isLotteryType(lane.title) ? lotteryEntry(lane.title, card.vassalage) : null;
      const link =
        entry?.kind === 'centre'
          ? entry
          : { to: GAME_TYPE_PATH[lane.title], search: { vendor: card.vassalage } };
      providers.set(card.vassalage, { ...card, to: link.to, search: link.search });
    }

  return (
    // Below the first screen (the title, the marquee, hot games and the winner board), sections are laid out and
    // painted, and their pictures fetched, only as they come near the view: a phone's first render does less.
    <div className="flex flex-col gap-8 [&>*:nth-child(n+5)]:[contain-intrinsic-size:auto_20rem] [&>*:nth-child(n+5)]:[content-visibility:auto]">
      <h1 className="sr-only">{t`Home`}</h1>
      <Marquee />
      <GameRow
        id="home-hot"
        title={t`Hot games`}
        gameType="RNG"
        mode="hot"
        size={PAGE_SIZE.hot}
        more={{ to: '/hot' }}
      />
      <WinnerBoard />
      <section aria-labelledby="home-providers" className="flex flex-col gap-3">
        <div className="flex items-center justify-between">
          <h2 id="home-providers" className="text-xl font-bold">
            <Trans>Providers</Trans>
          </h2>
          <Link to="/providers" className="text-sm font-semibold text-accent-ink">
            <Trans>All providers</Trans>
          </Link>
        </div>
        {lanes ? (
          // Below the first screen on a phone: its links and logos are built as it comes near.
          <WhenNear height="3rem">
            <Suspense fallback={<div style={{ minHeight: '3rem' }} />}>
              <ProviderLogos providers={[...providers.values()]} />
            </Suspense>
          </WhenNear>
        ) : (
          <Skeleton className="h-12 w-full" />
        )}
      </section>
      {lanes
        ? HOME_SECTIONS.filter(has).map((type) => (
            // Each row loads its games and renders when scrolled near, not with the first screen.
            <WhenNear key={type} height="16rem">
              <GameRow
                id={`home-${type}`}
                title={i18n._(GAME_TYPE_LABEL[type])}
                gameType={type}
                size={ROW_SIZE}
                more={{ to: GAME_TYPE_PATH[type] }}
              />
            </WhenNear>
          ))
        : HOME_SECTIONS.map((type) => <Skeleton key={type} className="h-40 w-full" />)}
      {lanes && (
        <WhenNear height="12rem">
          <Suspense fallback={<div style={{ minHeight: '12rem' }} />}>
            <LotterySection lanes={lanes} />
          </Suspense>
        </WhenNear>
      )}
      {vendorSections.map((lane) => (
        <WhenNear key={lane.title} height="12rem">
          <Suspense fallback={<div style={{ minHeight: '12rem' }} />}>
            <VendorSection lane={lane} />
          </Suspense>
        </WhenNear>
      ))}
      <section
        aria-labelledby="home-download"
        className="flex flex-col items-start gap-3 rounded-2xl bg-brand p-6 text-white sm:flex-row sm:items-center"
      >
        <div className="flex-1">
          <h2 id="home-download" className="text-xl font-bold">
            <Trans>Play on your phone</Trans>
          </h2>
          <p className="opacity-90">
            <Trans>Install the app on iOS or Android in a minute.</Trans>
          </p>
        </div>
        <Link to="/download" className="rounded-full bg-white px-5 py-2 font-semibold text-brand">
          <Trans>App Download</Trans>
        </Link>
      </section>
    </div>
  );
}
