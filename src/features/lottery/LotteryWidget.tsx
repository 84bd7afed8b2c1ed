import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type KeyboardEvent, useId, useRef } from 'react';
import type { LotteryGame, PrizeMode } from '../../../contract/lottery.ts';
import { type Clock, connectLotteryRefresh } from '../../../machines/lotteryRefresh.connect.ts';
import {
  type LotteryListMode,
  type LotteryTab,
  WEEK_MENU,
} from '../../../machines/lotteryRefresh.machine.ts';
import type { LotteryCategory } from '../../domain/lotteryLinks.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { useHydrated } from '../../ui/useHydrated.ts';
import { AwaitingResults } from './AwaitingResults.tsx';
import { GameCountdown } from './GameCountdown.tsx';
import { useLotteryLabels } from './labels.ts';
import { isKeno, parseKenoNumbers, parseWinningNumbers } from './numbers.ts';
import { useLotteryList } from './useLotteryList.ts';

const MODES: LotteryListMode[] = ['hot', 'fav', 'recent'];
const NEXT_DRAW_FORMAT: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
};

const chip =
  'h-9 rounded-full border border-line px-3 text-sm font-medium hover:bg-line/40 aria-pressed:border-brand aria-pressed:bg-brand aria-pressed:text-white';

/** The network message of a failed call (spec §8), or the server's own words. */
export function useFailureText() {
  const { t } = useLingui();
  return (error: { code: string; message?: string } | null) =>
    error && error.code !== 'NETWORK' && error.message
      ? error.message
      : t`Network abnormal, please try again.`;
}

/**
 * What a lottery without a result shows: when it next draws (a fresh install's daily lotteries until their first
 * draw), or just that there is none while a past draw awaits its official results (AwaitingResults says so).
 */
export function useNoResultText() {
  const { i18n, t } = useLingui();
  return (game?: Pick<LotteryGame, 'drawTime' | 'awaitingIssue'>) => {
    if (!game || game.awaitingIssue) return t`No result yet`;
    const when = formatDateTime(game.drawTime, i18n.locale, NEXT_DRAW_FORMAT);
    return t`No result yet. Next draw: ${when}`;
  };
}

/**
 * The lottery widget (spec §2 Lottery widget): tabs ALL / one per Vietnam tag / KENO (only when the menu has it),
 * list modes hot, fav and recent (both for members), the weekday menu, and each lottery's previous numbers and
 * countdown. The lobby variant (the lottery centre) has the category selector (Lott or Elott); it starts on `tag`
 * and tells a chosen category to `onCategoryChange` when given (the route keeps it in the URL). Elsewhere the widget
 * links to the centre. The lotteryRefresh machine owns the list and
 * its refreshes; this view renders it and sends what the visitor does.
 */
