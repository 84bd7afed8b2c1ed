import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Game } from '../../../contract/games.ts';
import { TileSkeleton } from './GameTile.tsx';

const grid = 'grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5';
/**
 * A lobby's grid with large tiles first (spec §9 Lobby grids), in finer columns: a large tile takes a row's fifth on
 * a desktop (the rest a sixth), a third on a tablet (the rest a quarter), half on a small tablet (the rest a third);
 * a phone's two columns hold both alike.
 */
const leadGrid = 'grid grid-cols-2 gap-3 sm:grid-cols-6 md:grid-cols-12 lg:grid-cols-30';
const leadItem = 'sm:col-span-3 md:col-span-4 lg:col-span-6';
const restItem = 'sm:col-span-2 md:col-span-3 lg:col-span-5';

/**
 * The games of a list in a responsive grid (two columns at 375 px). While the first page loads it shows skeleton
 * tiles and says so to screen readers; while another page loads (`busy`) the games shown stay, dimmed and
 * `aria-busy`; `renderTile` draws each game. A lobby's first `large` games are drawn large, then the rest.
 */
export function GameGrid({
  games,
  loading,
  busy = false,
  skeletons = 10,
  label,
  renderTile,
  large = 0,
}: {
  games: Game[];
  loading: boolean;
  /** Another page of the list is on its way: the games shown are about to be replaced. */
  busy?: boolean;
  skeletons?: number;
  /** The list's accessible name (the lobby's title). */
  label: string;
  renderTile: (game: Game) => ReactNode;
  /** How many games lead the list drawn large (spec §9); none by default. */
  large?: number;
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
      className={`${large > 0 ? leadGrid : grid} transition-opacity ${busy ? 'opacity-50' : ''}`}
    >
      {games.map((g, i) => {
        const lead = i < large;
        return (
          <li
            key={g.nodeId}
            data-size={large > 0 ? (lead ? 'large' : 'regular') : undefined}
            className={large > 0 ? (lead ? leadItem : restItem) : undefined}
          >
            {renderTile(g)}
          </li>
        );
      })}
    </ul>
  );
}
