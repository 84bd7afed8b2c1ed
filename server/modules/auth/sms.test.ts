import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';

let t: TestApp;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await testApp();
  api = client(t.app);
});
afterAll(() => t.close());

describe('SMS code throttle', () => {
  it('says in the refusal how many seconds are left before the next code', async () => {
    const to = { countryDialingCode: '+84', mobileNo: '0913000444' };
    const ask = async (path = '/wps/verification/sms/register') =>
      api.send('POST', path, { ...to, ...(await api.solvedCaptcha()) });
    expect((await ask()).status).toBe(200);
    const soon = await ask();
    expect(soon.status).toBe(429);
    expect(soon.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(soon.body.retryAfter).toBeGreaterThanOrEqual(1);
    expect(soon.body.retryAfter).toBeLessThanOrEqual(60);

    // 45 s later the same number (by any purpose: a login code after a registration) waits what is left.
    await t.database.db.execute(
      "update sms_sends set last_sent_at = last_sent_at - interval '45 seconds' where key = 'mobile:84913000444'",
    );
    const later = await ask('/wps/verification/sms/noLogin');
    expect(later.status).toBe(429);
    expect(later.body.retryAfter).toBeGreaterThanOrEqual(1);
    expect(later.body.retryAfter).toBeLessThanOrEqual(15);

    await t.database.db.execute(
      "update sms_sends set last_sent_at = last_sent_at - interval '15 seconds' where key = 'mobile:84913000444'",
    );
    expect((await ask()).status).toBe(200);
  });
});
