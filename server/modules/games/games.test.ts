import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAV_GAME_TYPES } from '../../../contract/games.ts';
import { asMerchant, type TestApp, testApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const get = async (url: string, code: string) =>
  (await t.app.inject({ method: 'GET', url, headers: asMerchant(code) })).json();

type Menu = { gameType: string; vendors: { vassalage: string; gameCount: number }[] };
type Lane = { title: string; cards: { vassalage: string; gameCount: number }[]; gameClassify: string[] };

describe('game menus', () => {
  it('lists only game types that have vendors, in the header order', async () => {
    const { data } = await get('/lgw/games/game_menus', 'PORTICO');
    const types = data.menus.map((m: Menu) => m.gameType);
    expect(types).not.toContain('COCKFIGHT');
    const navOnly = types.filter((t: string) => t !== 'INHOUSE');
    expect(navOnly).toEqual(NAV_GAME_TYPES.filter((t) => navOnly.includes(t)));
    expect(data.menus.every((m: Menu) => m.vendors.length > 0)).toBe(true);
  });

  it('differs per merchant catalogue', async () => {
    const vendorsOf = async (code: string) =>
      ((await get('/lgw/games/game_menus', code)).data.menus as Menu[]).flatMap((m) =>
        m.vendors.map((v) => `${m.gameType}:${v.vassalage}`),
      );
    const [portico, lotus] = [await vendorsOf('PORTICO'), await vendorsOf('LOTUS')];
    expect(portico).toContain('RNG:MG');
    expect(lotus).not.toContain('RNG:MG');
    expect(lotus).toContain('ELOTT:GPI');
    expect(portico).not.toContain('ELOTT:GPI');
  });
});

describe('vendor lanes', () => {
  it('gives each lane its vendor cards with game counts and the classes its games use', async () => {
    const { data } = await get('/lgw/games/vendor', 'PORTICO');
    const rng = data.lanes.find((l: Lane) => l.title === 'RNG');
    expect(rng.gameClassify).toEqual(expect.arrayContaining(['SLOT', 'TABLE']));
    expect(rng.cards.every((c: { gameCount: number }) => c.gameCount > 0)).toBe(true);
    const total = (data.lanes as Lane[]).flatMap((l) => l.cards).reduce((n, c) => n + c.gameCount, 0);
    expect(total).toBeGreaterThanOrEqual(1500);
  });
});

describe('generated art', () => {
  it('serves a tile for every game of the catalogue as SVG, named in the asked language', async () => {
    const en = await t.app.inject({ method: 'GET', url: '/art/PORTICO/tiles/PT_LIVE_1.svg' });
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toContain('image/svg+xml');
    expect(en.body.startsWith('<svg')).toBe(true);
  });

  it('serves the tiles and vendor logos the lists name as WebP pictures of the SVG’s size', async () => {
    const { data } = await get(
      '/lgw/games/list?clientType=3&gameType=RNG&vassalage=PT&page=1&rows=1',
      'PORTICO',
    );
    const tileUrl: string = data.games[0].iconUrl;
    expect(tileUrl).toMatch(/^\/art\/PORTICO\/tiles\/[^/]+\.webp\?lang=en$/);
    const { data: vendorData } = await get('/lgw/games/vendor', 'PORTICO');
    const logoUrl: string = vendorData.lanes[0].cards[0].logoUrl;
    expect(logoUrl).toMatch(/\.webp$/);
    for (const [url, width, height] of [
      [tileUrl, 300, 300],
      [logoUrl, 240, 96],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toContain('max-age=86400');
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width, height });
    }
    // The tile's name is drawn in the language asked: another language, another picture.
    const vi = await t.app.inject({ method: 'GET', url: tileUrl.replace('lang=en', 'lang=vi') });
    const en = await t.app.inject({ method: 'GET', url: tileUrl });
    expect(vi.rawPayload.equals(en.rawPayload)).toBe(false);
  });

  it('answers unknown pictures and bad names with 404/400 envelopes', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/art/PORTICO/tiles/NOPE_1.svg' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await t.app.inject({ method: 'GET', url: '/art/PORTICO/tiles/NOPE_1.webp' })).statusCode).toBe(
      404,
    );
    const bad = await t.app.inject({ method: 'GET', url: '/art/PORTICO/tiles/..%2Fetc.svg' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'VALIDATION' });
  });

  it('names each vendor card’s logo variant of its category, and the variants differ (spec §3)', async () => {
    type Card = { vassalage: string; gameCategory: string; logoUrl: string };
    const { data } = await get('/lgw/games/vendor', 'PORTICO');
    const cards = (data.lanes as { cards: Card[] }[]).flatMap((l) => l.cards);
    for (const c of cards)
      expect(c.logoUrl).toBe(`/art/PORTICO/vendors/${c.gameCategory}/${c.vassalage}.webp`);
    // AG makes fish, live and slot games: three logos of one brand.
    const ag = cards.filter((c) => c.vassalage === 'AG').map((c) => c.gameCategory);
    expect(ag).toEqual(expect.arrayContaining(['FISH', 'LIVE', 'RNG']));
    const svgs = await Promise.all(
      ['FISH', 'LIVE', 'RNG'].map((c) =>
        t.app.inject({ method: 'GET', url: `/art/PORTICO/vendors/${c}/AG.svg` }),
      ),
    );
    expect(svgs.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(svgs.map((r) => r.body)).size).toBe(3);
    expect(svgs[0]!.body).toContain('data-category="FISH"');
    // A category the vendor has no games of has no logo; an unknown category is bad input.
    const none = await t.app.inject({ method: 'GET', url: '/art/PORTICO/vendors/SPORTS/AG.svg' });
    expect(none.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/art/PORTICO/vendors/POKER/AG.svg' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'VALIDATION' });
  });

  it('serves vendor logos, banners and the brand icon and logo, as pictures and as SVG', async () => {
    for (const [url, type] of [
      ['/art/LOTUS/vendors/GPI.svg', 'image/svg+xml; charset=utf-8'],
      ['/art/PORTICO/banners/1.webp', 'image/webp'],
      ['/art/PORTICO/banners/1.svg', 'image/svg+xml; charset=utf-8'],
      ['/art/LOTUS/icon.png', 'image/png'],
      ['/art/LOTUS/icon.svg', 'image/svg+xml; charset=utf-8'],
      ['/art/PORTICO/logo.webp', 'image/webp'],
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe(type);
    }
    expect((await t.app.inject({ method: 'GET', url: '/art/PORTICO/favicon.png' })).statusCode).toBe(400);
  });

  it('names banners, the brand logo and icon as pictures in what it gives the SPA', async () => {
    const banner = (await get('/wps/notice/index?language=en', 'PORTICO')).value.banners[0].url as string;
    expect(banner).toMatch(/^\/art\/PORTICO\/banners\/\d+\.webp\?lang=en$/);
    const { brand } = (await get('/wps/system/whitelabel', 'PORTICO')).value;
    expect([brand.logoUrl, brand.iconUrl]).toEqual(['/art/PORTICO/logo.webp', '/art/PORTICO/icon.png']);
    const res = await t.app.inject({ method: 'GET', url: banner });
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 1200,
      height: 360,
    });
  });
});
