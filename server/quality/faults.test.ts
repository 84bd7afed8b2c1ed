import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../contract/call.ts';
import { banners } from '../db/schema/index.ts';
import { dayList } from '../modules/wallet/days.ts';
import { type TestApp, testApp } from '../test/app.ts';

/** Faults the fuzz found, each pinned where it was fixed (the fuzz finds them again only by chance). */

const OPS = 'ops-token-for-faults';
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ opsToken: OPS });
});
afterAll(() => t.close());

describe('paths the router refuses before any route', () => {
  it('a path parameter over 100 characters: 414 with the envelope', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/ops/merchants/${'A'.repeat(101)}/notices`,
      headers: { authorization: `Bearer ${OPS}` },
    });
    expect(res.statusCode).toBe(414);
    expect(errorEnvelope.parse(res.json())).toMatchObject({
      code: 'VALIDATION',
      message: 'Path is too long',
    });
  });

  it('a broken %-escape in a path parameter: 400 with the envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/wps/promotion/%E0%A4%A/claim', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(errorEnvelope.parse(res.json())).toMatchObject({ code: 'VALIDATION', message: 'Malformed path' });
  });
});

describe('a range of days', () => {
  it('is listed only within its limit: thousands of years are refused before a day is made', () => {
    expect(dayList('0001-01-01', '9999-12-31', 93)).toBeNull();
    expect(dayList('2024-02-28', '2024-03-01', 3)).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    expect(dayList('2024-02-28', '2024-03-01', 2)).toBeNull();
  });

  it('of thousands of years is a 400 under the field for the profit page and the agent pages', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      headers: { merchant: 'PORTICO' },
      payload: { type: 'username', username: 'agent01', password: 'Agent1234' },
    });
    const token = login.json().value.token;
    for (const [url, field] of [
      ['/wps/member/profit', 'to'],
      ['/wps/agent/team/overview', 'from'],
      ['/wps/agent/team/loss', 'from'],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${url}?from=0001-01-01&to=9999-12-31`,
        headers: { merchant: 'PORTICO', authorization: `Bearer ${token}` },
      });
      expect([url, res.statusCode]).toEqual([url, 400]);
      expect(res.json().fields).toHaveProperty(field);
    }
  });
});

describe('an operator naming a merchant that does not exist', () => {
  it('adding a banner: 404, nothing stored (was a 500 from the database)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ops/merchants/NO_SUCH_ONE/banners',
      headers: { authorization: `Bearer ${OPS}` },
      payload: { groupName: 'home', titles: { en: 'Nowhere' } },
    });
    expect(res.statusCode).toBe(404);
    expect(errorEnvelope.parse(res.json())).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Unknown merchant "NO_SUCH_ONE"',
    });
    expect(await t.database.db.select().from(banners).where(eq(banners.merchantCode, 'NO_SUCH_ONE'))).toEqual(
      [],
    );
  });
});
