import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/app.ts';

/** A banner's link is written by an operator and followed by every member: it must go where it says. */

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ opsToken: 'banner-links' });
});
afterAll(() => t?.close());

const addBanner = async (linkageType: 'ROUTE' | 'URL', link: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/ops/merchants/LOTUS/banners',
    headers: { authorization: 'Bearer banner-links' },
    payload: { groupName: 'home', linkageType, link, titles: { en: 'Link test' } },
  });
  return { status: res.statusCode, body: res.json() };
};

describe('banner links', () => {
  it('refuses an in-site link that a browser reads as another site or a script', async () => {
    for (const link of [
      '//evil.example/login',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'https://evil.example/login',
      'promotions',
      '/ evil',
    ]) {
      const res = await addBanner('ROUTE', link);
      expect([res.status, res.body.code, Object.keys(res.body.fields ?? {})], link).toEqual([
        400,
        'VALIDATION',
        ['link'],
      ]);
    }
  });

  it('takes paths of the site, and https addresses as outside links', async () => {
    for (const link of ['/promotions', '/promoDetail?id=3#terms', '/'])
      expect((await addBanner('ROUTE', link)).status, link).toBe(200);
    expect((await addBanner('URL', 'https://partner.example/offer')).status).toBe(200);
    for (const link of ['javascript:alert(1)', 'http://partner.example', '//partner.example', 'https:\\\\x'])
      expect((await addBanner('URL', link)).status, link).toBe(400);
  });
});
