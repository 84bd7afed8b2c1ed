import { queryOptions } from '@tanstack/react-query';
import { memberIcon, playerAvatar, registerSettings } from '../../../contract/routes.ts';
import { call } from '../../api/client.ts';

export const registerSettingsQuery = () =>
  queryOptions({
    queryKey: ['registerSettings'],
    queryFn: async () => (await call(registerSettings, { query: {} })).value,
    staleTime: 5 * 60_000,
  });

/** The member's avatar picture (spec §7), per member: another login asks again. */
export const playerAvatarQuery = (memberId: number) =>
  queryOptions({
    queryKey: ['playerAvatar', memberId],
    queryFn: async () => (await call(playerAvatar, { query: {} })).value,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The member's icon (spec §7): its club rank's badge; a new rank asks again. */
export const memberIconQuery = (memberId: number, rankLevel: number) =>
  queryOptions({
    queryKey: ['memberIcon', memberId, rankLevel],
    queryFn: async () => (await call(memberIcon, { query: {} })).value,
    staleTime: Number.POSITIVE_INFINITY,
  });
