import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TRIAL_AGENT_TYPE } from '../../contract/constants.ts';
import { MEMBER_START_CALLS } from '../../contract/firstReplies.ts';
import { demoMember } from '../../machines/session.events.ts';
import { setApiLanguage } from '../api/client.ts';
import { balanceQuery } from '../api/queries.ts';
import { playerAvatarQuery } from '../features/auth/queries.ts';
import { unreadCountQuery } from '../features/member/messages/queries.ts';
import { memberStartReplies as replies } from '../test/memberStartReplies.ts';
import { prefetchMemberStart } from './memberStart.ts';

const REFUSED = { success: false, code: 'FORBIDDEN', message: 'Please Register An Account First' };

/** A server that answers only once `release` is called: every call is seen before any reply. */
function heldServer(answer: (path: string) => unknown = (path) => replies[path]) {
  const asked: string[] = [];
  const held: (() => void)[] = [];
  const fetchMock = vi.fn((url: string) => {
    const path = new URL(url, 'http://portal.test').pathname;
    asked.push(path);
    return new Promise<Response>((resolve) =>
      held.push(() => {
        const body = answer(path);
        // A call the server refuses (its envelope, 403), answered once: the client asks a refused call no more.
        resolve(
          new Response(JSON.stringify(body ?? REFUSED), {
            status: body === undefined ? 403 : (body as { success?: boolean }).success === false ? 401 : 200,
            headers: { 'content-type': 'application/json' },
          }),
        );
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    asked,
    release: () => {
      for (const answer of held.splice(0)) answer();
    },
  };
}

beforeEach(() => {
  sessionStorage.setItem('token', 't-stored');
  setApiLanguage('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  sessionStorage.clear();
});

describe("a returning member's start", () => {
  it('asks the header’s calls side by side and has their replies in place before the first render', async () => {
    const server = heldServer();
    const queryClient = new QueryClient();
    const start = prefetchMemberStart(queryClient);
    await vi.waitFor(() => expect(server.asked).toHaveLength(4));
    // All four went out before any came back (one round trip, not the info's and then the others'), and they are
    // the calls the page's boot script asks ahead of the app (src/api/earlyReplies.test.ts).
    expect([...server.asked].sort()).toEqual([...MEMBER_START_CALLS].sort());
    server.release();
    expect(await start).toEqual(demoMember);
    expect(queryClient.getQueryData(balanceQuery().queryKey)).toEqual({
      sumBalance: 123_45,
      currency: 'VND',
      currencySign: '₫',
    });
    expect(queryClient.getQueryData(playerAvatarQuery(demoMember.id).queryKey)).toEqual({
      avatarUrl: '/avatar/a.svg',
    });
    expect(queryClient.getQueryData(unreadCountQuery().queryKey)).toBe(3);
    // Fresh for the views that read them on mount: not asked again at once.
    const asked = server.asked.length;
    await queryClient.fetchQuery(unreadCountQuery());
    await queryClient.fetchQuery(balanceQuery());
    await queryClient.fetchQuery(playerAvatarQuery(demoMember.id));
    expect(server.asked).toHaveLength(asked);
  });

  it('keeps no inbox count for a trial account', async () => {
    const trial = { ...demoMember, agentType: TRIAL_AGENT_TYPE };
    const server = heldServer((path) =>
      path === '/wps/member/info'
        ? { success: true, value: trial }
        : path === '/wps/relay/unreadCount'
          ? undefined
          : replies[path],
    );
    const queryClient = new QueryClient();
    const start = prefetchMemberStart(queryClient);
    await vi.waitFor(() => expect(server.asked).toHaveLength(4));
    server.release();
    expect(await start).toEqual(trial);
    expect(queryClient.getQueryState(unreadCountQuery().queryKey)).toBeUndefined();
  });

  it('leaves the info to the session machine when it cannot be read, and the avatar to the header', async () => {
    const refused = heldServer((path) =>
      path === '/wps/member/info'
        ? { success: false, code: 'UNAUTHORIZED', message: 'Not logged in, please login' }
        : replies[path],
    );
    const start = prefetchMemberStart(new QueryClient());
    await vi.waitFor(() => expect(refused.asked).toHaveLength(4));
    refused.release();
    expect(await start).toBeUndefined();

    const noAvatar = heldServer((path) =>
      path === '/wps/relay/MCSFE_getPlayerAvatar' ? undefined : replies[path],
    );
    const queryClient = new QueryClient();
    const withoutAvatar = prefetchMemberStart(queryClient);
    await vi.waitFor(() => expect(noAvatar.asked).toHaveLength(4));
    noAvatar.release();
    expect(await withoutAvatar).toEqual(demoMember);
    expect(queryClient.getQueryState(playerAvatarQuery(demoMember.id).queryKey)).toBeUndefined();
  });

  it('goes without them once its wait is over', async () => {
    vi.useFakeTimers();
    const server = heldServer();
    const start = prefetchMemberStart(new QueryClient(), 800);
    await vi.advanceTimersByTimeAsync(799);
    expect(server.asked).toHaveLength(4);
    let settled = false;
    void start.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await start).toBeUndefined();
  });
});
