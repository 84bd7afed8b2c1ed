import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import type { Game } from '../../../contract/games.ts';
import { selectFavouriteBusy } from '../../../machines/gameList.selectors.ts';
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
      onToggleFavourite={(g) =>
        actor.send({ type: 'favourite.toggle', nodeId: g.nodeId, vendor: g.vassalage, gameType: g.gameType })
      }
    />
  );
  return { render, trialError };
}
