import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMerchant, type TestApp, testApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const index = (query: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/wps/notice/index${query}`,
    headers: { ...asMerchant('PORTICO'), ...headers },
  });

describe('notice index', () => {
  it('gives notices and banners in the asked language, English by default', async () => {
    const en = (await index('')).json().value;
    const vi = (await index('?language=vi')).json().value;
    expect(en.notices[0].content).toMatch(/Welcome to Portico/);
    expect(vi.notices[0].content).toMatch(/Chào mừng/);
    const viByHeader = (await index('', { language: 'vi' })).json().value;
    expect(viByHeader.notices[0].content).toBe(vi.notices[0].content);
  });

  it('has banners for every route group, three on home, each with generated art', async () => {
    const { banners } = (await index('')).json().value;
    const groups = new Set(banners.map((b: { groupName: string }) => b.groupName));
    for (const g of [
      'home',
      'rng',
      'live',
      'fish',
      'pvp',
      'sports',
      'esports',
      'lottery',
      'promotion',
      'shop',
      'help',
    ])
      expect(groups).toContain(g);
    expect(banners.filter((b: { groupName: string }) => b.groupName === 'home')).toHaveLength(3);
    const art = await t.app.inject({ method: 'GET', url: banners[0].url });
    expect(art.statusCode).toBe(200);
    expect(art.headers['content-type']).toBe('image/webp');
    // The picture is drawn from an SVG of the merchant's brand, served beside it.
    const svg = await t.app.inject({ method: 'GET', url: banners[0].url.replace('.webp', '.svg') });
    expect(svg.body).toContain('Portico');
  });

  it('keeps merchants apart', async () => {
    const lotus = (await index('', { merchant: 'LOTUS' })).json().value;
    expect(lotus.notices.map((n: { content: string }) => n.content).join()).not.toMatch(/Portico/);
    expect(lotus.banners[0].url).toMatch(/^\/art\/LOTUS\//);
  });

  it('rejects unknown announcement types with a field message', async () => {
    const res = await index('?types=B,XX');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'VALIDATION',
      fields: { 'types.1': expect.any(String) },
    });
  });
});
