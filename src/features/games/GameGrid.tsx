import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Game } from '../../../contract/games.ts';
import { TileSkeleton } from './GameTile.tsx';

const grid = 'grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5';

/**
 * The games of a list in a responsive grid (two columns at 375 px). While the first page loads it shows skeleton
 * tiles and says so to screen readers; while another page loads (`busy`) the games shown stay, dimmed and
 * `aria-busy`; `renderTile` draws each game.
 */
export function GameGrid({
  games,
  loading,
  busy = false,
  skeletons = 10,
  label,
  renderTile,
}: {
  games: Game[];
  loading: boolean;
  /** Another page of the list is on its way: the games shown are about to be replaced. */
  busy?: boolean;
  skeletons?: number;
  /** The list's accessible name (the lobby's title). */
  label: string;
  renderTile: (game: Game) => ReactNode;
}) {
  const { t } = useLingui();
  if (loading)
    return (
      <div aria-busy="true">
        <p role="status" className="sr-only">
          {t`Loading games…`}
        </p>
        <ul aria-hidden="true" className={grid}>
          {Array.from({ length: skeletons }, (_, i) => (
            <li key={i} data-testid="game-skeleton">
              <TileSkeleton />
            </li>
          ))}
        </ul>
      </div>
    );
  return (
    <ul
      aria-label={label}
      aria-busy={busy}
      className={`${grid} transition-opacity ${busy ? 'opacity-50' : ''}`}
    >
      {games.map((g) => (
        <li key={g.nodeId}>{renderTile(g)}</li>
      ))}
    </ul>
  );
}
