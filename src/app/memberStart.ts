import type { QueryClient } from '@tanstack/react-query';
import type { AnyCall, CallInput, CallOutput } from '../../contract/call.ts';
import { TRIAL_AGENT_TYPE } from '../../contract/constants.ts';
import type { MemberInfo } from '../../contract/member.ts';
import { balance, memberInfo, playerAvatar, type Route, unreadCount } from '../../contract/routes.ts';
import { call, pageApi } from '../api/client.ts';
import { forgetEarlyReplies, takeEarlyReply } from '../api/earlyReplies.ts';
import { balanceQuery } from '../api/queries.ts';
import { storedMerchant, storedToken } from '../api/session.ts';
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
 * read leaves it to the machine, which reads it again and says so; any other, to the view that shows it. On a page
 * the server drew, the boot script asked them already, with the page (contract/firstScreen.ts): their replies are
 * taken instead of asking (src/api/earlyReplies.ts).
 *
 * Settles with the info, or undefined: once every call is answered, or after `waitMs` with what has come.
 */
export function prefetchMemberStart(
  queryClient: QueryClient,
  waitMs = MEMBER_START_WAIT_MS,
): Promise<MemberInfo | undefined> {
  const failed = () => undefined;
  const info = ask(memberInfo).then((r) => r.value);
  const avatar = ask(playerAvatar).then((r) => r.value, failed);
  const unread = ask(unreadCount).then((r) => r.value.count, failed);
  const money = ask(balance).then((r) => queryClient.setQueryData(balanceQuery().queryKey, r.value), failed);
  const calls = Promise.all([info, money]).then(async ([member]) => {
    // The avatar's reply is kept under its member's id, which the info tells: asked beside it, not after it.
    const picture = await avatar;
    if (picture !== undefined) queryClient.setQueryData(playerAvatarQuery(member.id).queryKey, picture);
    // A trial account has no inbox (its count is refused).
    const count = member.agentType === TRIAL_AGENT_TYPE ? undefined : await unread;
    if (count !== undefined) queryClient.setQueryData(unreadCountQuery().queryKey, count);
    return member;
  });
  const timeout = new Promise<undefined>((resolve) => setTimeout(resolve, waitMs, undefined));
  return Promise.race([calls.catch(failed), timeout]).finally(forgetEarlyReplies);
}

/** One of the start's calls: the reply the boot script asked, when it asked as the app asks now; else the server's. */
async function ask<C extends AnyCall>(route: Route<C>): Promise<CallOutput<C>> {
  const token = storedToken();
  const early = token && takeEarlyReply(route.path, token, storedMerchant(), pageApi.scope.language);
  return (
    ((early && (await early)) as CallOutput<C> | undefined) ?? call(route, { query: {} } as CallInput<C>)
  );
}
