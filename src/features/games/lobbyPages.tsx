import { useMatch, useSearch } from '@tanstack/react-router';
import { GAME_TYPE_PATH } from '../../domain/routesMap.ts';
import { GameListPage } from './GameListPage.tsx';
import { Lobby } from './Lobby.tsx';

/**
 * The game list pages' components, a chunk of their own (src/app/pages.tsx loads it with the route): home, which
 * every first visit draws, neither downloads nor evaluates the lobbies' code (their vendor carousel, filter, pages
 * and PvP rooms).
 */

/**
 * Every lobby route renders this one component, which reads its game type from the matched route: going from one
 * lobby to another keeps the lobby (and its game list machine) mounted, and the machine gets a `path.change`.
 */
export function LobbyRoute() {
  const gameType = useMatch({ strict: false, select: (m) => m.staticData.gameType }) ?? 'RNG';
  const { vendor } = useSearch({ strict: false });
  return <Lobby gameType={gameType} path={GAME_TYPE_PATH[gameType]} vendor={vendor} />;
}

export const HotPage = () => <GameListPage mode="hot" />;
export const FavPage = () => <GameListPage mode="fav" />;
