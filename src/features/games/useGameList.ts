import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { PAGE_SIZE } from '../../../contract/constants.ts';
import { listLobbyAt } from '../../../contract/firstReplies.ts';
import type { GameType } from '../../../contract/games.ts';
import type { GameListMode, GameListPage } from '../../../machines/gameList.machine.ts';
import { selectIsLoggedIn } from '../../../machines/session.connect.ts';
import { freshQueryData, hotGamesQuery, lobbyPageQuery } from '../../api/queries.ts';
import { liveInspect } from '../../flows/liveActors.ts';
import { SessionContext } from '../../session/sessionContext.ts';
import { useAuthRequired } from '../../session/useAuthRequired.ts';
import { liveGameList } from './gameListCalls.ts';

export interface GameListSource {
  /** The route's path ('/rng', '/fav' …) and the lobby's game type. */
  path: string;
  gameType: GameType;
  /** The route's `vendor` search parameter: the URL is where the vendor filter lives. */
  vendor?: string;
  /** The mode a page starts in (/hot, /fav); lobbies start in game mode. */
  mode?: GameListMode;
  pageSize: number;
}

/**
 * Page 1 of the list the source asks for, when the app has it fresh already: home's hot games and a list lobby's
 * first page come with their page's first replies (src/app/firstPage.ts). The list starts with it, so the server draws
 * the games and the app takes them over as they are, where a skeleton would be replaced after the takeover.
 */
function useFirstPage(source: GameListSource, language: string): GameListPage | undefined {
  const queryClient = useQueryClient();
  if (source.mode === 'hot' && source.path === '/' && !source.vendor) {
    const games = freshQueryData(queryClient, hotGamesQuery(language));
    return games && { games, totalPages: 1 };
  }
  const lobby = listLobbyAt(source.path);
  const plain = (source.mode ?? 'game') === 'game' && !source.vendor && source.pageSize === PAGE_SIZE.lobby;
  return lobby === source.gameType && plain
    ? freshQueryData(queryClient, lobbyPageQuery(lobby, language))
    : undefined;
}

/**
 * The game list actor of a lobby or page, kept in step with what lives outside it: the session (`session.change`),
 * the language (`language.change`), the route's path and vendor (`path.change`, `vendor.select`). Each sync compares
 * with the machine's own context before sending, so it is idempotent (StrictMode runs effects twice, and
 * `vendor.select` of the active vendor would clear it).
 *
 * A visitor's request for favourites or recent games (`auth.required`) opens the login popup.
 */
export function useGameList(source: GameListSource) {
  const { i18n } = useLingui();
  const loggedIn = SessionContext.useSelector(selectIsLoggedIn);
  const firstPage = useFirstPage(source, i18n.locale);
  const actor = useActorRef(liveGameList, {
    inspect: liveInspect,
    input: {
      path: source.path,
      gameType: source.gameType,
      loggedIn,
      mode: source.mode,
      language: i18n.locale,
      pageSize: source.pageSize,
      firstPage,
    },
  });

  useEffect(() => {
    if (actor.getSnapshot().context.loggedIn !== loggedIn) actor.send({ type: 'session.change', loggedIn });
  }, [actor, loggedIn]);

  const language = i18n.locale;
  useEffect(() => {
    if (actor.getSnapshot().context.language !== language) actor.send({ type: 'language.change', language });
  }, [actor, language]);

  const { path, gameType } = source;
  const vendor = source.vendor ?? null;
  useEffect(() => {
    const c = actor.getSnapshot().context;
    if (c.path !== path || c.gameType !== gameType) actor.send({ type: 'path.change', path, gameType });
    // A path change clears the vendor: the new URL's vendor (if any) is chosen after it.
    if (actor.getSnapshot().context.vendor !== vendor) actor.send({ type: 'vendor.select', vendor });
  }, [actor, path, gameType, vendor]);

  useAuthRequired(actor);
  return actor;
}
