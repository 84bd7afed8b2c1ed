import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { GameType } from '../../../contract/games.ts';
import { vendorLanesQuery } from '../../api/queries.ts';
import { GAME_TYPE_PATH } from '../../domain/routesMap.ts';
import { GAME_TYPE_LABEL } from '../../i18n/labels.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { VendorFilter } from './VendorFilter.tsx';

/** Sports, esports, cockfight and lottery lobbies show vendor tiles, not games (spec §2). */
const TILE_TYPES: GameType[] = ['SPORTS', 'ESPORTS', 'COCKFIGHT', 'ELOTT', 'LOTT'];

/**
 * A category lobby: its real vendor navigation, and until the games release, a clear note that the game
 * list and launching open soon.
 */
export function Lobby({ gameType, vendor }: { gameType: GameType; vendor?: string }) {
  const { i18n } = useLingui();
  const lanes = useQuery(vendorLanesQuery());
  const lane = lanes.data?.find((l) => l.title === gameType);
  const title = i18n._(GAME_TYPE_LABEL[gameType]);
  const tiles = TILE_TYPES.includes(gameType);
  const activeName = lane?.cards.find((c) => c.vassalage === vendor)?.displayName;

  return (
    <div className="flex flex-col gap-5">
      <h1 className="text-2xl font-bold">{title}</h1>
      {!lanes.data ? (
        <Skeleton className="h-16 w-full" />
      ) : lane ? (
        <VendorFilter path={GAME_TYPE_PATH[gameType]} vendors={lane.cards} active={vendor} tiles={tiles} />
      ) : (
        <p className="rounded-xl border border-line bg-raised p-6 text-center text-muted">
          <Trans>No providers offer {title} here yet.</Trans>
        </p>
      )}
      {lane && (
        <section
          aria-live="polite"
          className="rounded-2xl border border-dashed border-line bg-raised p-8 text-center"
        >
          <h2 className="mb-2 text-lg font-semibold">
            {activeName ? (
              <Trans>{activeName} games are coming soon</Trans>
            ) : (
              <Trans>Games are coming soon</Trans>
            )}
          </h2>
          <p className="text-muted">
            <Trans>Game lists, search, favourites and play open with the next release of the portal.</Trans>
          </p>
        </section>
      )}
    </div>
  );
}
