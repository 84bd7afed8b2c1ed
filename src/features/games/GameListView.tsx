import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { connectGameList } from '../../../machines/gameList.connect.ts';
import type { Classify } from '../../../machines/gameList.machine.ts';
import { ApiError } from '../../api/client.ts';
import { Pagination } from '../../ui/Pagination.tsx';
import { ClassTabs } from './ClassTabs.tsx';
import { GameGrid } from './GameGrid.tsx';
import { GameToolbar } from './GameToolbar.tsx';
import { largeCount } from './lobbyGrid.ts';
import { type GameListSource, useGameList } from './useGameList.ts';
import { useTileRenderer } from './useTileRenderer.tsx';

/** A failed call in the spec's words (§8): the server's own message, or the general network message. */
function useErrorText() {
  const { t } = useLingui();
  return (error: { code: string; message?: string }) =>
    error.code === 'NETWORK' || !error.message ? t`Network abnormal, please try again.` : error.message;
}

const pill = 'h-10 rounded-full px-5 text-sm font-semibold';

/**
 * The game list of a lobby or of the /hot and /fav pages, as the `gameList` machine has it: toolbar and class strip
 * (lobbies only), skeletons while the first page loads, the tiles, failures with their way out, empty lists. A
 * lobby's game mode turns pages with the pager on a desktop (spec §2: shown only when there is more than one page;
 * the list shown stays, busy, while the chosen page loads) and appends the next page with More on a phone (below
 * `lg`: CSS chooses, so the server's first screen is the same); recent mode and the pages append with More. Where a
 * page lands (the machine's `landing`) is brought into view and takes the focus: the list's top for a chosen page,
 * the first new game for an appended one. Below More, how many games are shown of how many.
 */
export function GameListView({
  source,
  label,
  classes,
  slots = false,
}: {
  source: GameListSource;
  /** The list's accessible name. */
  label: string;
  /** A lobby's classes (spec §2); pages have neither classes nor toolbar. */
  classes?: Classify[];
  /** The slots lobby: its toolbar has the filter toggle, which shows or hides the class strip. */
  slots?: boolean;
}) {
  const { t } = useLingui();
  const errorText = useErrorText();
  const actor = useGameList(source);
  // The machine's snapshot reaches React as an urgent update; drawn from a deferred copy, a page of tiles arriving
  // renders as a transition that yields to the browser (the skeleton it replaces stays meanwhile).
  const view = connectGameList(useDeferredValue(useSelector(actor, (s) => s)), actor.send);
  // Commands whose guard reads the machine as it is now, not the deferred copy drawn.
  const live = () => connectGameList(actor.getSnapshot(), actor.send);
  const { games, loading, failed, loadingMore, moreGames, error, mode, classify, gameName } = view;
  const { page, totalPages, requestedPage, landing, count } = view;
  const pager = view.turnsPages && classes !== undefined;
  // A lobby's first page of games leads with large tiles (spec §9 Lobby grids); pages and other lists do not.
  const lead = classes !== undefined && mode === 'game' && page === 1 ? largeCount(source.gameType) : 0;
  const listTop = useRef<HTMLDivElement>(null);
  const { render: renderTile, trialError } = useTileRenderer(actor);
  const [filtersOpen, setFiltersOpen] = useState(true);
  const filtersId = useId();

  useEffect(() => {
    if (!landing) return;
    const first = listTop.current?.querySelectorAll<HTMLElement>('article')[landing.index];
    if (!first) return;
    (landing.index === 0 ? listTop.current! : first).scrollIntoView({ block: 'start' });
    first.focus({ preventScroll: true });
  }, [landing]);

  const empty = {
    fav: <Trans>No favourite games yet.</Trans>,
    recent: <Trans>No recently played games yet.</Trans>,
    search: <Trans>No games match “{gameName}”.</Trans>,
    none: <Trans>No games here yet.</Trans>,
  }[view.empty];

  return (
    <div className="flex flex-col gap-4">
      {classes && (
        <GameToolbar
          filter={
            slots
              ? { open: filtersOpen, controls: filtersId, onToggle: () => setFiltersOpen((o) => !o) }
              : undefined
          }
          recent={mode === 'recent'}
          onRecentToggle={() => view.selectMode('recent')}
          gameName={gameName}
          onSearch={view.search}
          minBet={view.minBet}
          onMinBet={view.selectMinBet}
        />
      )}
      {classes && (
        <div id={filtersId} hidden={slots && !filtersOpen}>
          <ClassTabs classes={classes} active={classify} onSelect={view.selectClassify} />
        </div>
      )}
      {error && !failed && (
        <div
          role="alert"
          className="flex items-center gap-3 rounded-lg bg-danger/10 px-3 py-2 text-sm text-danger"
        >
          <p className="flex-1">{errorText(error)}</p>
          <button
            type="button"
            className="rounded-full px-2 py-1 font-semibold underline"
            onClick={view.dismissError}
          >
            <Trans>Dismiss</Trans>
          </button>
        </div>
      )}
      {trialError && (
        <p role="alert" className="rounded-lg bg-danger/10 px-3 py-2 text-sm text-danger">
          {errorText(trialError instanceof ApiError ? trialError : { code: 'NETWORK' })}
        </p>
      )}
      <div ref={listTop} className="scroll-mt-24">
        {failed ? (
          <div
            role="alert"
            className="flex flex-col items-center gap-3 rounded-2xl border border-line bg-raised p-8 text-center"
          >
            <p>{error ? errorText(error) : t`Network abnormal, please try again.`}</p>
            <button type="button" className={`${pill} bg-brand text-white`} onClick={view.retry}>
              <Trans>Retry</Trans>
            </button>
          </div>
        ) : !loading && games.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line bg-raised p-8 text-center text-muted">
            {empty}
          </p>
        ) : (
          <GameGrid
            games={games}
            loading={loading}
            busy={requestedPage !== null}
            label={label}
            renderTile={renderTile}
            large={lead}
          />
        )}
      </div>
      {!loading && !failed && (
        <p role="status" className="sr-only">
          {requestedPage !== null ? (
            t`Loading games…`
          ) : (
            <Plural value={games.length} one="# game shown" other="# games shown" />
          )}
        </p>
      )}
      {pager && (
        <div className="max-lg:hidden">
          <Pagination
            page={page}
            totalPages={totalPages}
            label={t`Game pages`}
            onChange={(chosen) => live().selectPage(chosen)}
          />
        </div>
      )}
      {!loading && !failed && games.length > 0 && (moreGames || count.total !== null) && (
        <div className={`flex flex-col items-center gap-2 ${pager ? 'lg:hidden' : ''}`}>
          {count.total !== null && (
            <p className="text-sm text-muted tabular-nums">
              <GameCount shown={count.shown} total={count.total} />
            </p>
          )}
          {moreGames && (
            <button
              type="button"
              aria-busy={loadingMore}
              aria-disabled={loadingMore}
              className={`${pill} border border-line bg-raised hover:border-brand aria-disabled:opacity-60`}
              onClick={() => live().more()}
            >
              {loadingMore ? <Trans>Loading more games…</Trans> : <Trans>More games</Trans>}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/** "40 of 1,200 games": the games shown of the whole list, numbers in the reader's locale. */
function GameCount({ shown, total }: { shown: number; total: number }) {
  const { i18n } = useLingui();
  const n = i18n.number(shown);
  return <Plural value={total} one={`${n} of # game`} other={`${n} of # games`} />;
}
