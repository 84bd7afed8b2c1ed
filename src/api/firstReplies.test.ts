import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_REPLIES_ID } from '../../contract/firstReplies.ts';
import { systemStatus, whitelabel } from '../../contract/routes.ts';
import { startLocale } from '../i18n/i18n.ts';
import { call, setApiLanguage } from './client.ts';
import { adoptFirstReplies, firstLanguages } from './firstReplies.ts';

const status = { success: true, code: 'OK', value: { status: 0 } };
const fromServer = { success: true, code: 'OK', value: { status: 9 } };

function page(block: object | string) {
  const doc = document.implementation.createHTMLDocument();
  const script = doc.createElement('script');
  script.type = 'application/json';
  script.id = FIRST_REPLIES_ID;
  script.textContent = typeof block === 'string' ? block : JSON.stringify(block);
  doc.head.append(script);
  return doc;
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(
    async () => new Response(JSON.stringify(fromServer), { headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  setApiLanguage('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

describe('first replies', () => {
  it('answer the first read of their address from the page, once; the next read asks the server', async () => {
    const doc = page({ merchant: 'PORTICO', language: 'en', replies: { '/wps/system/status': status } });
    adoptFirstReplies(doc);
    expect(doc.getElementById(FIRST_REPLIES_ID)).toBeNull();
    expect(await call(systemStatus, { query: {} })).toEqual(status);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await call(systemStatus, { query: {} })).toEqual(fromServer);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('are not used for an address they do not hold, another language or another merchant the client names', async () => {
    adoptFirstReplies(
      page({ merchant: 'PORTICO', language: 'en', replies: { '/wps/system/status': status } }),
    );
    expect(await call(whitelabel, { query: {} })).toEqual(fromServer);
    setApiLanguage('vi');
    expect(await call(systemStatus, { query: {} })).toEqual(fromServer);
    setApiLanguage('en');
    sessionStorage.setItem('merchant', 'LOTUS');
    expect(await call(systemStatus, { query: {} })).toEqual(fromServer);
    sessionStorage.setItem('merchant', 'PORTICO');
    expect(await call(systemStatus, { query: {} })).toEqual(status);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('asked for a white-label link’s merchant, are used only by a client that names it, not by one on the domain', async () => {
    adoptFirstReplies(
      page({ merchant: 'LOTUS', linked: true, language: 'en', replies: { '/wps/system/status': status } }),
    );
    expect(await call(systemStatus, { query: {} })).toEqual(fromServer);
    sessionStorage.setItem('merchant', 'LOTUS');
    expect(await call(systemStatus, { query: {} })).toEqual(status);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('tell the merchant’s languages before any call, and the app starts in a language it offers', () => {
    const whitelabelReply = (features: Record<string, boolean>) => ({
      success: true,
      code: 'OK',
      value: { tyLanguage: 'th', languages: ['th', 'ja'], features },
    });
    adoptFirstReplies(
      page({ merchant: 'LOTUS', language: 'vi', replies: { '/wps/system/whitelabel': whitelabelReply({}) } }),
    );
    expect(firstLanguages('PORTICO')).toBeUndefined();
    // Without the full-list flag, its TY language alone.
    const ty = firstLanguages(null);
    expect(ty).toEqual(['th']);
    expect([
      startLocale('th', ty),
      startLocale('ja', ty),
      startLocale('zh', ty),
      startLocale('en', ty),
    ]).toEqual(['th', 'en', 'en', 'en']);
    // Without the replies (no page hints), the saved language; QA's pseudo-locale stays whatever the merchant.
    expect([startLocale('vi', undefined), startLocale('pseudo', ty)]).toEqual(['vi', 'pseudo']);
    adoptFirstReplies(
      page({
        merchant: 'LOTUS',
        language: 'ja',
        replies: { '/wps/system/whitelabel': whitelabelReply({ LANGUAGE_LIST: true }) },
      }),
    );
    const listed = firstLanguages(null);
    expect([startLocale('ja', listed), startLocale('th', listed), startLocale('ko', listed)]).toEqual([
      'ja',
      'th',
      'en',
    ]);
  });

  it('a broken block is ignored: every read asks the server', async () => {
    adoptFirstReplies(page('{"merchant": "PORTICO", '));
    expect(await call(systemStatus, { query: {} })).toEqual(fromServer);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
