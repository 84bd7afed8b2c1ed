import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Game } from '../../../contract/games.ts';
import { Icon } from '../../ui/Icon.tsx';
import { useImageUrl } from '../../ui/imageUrl.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';

export interface GameTileProps {
  game: Game;
  /** The heart is filled. */
  favourite: boolean;
  /** A favourite call (or the favourite ids) is on its way: the heart waits. */
  favouriteBusy: boolean;
  /** The merchant's FREE_PLAY feature: games that support it get a free-trial button. */
  freePlay: boolean;
  /** A launch is on its way: play buttons wait. */
  launching?: boolean;
  onPlay(game: Game): void;
  onTrial(game: Game): void;
  /** Without it the tile has no heart (lists that keep no favourites, e.g. popular games after a refusal). */
  onToggleFavourite?: (game: Game) => void;
}

// 40 px high, as the skeleton's row: "Free trial" takes two lines in a hot row's 160 px tile, and the row drawn first
// (skeletons) must not grow when the games come (layout shift).
const button =
  'inline-flex min-h-10 min-w-0 flex-1 items-center justify-center gap-1 break-words rounded-full px-2 py-1 text-center text-xs leading-tight font-semibold sm:text-sm aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

/**
 * A game of a lobby (spec §2): art (a default icon when the image fails, spec §8), name and vendor, play, free trial
 * and the favourite heart. A game under maintenance shows until when and cannot be played. Controls stay enabled in
 * the DOM while they wait (`aria-disabled`), so keyboard focus is not lost.
 */
export function GameTile({
  game,
  favourite,
  favouriteBusy,
  freePlay,
  launching = false,
  onPlay,
  onTrial,
  onToggleFavourite,
}: GameTileProps) {
  const imageUrl = useImageUrl();
  const { t, i18n } = useLingui();
  const [artFailed, setArtFailed] = useState(false);
  const name = game.gameName;
  const until = game.maintenanceUntil;
  const playable = until === null;
  const trial = freePlay && game.supportPlay;
  const untilText = until
    ? i18n.date(new Date(until), { dateStyle: 'medium', timeStyle: 'short' })
    : undefined;

  return (
    <article
      aria-label={name}
      // Focusable by script only: the first game of a page that came in takes the focus (GameListView).
      tabIndex={-1}
      className="flex min-h-full scroll-mt-20 flex-col overflow-hidden rounded-xl border border-line bg-raised focus-visible:outline-2 focus-visible:outline-accent"
    >
      <div className="relative aspect-square bg-line/40">
        {artFailed ? (
          <div data-testid="default-art" className="grid h-full w-full place-items-center text-muted">
            <Icon name="gamepad" className="h-1/3 w-1/3" />
          </div>
        ) : (
          <img
            src={imageUrl(game.iconUrl)}
            alt=""
            loading="lazy"
            decoding="async"
            onError={() => setArtFailed(true)}
            className={`h-full w-full object-cover ${playable ? '' : 'grayscale'}`}
          />
        )}
        {onToggleFavourite && (
          <button
            type="button"
            aria-label={t`Favourite ${name}`}
            aria-pressed={favourite}
            aria-busy={favouriteBusy}
            aria-disabled={favouriteBusy}
            onClick={() => !favouriteBusy && onToggleFavourite(game)}
            className="absolute right-1.5 top-1.5 grid h-9 w-9 place-items-center rounded-full bg-black/45 text-white aria-disabled:opacity-60"
          >
            <Icon
              name="heart"
              className={`h-5 w-5 ${favourite ? 'fill-current text-danger' : ''} ${favouriteBusy ? 'animate-pulse' : ''}`}
            />
          </button>
        )}
        {!playable && (
          <p className="absolute inset-x-0 bottom-0 bg-black/70 px-2 py-1.5 text-center text-xs font-medium text-white">
            <Trans>Under maintenance until {untilText}</Trans>
          </p>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-2.5">
        <div className="min-w-0">
          <h3 className="truncate text-sm font-semibold" title={name}>
            {name}
          </h3>
          <p className="truncate text-xs text-muted">{game.displayName}</p>
        </div>
        <div className="mt-auto flex gap-1.5">
          <button
            type="button"
            aria-label={t`Play ${name}`}
            aria-disabled={!playable || launching}
            onClick={() => playable && !launching && onPlay(game)}
            className={`${button} bg-brand text-white`}
          >
            <Icon name="play" className="h-3.5 w-3.5 fill-current" />
            <Trans>Play</Trans>
          </button>
          {trial && (
            <button
              type="button"
              aria-label={t`Free trial ${name}`}
              aria-disabled={!playable || launching}
              onClick={() => playable && !launching && onTrial(game)}
              className={`${button} border border-line`}
            >
              <Trans>Free trial</Trans>
            </button>
          )}
        </div>
      </div>
    </article>
  );
}

/**
 * A tile's placeholder, of the tile's own size (art, name and vendor lines, the buttons' row): the games that replace
 * it move nothing below (Lighthouse's layout shift).
 */
export function TileSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex h-full flex-col overflow-hidden rounded-xl border border-line bg-raised"
    >
      <Skeleton className="aspect-square rounded-none" />
      <div className="flex flex-col gap-2 p-2.5">
        <div>
          <Skeleton className="my-0.5 h-4 w-3/4" />
          <Skeleton className="my-0.5 h-3 w-1/2" />
        </div>
        <Skeleton className="h-10 rounded-full" />
      </div>
    </div>
  );
}
