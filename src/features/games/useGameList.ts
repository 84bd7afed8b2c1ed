import { useLingui } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import type { GameType } from '../../../contract/games.ts';
import type { GameListMode, GameListPage } from '../../../machines/gameList.machine.ts';
import { selectIsLoggedIn } from '../../../machines/session.connect.ts';
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
  /** Page 1 of that list, when the app has it already (home's hot row, from its first screen). */
  firstPage?: GameListPage;
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
  const actor = useActorRef(liveGameList, {
    inspect: liveInspect,
    input: {
      path: source.path,
      gameType: source.gameType,
      loggedIn,
      mode: source.mode,
      language: i18n.locale,
      pageSize: source.pageSize,
      firstPage: source.firstPage,
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
