import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type ReactNode, useDeferredValue } from 'react';
import type { GameType } from '../../../contract/games.ts';
import { connectGameList } from '../../../machines/gameList.connect.ts';
import { TileSkeleton } from './GameTile.tsx';
import { useGameList } from './useGameList.ts';
import { useTileRenderer } from './useTileRenderer.tsx';

/**
 * A titled row of games on the home page (spec §2 Home): the hot row (mode hot, first 8) or a category's first
 * games, sliding sideways, with a More link to the category's lobby (which starts from its own reset filters).
 */
export function GameRow({
  id,
  title,
  gameType,
  mode,
  size,
  more,
}: {
  id: string;
  title: string;
  gameType: GameType;
  mode?: 'hot';
  size: number;
  more?: { to: string; search?: Record<string, string> };
}) {
  const { t } = useLingui();
  const actor = useGameList({ path: '/', gameType, mode, pageSize: size });
  // Deferred: the machine's state reaches React as an urgent update, and a row of tiles rendered in one go is a
  // phone's long task; so the row keeps its last look for that update and draws the new one as a transition.
  const view = connectGameList(useDeferredValue(useSelector(actor, (s) => s)), actor.send);
  const games = view.games.slice(0, size);
  const { loading, failed } = view;
  const { render } = useTileRenderer(actor);

  let content: ReactNode;
  if (loading)
    content = (
      <div className="flex gap-3 overflow-hidden pb-2" aria-busy="true">
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} className="w-40 shrink-0 sm:w-44">
            <TileSkeleton />
          </div>
        ))}
      </div>
    );
  else if (failed)
    content = (
      <div role="alert" className="flex items-center gap-3 text-sm">
        <p>
          <Trans>Network abnormal, please try again.</Trans>
        </p>
        <button
          type="button"
          className="rounded-full border border-line px-4 py-1.5 font-semibold"
          onClick={view.retry}
        >
          <Trans>Retry</Trans>
        </button>
      </div>
    );
  else
    content = (
      <ul
        aria-labelledby={id}
        // Sideways scrolling with snap points is the slide: swipe on phones, shift+wheel or the keyboard elsewhere.
        className="flex snap-x snap-mandatory gap-3 overflow-x-auto pb-2"
      >
        {games.map((g) => (
          <li key={g.nodeId} className="w-40 shrink-0 snap-start sm:w-44">
            {render(g)}
          </li>
        ))}
      </ul>
    );

  if (!loading && !failed && games.length === 0) return null;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div className="flex items-center justify-between">
        <h2 id={id} className="text-xl font-bold">
          {title}
        </h2>
        {more && (
          <Link
            to={more.to}
            search={more.search}
            aria-label={t`More ${title}`}
            className="text-sm font-semibold text-accent-ink"
          >
            <Trans>More</Trans>
          </Link>
        )}
      </div>
      {content}
    </section>
  );
}
