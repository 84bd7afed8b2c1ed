import { queryOptions } from '@tanstack/react-query';
import { pvpRooms } from '../../../contract/routes.ts';
import { call } from '../../api/client.ts';

/** Seats fill and empty as members come and go: the room list is read again this often while it is shown. */
const ROOMS_REFRESH_MS = 30_000;

/** Spec §7 PvP rooms (GLS2_roomList, token): the card games' tables, of one vendor or all. Members only. */
export const pvpRoomsQuery = (vendor: string | undefined, language: string, member: boolean) =>
  queryOptions({
    queryKey: ['games', 'pvpRooms', vendor ?? null, language],
    queryFn: async () => (await call(pvpRooms, { query: { vassalage: vendor, language } })).value.list,
    enabled: member,
    refetchInterval: ROOMS_REFRESH_MS,
  });
