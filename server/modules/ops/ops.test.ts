import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/app.ts';
import { approveChange } from '../../test/changes.ts';

const OPS = 'ops-secret-for-tests';
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ opsToken: OPS });
});
afterAll(() => t.close());

const auth = { authorization: `Bearer ${OPS}` };
const newMerchant = {
  code: 'JADE',
  name: 'Jade Club',
  domains: ['jade.localhost', 'JADE.example'],
  primary: '#0a7d3b',
  accent: '#ffd166',
  defaultTheme: 'light',
  copyCatalogueFrom: 'LOTUS',
};

describe('operator API', () => {
  it('refuses requests without the operator token', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${OPS}x`]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/ops/merchants/LOTUS',
        headers: authorization ? { authorization } : {},
        payload: { maintenance: true },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
  });

  it('accepts no bearer as the environment token when none is configured', async () => {
    const plain = await testApp();
    try {
      for (const authorization of [undefined, 'Bearer ', 'Bearer undefined']) {
        const res = await plain.app.inject({
          method: 'PATCH',
          url: '/ops/merchants/LOTUS',
          headers: authorization ? { authorization } : {},
          payload: { maintenance: true },
        });
        expect(res.statusCode).toBe(401);
      }
    } finally {
      await plain.close();
    }
  });

  it('validates changes field by field', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/ops/merchants/LOTUS',
      headers: auth,
      payload: { maintenanceEnd: 'tomorrow', restrictedCountries: ['usa'] },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['maintenanceEnd', 'restrictedCountries.0']);
    const empty = await t.app.inject({
      method: 'PATCH',
      url: '/ops/merchants/LOTUS',
      headers: auth,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'PATCH',
      url: '/ops/merchants/NOPE',
      headers: auth,
      payload: { maintenance: true },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('sets and removes a merchant’s Firebase options', async () => {
    const firebase = { apiKey: 'k', authDomain: 'lotus.firebaseapp.com', projectId: 'lotus', appId: 'a' };
    const info = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/wps/system/whitelabel', headers: { merchant: 'LOTUS' } })
      ).json().value;
    await t.app.inject({
      method: 'PATCH',
      url: '/ops/merchants/LOTUS',
      headers: auth,
      payload: { firebase },
    });
    expect((await info()).firebase).toEqual(firebase);
    await t.app.inject({
      method: 'PATCH',
      url: '/ops/merchants/LOTUS',
      headers: auth,
      payload: { firebase: null },
    });
    expect((await info()).firebase).toBeNull();
    expect((await info()).features.MOBILENUMREG3).toBe(true);
  });

  it('maps the language switch’s TY entry per merchant, and refuses English or an unknown catalogue', async () => {
    const ty = async (merchant: string) =>
      (await t.app.inject({ method: 'GET', url: '/wps/system/whitelabel', headers: { merchant } })).json()
        .value.tyLanguage;
    expect([await ty('PORTICO'), await ty('LOTUS')]).toEqual(['vi', 'th']);
    for (const tyLanguage of ['en', 'fr'])
      expect(
        (
          await t.app.inject({
            method: 'PATCH',
            url: '/ops/merchants/LOTUS',
            headers: auth,
            payload: { tyLanguage },
          })
        ).statusCode,
      ).toBe(400);
    await t.app.inject({
      method: 'PATCH',
      url: '/ops/merchants/LOTUS',
      headers: auth,
      payload: { tyLanguage: 'zh' },
    });
    expect([await ty('PORTICO'), await ty('LOTUS')]).toEqual(['vi', 'zh']);
  });

  it('adds a merchant with its own brand and domains and a copy of another catalogue', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ops/merchants',
      headers: auth,
      payload: newMerchant,
    });
    expect(res.json()).toEqual({ success: true, value: { merchantCode: 'JADE' } });
    const info = await t.app.inject({
      method: 'GET',
      url: '/wps/system/whitelabel',
      headers: { host: 'jade.example' },
    });
    expect(info.json().value.brand).toMatchObject({
      name: 'Jade Club',
      primary: '#0a7d3b',
      defaultTheme: 'light',
    });
    const lanes = async (merchant: string) =>
      (await t.app.inject({ method: 'GET', url: '/lgw/games/vendor', headers: { merchant } })).json().data
        .lanes;
    expect(await lanes('JADE')).toEqual(
      (await lanes('LOTUS')).map((l: { cards: { logoUrl: string }[] }) => ({
        ...l,
        cards: l.cards.map((c) => ({ ...c, logoUrl: c.logoUrl.replace('/LOTUS/', '/JADE/') })),
      })),
    );
  });

  it('refuses a taken code or domain and writes nothing', async () => {
    const again = await t.app.inject({
      method: 'POST',
      url: '/ops/merchants',
      headers: auth,
      payload: newMerchant,
    });
    expect(again.statusCode).toBe(409);
    const domainTaken = await t.app.inject({
      method: 'POST',
      url: '/ops/merchants',
      headers: auth,
      payload: { ...newMerchant, code: 'JADE2', domains: ['fresh.example', 'localhost'] },
    });
    expect(domainTaken.statusCode).toBe(409);
    expect(domainTaken.json().fields.domains).toBe('localhost');
    const fresh = await t.app.inject({
      method: 'GET',
      url: '/wps/system/status',
      headers: { host: 'fresh.example' },
    });
    expect(fresh.json().code).toBe('UNKNOWN_MERCHANT');
    const jade2 = await t.app.inject({
      method: 'GET',
      url: '/wps/system/status',
      headers: { merchant: 'JADE2' },
    });
    expect(jade2.statusCode).toBe(400);
  });
});

describe('merchant rules', () => {
  const rules = (method: 'GET' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/ops/merchants/${url}`, headers: auth, ...(payload ? { payload } : {}) });

  it('shows the defaults, replaces a topic checked whole once approved, and changes what members are offered', async () => {
    const before = await rules('GET', 'LOTUS/rules/rebate');
    expect(before.json().value).toMatchObject({ topic: 'rebate', custom: false, rules: { minClaim: 100 } });
    const own = { rates: { RNG: 100, LIVE: 20 }, minClaim: 500 };
    const set = await rules('PUT', 'LOTUS/rules/rebate', own);
    expect(set.json().value.change).toMatchObject({ status: 'DRAFT', proposed: own });
    await approveChange(t.app, set.json().value.change.id);
    expect((await rules('GET', 'LOTUS/rules/rebate')).json().value).toMatchObject({
      custom: true,
      rules: own,
    });
    // Another merchant keeps the defaults.
    expect((await rules('GET', 'PORTICO/rules/rebate')).json().value.custom).toBe(false);
  });

  it('refuses bad rules, unknown topics and merchants, storing nothing', async () => {
    const before = (await rules('GET', 'LOTUS/rules/payments')).json().value;
    const bad = await rules('PUT', 'LOTUS/rules/payments', { deposit: { min: 5, max: 1 } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(['withdrawal', 'bank']));
    expect((await rules('GET', 'LOTUS/rules/payments')).json().value).toEqual(before);
    expect((await rules('GET', 'LOTUS/rules/jackpots')).statusCode).toBe(400);
    const nobody = await rules('PUT', 'NOBODY/rules/referral', { rateBp: 1, maxBonus: 1, minDeposit: 1 });
    expect(nobody.statusCode).toBe(404);
  });
});
