import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { messageList, unreadCount } from '../../../../contract/routes.ts';
import { selectIsLoggedIn, selectIsTrial } from '../../../../machines/session.connect.ts';
import { call } from '../../../api/client.ts';
import { SessionContext } from '../../../session/sessionContext.ts';

/** Internal messages (spec §2 messageV2): a read or a delete makes every key under `MESSAGE_KEYS` stale. */
export const MESSAGE_KEYS = [
  ['member', 'messages'],
  ['member', 'unreadCount'],
];

export const MESSAGE_PAGE_SIZE = 10;

export const messageListQuery = (pageNo: number) =>
  queryOptions({
    queryKey: ['member', 'messages', pageNo],
    queryFn: async () => (await call(messageList, { query: { pageNo, pageSize: MESSAGE_PAGE_SIZE } })).value,
    placeholderData: keepPreviousData,
  });

/** How often the header asks for new messages while the page is open (and on every return to the window). */
export const UNREAD_POLL_MS = 60_000;

export const unreadCountQuery = () =>
  queryOptions({
    queryKey: ['member', 'unreadCount'],
    queryFn: async () => (await call(unreadCount, { query: {} })).value.count,
    refetchInterval: UNREAD_POLL_MS,
    // Fresh until the next poll: the count the start read (src/app/memberStart.ts) is not asked again on mount.
    staleTime: UNREAD_POLL_MS,
    refetchOnWindowFocus: 'always',
  });

/** The member's unread messages (header badge); asked only for a logged-in real member (trials have no inbox). */
export function useUnreadCount() {
  const loggedIn = SessionContext.useSelector(selectIsLoggedIn);
  const trial = SessionContext.useSelector(selectIsTrial);
  return useQuery({ ...unreadCountQuery(), enabled: loggedIn && !trial });
}
