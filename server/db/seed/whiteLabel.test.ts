import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';
import { DEMO_MERCHANTS } from './merchants.ts';

/**
 * What a LOTUS player reads of the demo content through the player calls: the asked catalogue (not English) and
 * LOTUS's own house bank account (not Portico's). LOTUS offers Thai alone; the operator offers Chinese too here, as
 * a language a merchant does not offer gives way to English (server/modules/ops/languages.test.ts).
 */

const OPS = 'white-label-ops-token';
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await testApp({ opsToken: OPS });
  const offered = await t.app.inject({
    method: 'PATCH',
    url: '/ops/merchants/LOTUS',
    headers: { authorization: `Bearer ${OPS}` },
    payload: { languages: ['th', 'zh'], features: { LANGUAGE_LIST: true } },
  });
  expect(offered.statusCode).toBe(200);
  token = (await client(t.app, 'LOTUS').login('player01', 'Player123')).body.value.token;
}, 120_000);
afterAll(() => t?.close());

const lotus = DEMO_MERCHANTS.find((m) => m.code === 'LOTUS')!;
const get = async (url: string, language?: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: {
      merchant: 'LOTUS',
      authorization: `Bearer ${token}`,
      ...(language ? { language } : {}),
    },
  });
  expect(res.statusCode, url).toBe(200);
  return res.json().value;
};

/** Every text the player calls give, in `language` (LOTUS has no points mall: PTSYS3 is off). */
async function shown(language: string): Promise<string[]> {
  const index = await get('/wps/notice/index', language);
  const promotions = await get('/wps/promotions', language);
  const help = await get('/wps/system/helpCenter', language);
  const texts = [
    ...index.notices.flatMap((n: { title: string; content: string }) => [n.title, n.content]),
    ...index.banners.map((b: { title: string }) => b.title),
    ...promotions.list.flatMap((p: { title: string; summary: string }) => [p.title, p.summary]),
    ...help.list.flatMap((h: { title: string; content: string }) => [h.title, h.content]),
  ];
  expect(index.notices.length * index.banners.length * promotions.list.length).toBeGreaterThan(0);
  expect(help.list.length).toBeGreaterThan(0);
  return texts;
}

describe('LOTUS demo content in Thai and Chinese', () => {
  it.each([
    ['th', /[\u0E00-\u0E7F]/],
    ['zh', /[\u4E00-\u9FFF]/],
  ])('gives notices, banners, promotions and help items in %s', async (language, script) => {
    const texts = await shown(language);
    const english = new Set(await shown('en'));
    for (const text of texts) {
      expect(text, text).toMatch(script);
      expect(english.has(text), text).toBe(false);
    }
    expect(texts.join('\n')).not.toMatch(/Portico/);
  });
});

describe('LOTUS deposit page', () => {
  it("names LOTUS's own house bank account, not Portico's", async () => {
    const settings = await get('/wps/payment/settings');
    expect(settings.bank).toEqual(lotus.bank);
    const bankMethod = settings.deposit.methods.find((m: { kind: string }) => m.kind === 'BANK');
    expect(bankMethod.bank).toEqual(lotus.bank);
    expect(JSON.stringify(settings)).not.toMatch(/Portico/i);
    const portico = DEMO_MERCHANTS.find((m) => m.code === 'PORTICO')!;
    expect(lotus.bank.accountNo).not.toBe(portico.bank.accountNo);
  });
});