export function LotteryWidget({
  prizeMode,
  tag,
  lobby = false,
  onCategoryChange,
}: {
  prizeMode: PrizeMode;
  tag?: LotteryTab;
  lobby?: boolean;
  onCategoryChange?: (prizeMode: LotteryCategory) => void;
}) {
  const { t } = useLingui();
  const labels = useLotteryLabels();
  const failure = useFailureText();
  const actor = useLotteryList({ scope: prizeMode, tag });
  const view = connectLotteryRefresh(
    useSelector(actor, (s) => s),
    actor.send,
  );
  const { tabs, rows, skeleton, loadFailed, staleError, weekMenu, busy } = view;
  const panelId = useId();
  const tabIds = useId();
  const tabRefs = useRef(new Map<LotteryTab, HTMLButtonElement>());

  const selectTab = view.selectTab;
  const onTabKey = (e: KeyboardEvent) => {
    const i = tabs.indexOf(view.tag);
    const next =
      e.key === 'ArrowRight'
        ? tabs[(i + 1) % tabs.length]
        : e.key === 'ArrowLeft'
          ? tabs[(i - 1 + tabs.length) % tabs.length]
          : e.key === 'Home'
            ? tabs[0]
            : e.key === 'End'
              ? tabs.at(-1)
              : undefined;
    if (!next) return;
    e.preventDefault();
    selectTab(next);
    tabRefs.current.get(next)?.focus();
  };

  const categories: { mode: LotteryCategory; label: string }[] = [
    { mode: 'Lott', label: t`Lottery` },
    { mode: 'Elott', label: t`E-lottery` },
  ];

  return (
    <section
      aria-label={t`Lotteries`}
      className="flex flex-col gap-3 rounded-xl border border-line bg-raised p-3"
    >
      {!lobby && (
        <Link
          to="/lotteryCenter"
          search={{ prizeMode: prizeMode === 'Elott' ? 'Elott' : 'Lott' }}
          className="self-end text-sm font-semibold text-accent-ink hover:underline"
        >
          <Trans>Lottery centre</Trans>
        </Link>
      )}
      {lobby && (
        <fieldset className="m-0 min-w-0 border-0 p-0 flex gap-2">
          <legend className="sr-only">{t`Category`}</legend>
          {categories.map((c) => (
            <button
              key={c.mode}
              type="button"
              className={chip}
              aria-pressed={view.scope === c.mode}
              onClick={() => (onCategoryChange ? onCategoryChange(c.mode) : view.selectPrizeMode(c.mode))}
            >
              {c.label}
            </button>
          ))}
        </fieldset>
      )}
      <div
        role="tablist"
        aria-label={t`Lottery regions`}
        className="flex gap-1 overflow-x-auto border-b border-line"
        onKeyDown={onTabKey}
      >
        {tabs.map((tag) => {
          const selected = tag === view.tag;
          return (
            <button
              key={tag}
              ref={(el) => {
                if (el) tabRefs.current.set(tag, el);
                else tabRefs.current.delete(tag);
              }}
              id={`${tabIds}-${tag}`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              className={`shrink-0 border-b-2 px-3 py-2 text-sm font-semibold ${selected ? 'border-brand text-brand-ink' : 'border-transparent text-muted'}`}
              onClick={() => selectTab(tag)}
            >
              {labels.tag(tag)}
            </button>
          );
        })}
      </div>
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={`${tabIds}-${view.tag}`}
        // The lottery centre's list is most of its page: at least a screen high, loading or loaded, long or short, so
        // that the footer stays below the first screen when the rows come or the tab changes. As high as its three
        // loading rows, the footer the server draws stood on a phone's first screen and the rows pushed it off
        // (Lighthouse CLS 0.108 on /lotteryCenter); a short list (E-lottery) would pull it up.
        className={`flex flex-col gap-3 ${lobby ? 'min-h-svh' : ''}`}
      >
        <fieldset className="m-0 min-w-0 border-0 p-0 flex flex-wrap gap-2">
          <legend className="sr-only">{t`List type`}</legend>
          {MODES.map((m) => (
            <button
              key={m}
              type="button"
              className={chip}
              aria-pressed={view.mode === m}
              onClick={() => view.selectMode(m)}
            >
              {labels.mode(m)}
            </button>
          ))}
        </fieldset>
        {weekMenu && (
          <fieldset className="m-0 min-w-0 border-0 p-0 flex flex-wrap gap-1">
            <legend className="sr-only">{t`Draw day`}</legend>
            {WEEK_MENU.map((code) => (
              <button
                key={code}
                type="button"
                className={`${chip} h-8 px-2 text-xs`}
                aria-pressed={view.week === code}
                aria-label={labels.weekFull(code)}
                onClick={() => view.selectWeek(code)}
              >
                {labels.week(code)}
              </button>
            ))}
          </fieldset>
        )}
        {staleError && (
          <p role="alert" className="rounded-lg bg-danger/10 px-3 py-2 text-sm text-danger">
            {failure(staleError)} <Trans>The list is refreshed again shortly.</Trans>
          </p>
        )}
        {loadFailed ? (
          <div
            role="alert"
            className="flex flex-col items-center gap-3 rounded-xl border border-line p-6 text-center"
          >
            <p>{failure(view.error)}</p>
            <button
              type="button"
              className="h-10 rounded-full border border-line px-4 text-sm font-semibold hover:bg-line/40"
              onClick={view.retry}
            >
              <Trans>Retry</Trans>
            </button>
          </div>
        ) : skeleton ? (
          <ul aria-label={t`Loading lotteries`} aria-busy="true" className="flex flex-col gap-2">
            {[0, 1, 2].map((i) => (
              <li key={i} data-testid="lottery-skeleton">
                <Skeleton className="h-16 w-full" />
              </li>
            ))}
          </ul>
        ) : rows.length === 0 ? (
          <p className="rounded-lg border border-dashed border-line p-6 text-center text-sm text-muted">
            {view.mode === 'fav' ? (
              <Trans>No favourite lotteries yet: tap a heart to keep one here.</Trans>
            ) : (
              <Trans>No lotteries here.</Trans>
            )}
          </p>
        ) : (
          <ul aria-label={t`Lotteries`} aria-busy={busy} className="flex flex-col gap-2">
            {rows.map((game) => (
              <LotteryRow
                key={game.gameId}
                game={game}
                clock={view.clock}
                favourite={view.isFavourite(game.gameId)}
                onFavourite={() => view.toggleFavourite(game.gameId)}
              />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/**
 * The previous winning numbers: DB highlighted first, then G1 … (a row shows DB and G1); for Keno (`keno`) the 20
 * numbers in ascending order, compact and without prize labels. A lottery without a result (a fresh install's
 * daily lotteries until their first draw) says when it next draws (`game`), unless a past draw is still awaiting its
 * official results (AwaitingResults says so).
 */
export function PreviousNumbers({
  text,
  limit = 2,
  keno = false,
  game,
}: {
  text: string | null;
  limit?: number;
  keno?: boolean;
  game?: Pick<LotteryGame, 'drawTime' | 'awaitingIssue'>;
}) {
  const noResult = useNoResultText();
  // The next draw's time is written in this browser's time zone, which the server's render does not know: the server
  // and the takeover show that there is no result, and the render after says when it comes.
  const hydrated = useHydrated();
  const prizes = keno ? [] : parseWinningNumbers(text).slice(0, limit);
  const kenoNumbers = keno ? parseKenoNumbers(text) : [];
  if (prizes.length === 0 && kenoNumbers.length === 0) {
    return <span className="text-xs text-muted">{noResult(hydrated ? game : undefined)}</span>;
  }
  if (keno)
    return (
      <span data-testid="keno-numbers" className="flex flex-wrap gap-0.5 text-[11px] leading-4">
        {kenoNumbers.map((n) => (
          <span key={n} className="rounded bg-line/60 px-1 font-semibold tabular-nums">
            {n}
          </span>
        ))}
      </span>
    );
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
      {prizes.map((p) => (
        <span key={p.label} className="flex items-center gap-1">
          <span className="text-muted">{p.label}</span>
          <span
            className={
              p.label === 'DB'
                ? 'rounded bg-brand px-1.5 py-0.5 font-bold tabular-nums text-white'
                : 'tabular-nums'
            }
          >
            {p.numbers.join(' ')}
          </span>
        </span>
      ))}
    </span>
  );
}

function LotteryRow({
  game,
  clock,
  favourite,
  onFavourite,
}: {
  game: LotteryGame;
  clock: Clock;
  favourite: boolean;
  onFavourite: () => void;
}) {
  const { t } = useLingui();
  const name = game.labelName || game.code;
  return (
    <li aria-label={name} className="flex items-center gap-3 rounded-lg border border-line bg-surface p-3">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-center gap-2">
          <Link
            to={game.vendor === 'TCG_LOTTO_VN' ? '/vnLottery' : '/lottery'}
            search={{ gameCode: game.code }}
            className="truncate font-semibold hover:underline"
            title={name}
          >
            {name}
          </Link>
          <span className="rounded bg-line/60 px-1.5 text-xs text-muted">{game.tag}</span>
          {game.remark && <span className="text-xs text-muted">{game.remark}</span>}
        </div>
        <PreviousNumbers text={game.previousWinningNumber} keno={isKeno(game.tag)} game={game} />
        <AwaitingResults game={game} />
      </div>
      <p className="flex flex-col items-end text-xs">
        <span className="text-muted">
          {game.isSale ? <Trans>Closes in</Trans> : <Trans>Sale closed</Trans>}
        </span>
        <span className="font-mono text-sm tabular-nums" data-testid="countdown">
          <GameCountdown clock={clock} game={game} />
        </span>
      </p>
      <button
        type="button"
        aria-pressed={favourite}
        aria-label={t`Favourite ${name}`}
        className="flex h-9 w-9 items-center justify-center rounded-full text-lg hover:bg-line/40 aria-pressed:text-danger"
        onClick={onFavourite}
      >
        <span aria-hidden="true">{favourite ? '♥' : '♡'}</span>
      </button>
    </li>
  );
}
