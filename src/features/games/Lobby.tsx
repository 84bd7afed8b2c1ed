import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { PAGE_SIZE } from '../../../contract/constants.ts';
import type { GameType } from '../../../contract/games.ts';
import { selectIsStarting } from '../../../machines/session.connect.ts';
import { vendorLanesQuery } from '../../api/queries.ts';
import type { LobbyPath } from '../../domain/routesMap.ts';
import { GAME_TYPE_LABEL } from '../../i18n/labels.ts';
import { SessionContext } from '../../session/sessionContext.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { lobbyClasses } from './classes.ts';
import { GameGrid } from './GameGrid.tsx';
import { GameListView } from './GameListView.tsx';
import { PvpRooms } from './PvpRooms.tsx';
import { VendorCarousel } from './VendorCarousel.tsx';
import { VendorFilter } from './VendorFilter.tsx';
import { VendorLobbyTiles } from './VendorLobbyTiles.tsx';

/** Sports, esports, cockfight and lottery lobbies show vendor tiles, not games (spec §2). */
const TILE_TYPES: GameType[] = ['SPORTS', 'ESPORTS', 'COCKFIGHT', 'ELOTT', 'LOTT'];
/** Of those, the ones whose tile opens the vendor's own lobby (the lotteries have pages of their own). */
const VENDOR_LOBBY_TYPES: GameType[] = ['SPORTS', 'ESPORTS', 'COCKFIGHT'];

/**
 * Waits for the session to be known before a game list starts: a returning member's list would otherwise start as
 * a visitor's (and a member-only page would ask them to log in). Only the first start counts: a later login passes
 * through the same states, and the list must stay (it gets a `session.change`).
 */
export function WhenSessionKnown({ label, children }: { label: string; children: ReactNode }) {
  const starting = SessionContext.useSelector(selectIsStarting);
  const [known, setKnown] = useState(!starting);
  if (!starting && !known) setKnown(true);
  if (!known) return <GameGrid games={[]} loading label={label} renderTile={() => null} />;
  return children;
}

/**
 * A category lobby (spec §2 Game lobbies). RNG, LIVE, PVP, FISH and INHOUSE: the vendor carousel (slots) or vendor
 * filter, then the game list of the `gameList` machine. SPORTS, ESPORTS, COCKFIGHT: vendor tiles that open the
 * vendor's lobby; the lotteries: vendor tiles.
 * The vendor filter lives in the URL (`vendor`), so links, the header and the back button all set it.
 */
export function Lobby({ gameType, path, vendor }: { gameType: GameType; path: LobbyPath; vendor?: string }) {
  const { i18n } = useLingui();
  const lanes = useQuery(vendorLanesQuery());
  const lane = lanes.data?.find((l) => l.title === gameType);
  const title = i18n._(GAME_TYPE_LABEL[gameType]);
  const tiles = TILE_TYPES.includes(gameType);
  const noVendors = lanes.data && !lane;
  // The PvP lobby lists its games or, for a member choosing a seat, its tables (spec §7 PvP rooms).
  const [show, setShow] = useState<'games' | 'tables'>('games');
  const tables = gameType === 'PVP' && show === 'tables';

  return (
    <div className="flex flex-col gap-5">
      <h1 className="text-2xl font-bold">{title}</h1>
      {!lanes.data ? (
        <Skeleton className="h-16 w-full" />
      ) : !lane ? null : gameType === 'RNG' ? (
        <VendorCarousel path={path} vendors={lane.cards} active={vendor} />
      ) : VENDOR_LOBBY_TYPES.includes(gameType) ? (
        <VendorLobbyTiles gameType={gameType} vendors={lane.cards} active={vendor} />
      ) : (
        <VendorFilter path={path} vendors={lane.cards} active={vendor} tiles={tiles} />
      )}
      {noVendors && (
        <p className="rounded-xl border border-line bg-raised p-6 text-center text-muted">
          <Trans>No providers offer {title} here yet.</Trans>
        </p>
      )}
      {gameType === 'PVP' && !noVendors && (
        <fieldset className="flex gap-2">
          <legend className="sr-only">
            <Trans>Show</Trans>
          </legend>
          {(['games', 'tables'] as const).map((which) => (
            <button
              key={which}
              type="button"
              aria-pressed={show === which}
              onClick={() => setShow(which)}
              className="h-10 rounded-full border border-line bg-raised px-4 text-sm font-medium aria-pressed:border-brand aria-pressed:bg-brand aria-pressed:text-white"
            >
              {which === 'games' ? <Trans>Games</Trans> : <Trans>Tables</Trans>}
            </button>
          ))}
        </fieldset>
      )}
      {tables && <PvpRooms vendor={vendor} />}
      {!tiles && !noVendors && !tables && (
        <WhenSessionKnown label={title}>
          <GameListView
            source={{ path, gameType, vendor, pageSize: PAGE_SIZE.lobby }}
            label={title}
            classes={lobbyClasses(gameType, lane?.gameClassify ?? [])}
            slots={gameType === 'RNG'}
          />
        </WhenSessionKnown>
      )}
    </div>
  );
}
