import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MEMBER_START_CALLS, MEMBER_START_GLOBAL } from '../../contract/firstReplies.ts';
import { APP_ENTRY_ID, BOOT_SCRIPT } from '../../contract/firstScreen.ts';
import { memberInfo } from '../../contract/routes.ts';
import { demoMember } from '../../machines/session.events.ts';
import { prefetchMemberStart } from '../app/memberStart.ts';
import { memberStartReplies as replies } from '../test/memberStartReplies.ts';
import { call, setApiLanguage } from './client.ts';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async (url: string) => {
    const body = replies[new URL(url, 'http://portal.test').pathname];
    return new Response(JSON.stringify(body ?? {}), {
      status: body ? 200 : 404,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  // A drawn page in Vietnamese: the boot script reads its language and the app's code it is to load.
  document.documentElement.lang = 'vi';
  document.head.innerHTML = `<script type="application/json" id="${APP_ENTRY_ID}">[]</script>`;
  setApiLanguage('vi');
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
  delete window[MEMBER_START_GLOBAL];
});

/** The drawn page's inline script, as the browser runs it before the first paint. */
const runBootScript = () => new Function(BOOT_SCRIPT)();

describe("a returning member's header, asked by the page's boot script", () => {
  it('asks the header’s calls as the app would, with the session’s token, merchant and language', () => {
    sessionStorage.setItem('token', 't-1');
    localStorage.setItem('merchant', 'PORTICO');
    runBootScript();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([...MEMBER_START_CALLS]);
    for (const [, init] of fetchMock.mock.calls)
      expect(init.headers).toMatchObject({
        authorization: 'Bearer t-1',
        language: 'vi',
        merchant: 'PORTICO',
      });
  });

  it('asks with a remembered login’s token while its day lasts, and nothing for a visitor', () => {
    runBootScript();
    expect(fetchMock).not.toHaveBeenCalled();
    localStorage.setItem('rememberedSession', JSON.stringify({ token: 't-old', until: Date.now() - 1 }));
    runBootScript();
    expect(fetchMock).not.toHaveBeenCalled();
    localStorage.setItem('rememberedSession', JSON.stringify({ token: 't-day', until: Date.now() + 60_000 }));
    runBootScript();
    expect(fetchMock).toHaveBeenCalledTimes(MEMBER_START_CALLS.length);
    expect(fetchMock.mock.calls[0]![1].headers.authorization).toBe('Bearer t-day');
  });

  it('the member start takes those replies instead of asking, and leaves none to be taken late', async () => {
    sessionStorage.setItem('token', 't-1');
    runBootScript();
    expect(fetchMock).toHaveBeenCalledTimes(4);
    const queryClient = new QueryClient();
    expect(await prefetchMemberStart(queryClient)).toEqual(demoMember);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(queryClient.getQueryData(['balance'])).toMatchObject({ sumBalance: 123_45 });
    expect(window[MEMBER_START_GLOBAL]).toBeUndefined();
    // A later read is the server's.
    await call(memberInfo, { query: {} });
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });

  it('leaves them, all of them, when the app asks otherwise: another token, merchant or language', async () => {
    const askedOtherwise = [
      () => sessionStorage.setItem('token', 't-2'),
      () => setApiLanguage('en'),
      () => sessionStorage.setItem('merchant', 'OTHER'),
    ];
    for (const otherwise of askedOtherwise) {
      sessionStorage.setItem('token', 't-1');
      sessionStorage.removeItem('merchant');
      setApiLanguage('vi');
      runBootScript();
      fetchMock.mockClear();
      otherwise();
      expect(await prefetchMemberStart(new QueryClient())).toEqual(demoMember);
      expect(fetchMock).toHaveBeenCalledTimes(MEMBER_START_CALLS.length);
      expect(window[MEMBER_START_GLOBAL]).toBeUndefined();
    }
    // As the script asked: its replies, no call.
    sessionStorage.setItem('token', 't-1');
    sessionStorage.removeItem('merchant');
    setApiLanguage('vi');
    runBootScript();
    fetchMock.mockClear();
    expect(await prefetchMemberStart(new QueryClient())).toEqual(demoMember);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks the server for a reply the script could not get', async () => {
    sessionStorage.setItem('token', 't-1');
    fetchMock.mockImplementationOnce(async () => new Response('', { status: 503 }));
    runBootScript();
    fetchMock.mockClear();
    expect(await prefetchMemberStart(new QueryClient())).toEqual(demoMember);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([MEMBER_START_CALLS[0]]);
  });
});
