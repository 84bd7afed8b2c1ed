import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import type { Game } from '../../../contract/games.ts';
import { connectGameList, selectFavouriteBusy } from '../../../machines/gameList.connect.ts';
import { whitelabelQuery } from '../../api/queries.ts';
import { GameTile } from './GameTile.tsx';
import type { useGameList } from './useGameList.ts';
import { useLaunchGame } from './useLaunchGame.ts';

/**
 * Draws a game of a `gameList` actor's list as a tile: the heart from the actor's favourites (toggles go to the
 * actor), play and free trial through the launch. One launcher per list, not per tile.
 */
export function useTileRenderer(actor: ReturnType<typeof useGameList>) {
  const favouriteBusy = useSelector(actor, selectFavouriteBusy);
  const favouriteIds = useSelector(actor, (s) => s.context.favouriteIds);
  const { toggleFavourite } = connectGameList(actor.getSnapshot(), actor.send);
  const info = useQuery(whitelabelQuery());
  const { launch, pending, trialError } = useLaunchGame();
  const render = (game: Game) => (
    <GameTile
      game={game}
      favourite={favouriteIds.includes(game.nodeId)}
      favouriteBusy={favouriteBusy}
      freePlay={info.data?.features.FREE_PLAY ?? false}
      launching={pending !== null}
      onPlay={(g) => launch(g, 'play')}
      onTrial={(g) => launch(g, 'trial')}
      onToggleFavourite={toggleFavourite}
    />
  );
  return { render, trialError };
}
