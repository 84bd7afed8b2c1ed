import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { selectIsLoggedIn } from '../../../machines/session.connect.ts';
import { ApiError } from '../../api/client.ts';
import { useAuthModals } from '../../session/authModals.tsx';
import { SessionContext } from '../../session/sessionContext.ts';
import { useMoney } from '../../ui/records/useMoney.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { pvpRoomsQuery } from './queries.ts';
import { useLaunchGame } from './useLaunchGame.ts';

const pill = 'h-10 shrink-0 rounded-full px-5 text-sm font-semibold';

/**
 * The PvP room list (spec §7 GLS2_roomList, a member's call): each card game's tables with their minimum bet and
 * seats taken; Join opens the game through the launcher. A visitor is asked to log in first (spec §6).
 */
export function PvpRooms({ vendor }: { vendor?: string }) {
  const { t, i18n } = useLingui();
  const loggedIn = SessionContext.useSelector(selectIsLoggedIn);
  const modals = useAuthModals();
  const money = useMoney({ member: false });
  const rooms = useQuery(pvpRoomsQuery(vendor, i18n.locale, loggedIn));
  const { launch, pending } = useLaunchGame();

  if (!loggedIn)
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-line bg-raised p-8 text-center">
        <p>
          <Trans>Log in to see the tables and their free seats.</Trans>
        </p>
        <button
          type="button"
          className={`${pill} bg-brand text-white`}
          onClick={() => modals.open({ name: 'login' })}
        >
          <Trans>Login</Trans>
        </button>
      </div>
    );
  if (rooms.isPending)
    return (
      <div aria-busy="true">
        <p role="status" className="sr-only">{t`Loading tables…`}</p>
        <Skeleton className="h-40 w-full" />
      </div>
    );
  if (rooms.isError)
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-2xl border border-line bg-raised p-8 text-center"
      >
        <p>
          {rooms.error instanceof ApiError && rooms.error.code !== 'NETWORK' && rooms.error.message
            ? rooms.error.message
            : t`Network abnormal, please try again.`}
        </p>
        <button type="button" className={`${pill} bg-brand text-white`} onClick={() => rooms.refetch()}>
          <Trans>Retry</Trans>
        </button>
      </div>
    );
  if (rooms.data.length === 0)
    return (
      <p className="rounded-2xl border border-dashed border-line bg-raised p-8 text-center text-muted">
        <Trans>No tables are open right now.</Trans>
      </p>
    );

  // Tables are numbered within their game, in the order the server lists them.
  const seen = new Map<string, number>();
  const numbered = rooms.data.map((room) => {
    const n = (seen.get(room.nodeId) ?? 0) + 1;
    seen.set(room.nodeId, n);
    return { room, n };
  });
  return (
    <ul aria-label={t`Tables`} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {numbered.map(({ room, n }) => {
        const full = room.players >= room.maxPlayers;
        const name = room.gameName;
        const stake = money.format(room.minBet);
        const taken = room.players;
        const seats = room.maxPlayers;
        return (
          <li
            key={room.roomId}
            className="flex items-center gap-3 rounded-xl border border-line bg-raised p-3"
          >
            <div className="min-w-0 flex-1">
              <h3 className="truncate text-sm font-semibold" title={name}>
                {name}
              </h3>
              <p className="text-xs text-muted">
                <Trans>
                  Table {n} · minimum bet {stake}
                </Trans>
              </p>
              <p className="text-xs text-muted tabular-nums">
                <Plural value={seats} one={`${taken} of # seat taken`} other={`${taken} of # seats taken`} />
              </p>
            </div>
            <button
              type="button"
              aria-label={full ? t`Table ${n} of ${name} is full` : t`Join table ${n} of ${name}`}
              aria-disabled={full || pending !== null}
              onClick={() =>
                !full &&
                pending === null &&
                launch({
                  nodeId: room.nodeId,
                  vassalage: room.vassalage,
                  gameType: 'PVP',
                  gameName: name,
                  supportPlay: room.supportPlay,
                })
              }
              className={`${pill} bg-brand text-white aria-disabled:cursor-not-allowed aria-disabled:opacity-50`}
            >
              {full ? <Trans>Full</Trans> : <Trans>Join</Trans>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
