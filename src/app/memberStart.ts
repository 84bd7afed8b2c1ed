import type { QueryClient } from '@tanstack/react-query';
import { TRIAL_AGENT_TYPE } from '../../contract/constants.ts';
import type { MemberInfo } from '../../contract/member.ts';
import { memberInfo, playerAvatar } from '../../contract/routes.ts';
import { call } from '../api/client.ts';
import { forgetEarlyReplies } from '../api/earlyReplies.ts';
import { balanceQuery } from '../api/queries.ts';
import { playerAvatarQuery } from '../features/auth/queries.ts';
import { unreadCountQuery } from '../features/member/messages/queries.ts';

/** How long a returning member's first render waits for their header's calls before it goes without them. */
export const MEMBER_START_WAIT_MS = 1500;

/**
 * A returning member's header (their info, balance, avatar and unread messages), asked at once and side by side,
 * before the first render: the server draws no member's page, so nothing is on screen meanwhile. Rendered without
 * them, the page is drawn as a transition that yields, but each reply then reaches React as an urgent update of the
 * header and what reads the session, a long task each on a phone (Lighthouse's Total Blocking Time; one after
 * another, the member's info first). The info goes to the session machine (its input `member`); a refused or failed
 * read leaves it to the machine, which reads it again and says so.
 *
 * Settles with the info, or undefined: once every call is answered, or after `waitMs` with what has come.
 */
export function prefetchMemberStart(
  queryClient: QueryClient,
  waitMs = MEMBER_START_WAIT_MS,
): Promise<MemberInfo | undefined> {
  // The avatar's reply is kept under its member's id, which the info tells: asked beside it, not after it.
  const avatar = call(playerAvatar, { query: {} }).then(
    (r) => r.value,
    () => undefined,
  );
  const calls = Promise.all([
    call(memberInfo, { query: {} }).then((r) => r.value),
    // Not tried again here (a trial account's inbox count is refused): the view asks once more on its own.
    queryClient.prefetchQuery({ ...balanceQuery(), retry: false }),
    queryClient.prefetchQuery({ ...unreadCountQuery(), retry: false }),
  ]).then(async ([member]) => {
    const picture = await avatar;
    // Without it, the header asks it itself.
    if (picture !== undefined) queryClient.setQueryData(playerAvatarQuery(member.id).queryKey, picture);
    // A trial account has no inbox: its count is never shown nor asked again.
    if (member.agentType === TRIAL_AGENT_TYPE)
      queryClient.removeQueries({ queryKey: unreadCountQuery().queryKey });
    return member;
  });
  const timeout = new Promise<undefined>((resolve) => setTimeout(resolve, waitMs, undefined));
  return Promise.race([calls.catch(() => undefined), timeout]).finally(forgetEarlyReplies);
}
