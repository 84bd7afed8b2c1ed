import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { GameType } from '../../../contract/games.ts';
import type { GameListMode } from '../../../machines/gameList.machine.ts';
import { selectLoginRequired } from '../../../machines/gameList.selectors.ts';
import { selectIsLoggedIn } from '../../../machines/session.selectors.ts';
import { liveInspect } from '../../flows/liveActors.ts';
import { useAuthModals } from '../../session/authModals.tsx';
import { SessionContext } from '../../session/sessionContext.ts';
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
 * The game list actor of a lobby or page, kept in step with what lives outside it: the session (`session.change`),
 * the language (`language.change`), the route's path and vendor (`path.change`, `vendor.select`). Each sync compares
 * with the machine's own context before sending, so it is idempotent (StrictMode runs effects twice, and
 * `vendor.select` of the active vendor would clear it).
 *
 * A visitor's request for favourites or recent games (`loginRequired`) opens the login popup; the popup closing
 * without a login is the machine's `loginPopup.dismiss`.
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

  useLoginPopup(actor);
  return actor;
}

type GameListActor = ActorRefFrom<typeof liveGameList>;

/** Opens the login popup while the machine asks for a login; the popup closing first dismisses the request. */
function useLoginPopup(actor: GameListActor) {
  const loginRequired = useSelector(actor, selectLoginRequired);
  const { modal, open } = useAuthModals();
  const shown = useRef(false);
  const before = useRef(modal?.name);
  // First: a popup this hook opened has closed (or turned into another form) — the visitor dismissed it. Only a
  // change of the modal counts (effects may run twice with the same one).
  useEffect(() => {
    const was = before.current;
    before.current = modal?.name;
    if (!shown.current || was !== 'login' || modal?.name === 'login') return;
    shown.current = false;
    if (actor.getSnapshot().context.loginRequired) actor.send({ type: 'loginPopup.dismiss' });
  }, [actor, modal]);
  useEffect(() => {
    if (!loginRequired || shown.current) return;
    shown.current = true;
    open({ name: 'login' });
  }, [loginRequired, open]);
}
