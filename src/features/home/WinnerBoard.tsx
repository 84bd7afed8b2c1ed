import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import { GAME_CATEGORIES } from '../../../contract/constants.ts';
import type { GameCategory } from '../../../contract/games.ts';
import { whitelabelQuery, winnerBoardQuery } from '../../api/queries.ts';
import { GAME_TYPE_LABEL } from '../../i18n/labels.ts';
import { AmountText } from '../../ui/AmountText.tsx';
import { useImageUrl } from '../../ui/imageUrl.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { useNear } from '../../ui/WhenNear.tsx';
import { JackpotTicker, jackpotStorageKey } from './JackpotTicker.tsx';

type Category = GameCategory | 'ALL';

/** The selector's entries: all wins, then each vendor category (lottery covers both lottery types). */
const CATEGORIES: [Category, MessageDescriptor][] = [
  ['ALL', msg`All games`],
  ...GAME_CATEGORIES.map((c): [Category, MessageDescriptor] => [
    c,
    GAME_TYPE_LABEL[c === 'LOTTERY' ? 'LOTT' : c],
  ]),
];

/** Spec §9 currency sign default, until the merchant's is known. */
const DEFAULT_SIGN = '$';

function WinsSkeleton() {
  return (
    <div className="flex flex-col gap-2">
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} className="h-14 w-full" />
      ))}
    </div>
  );
}

/**
 * The home winner board (spec §1, §3): the rolling jackpot figure and the latest wins (masked name, game, amount),
 * all games or one category.
 */
export function WinnerBoard() {
  const imageUrl = useImageUrl();
  const { i18n } = useLingui();
  const ids = { title: useId(), list: useId(), category: useId() };
  const [category, setCategory] = useState<Category>('ALL');
  const site = useQuery(whitelabelQuery());
  // Deferred like a game row's tiles: twenty rows of a reply drawn as a transition, not in the urgent update.
  const wins = useDeferredValue(useQuery(winnerBoardQuery(category, i18n.locale)));
  const sign = site.data?.brand.currencySign ?? DEFAULT_SIGN;
  // The games' pictures load once the list is in view, not with the first screen it sits just below on a phone (the
  // browser's own lazy loading starts a screen and more ahead: twenty pictures while the app loads).
  const [listRef, inView] = useNear<HTMLUListElement>('0px');

  return (
    <section
      aria-labelledby={ids.title}
      aria-busy={wins.isPending}
      className="flex flex-col gap-4 rounded-2xl border border-line bg-raised p-4"
    >
      <h2 id={ids.title} className="text-xl font-bold">
        <Trans>Winner board</Trans>
      </h2>
      {site.data ? (
        // Keyed by the storage key: another merchant's figure is another ticker.
        <JackpotTicker
          key={site.data.merchantCode}
          storageKey={jackpotStorageKey(site.data.merchantCode)}
          sign={sign}
        />
      ) : (
        <Skeleton className="h-28 w-full" />
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={ids.list} className="font-semibold">
          <Trans>Latest wins</Trans>
        </h3>
        <div className="flex items-center gap-2 text-sm">
          <label htmlFor={ids.category} className="text-muted">
            <Trans>Category</Trans>
          </label>
          <select
            id={ids.category}
            value={category}
            onChange={(e) => setCategory(e.target.value as Category)}
            className="h-9 rounded-lg border border-line bg-surface px-2"
          >
            {CATEGORIES.map(([value, label]) => (
              <option key={value} value={value}>
                {i18n._(label)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {wins.isPending ? (
        <WinsSkeleton />
      ) : wins.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm">
          <p>
            <Trans>The latest wins could not be loaded.</Trans>
          </p>
          <button
            type="button"
            onClick={() => void wins.refetch()}
            disabled={wins.isFetching}
            className="rounded-full bg-brand px-4 py-1.5 font-semibold text-white disabled:opacity-60"
          >
            <Trans>Retry</Trans>
          </button>
        </div>
      ) : wins.data.length === 0 ? (
        <p className="text-sm text-muted">
          <Trans>No wins yet.</Trans>
        </p>
      ) : (
        <ul
          ref={listRef}
          aria-labelledby={ids.list}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the list scrolls, so keyboard users must reach it
          tabIndex={0}
          // Below a phone's first screen: its rows are laid out and painted as it comes near.
          className="flex max-h-[28rem] flex-col divide-y divide-line overflow-y-auto [contain-intrinsic-size:auto_28rem] [content-visibility:auto]"
        >
          {wins.data.map(({ customerId, vo }, i) => (
            // The same member may win twice: the position tells rows apart (the list is replaced, never edited).
            <li key={`${i}-${customerId}`} className="flex items-center gap-3 py-2">
              {inView ? (
                <img
                  src={imageUrl(vo.iconUrl)}
                  alt=""
                  className="h-10 w-10 shrink-0 rounded-lg"
                  decoding="async"
                />
              ) : (
                <span aria-hidden="true" className="h-10 w-10 shrink-0 rounded-lg bg-line/50" />
              )}
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="truncate text-sm font-semibold">{vo.customerName}</span>
                <span className="truncate text-xs text-muted">{vo.gameName}</span>
              </div>
              <span className="shrink-0 text-sm font-bold">
                <AmountText minor={vo.winAmount} sign={sign} locale={i18n.locale} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
