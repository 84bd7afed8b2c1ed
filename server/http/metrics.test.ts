import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger } from '../modules/wallet/ledger.ts';
import { type TestApp, testApp } from '../test/app.ts';
import { client } from '../test/auth.ts';
import { newMember } from '../test/play.ts';
import { memberWithToken } from '../test/wallet.ts';

const scrape = async (t: TestApp, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/metrics', headers });

/** The value of one series in the exposition text (undefined when absent). */
const value = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('metrics', () => {
  let t: TestApp;
  let clock = Date.parse('2030-01-01T00:00:00Z');
  beforeAll(async () => {
    t = await testApp({ clock: () => clock });
  });
  afterAll(() => t.close());

  it('is Prometheus text, open outside production without a token, with the process series', async () => {
    const res = await scrape(t);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain('# TYPE portico_http_request_duration_seconds histogram');
    expect(res.body).toContain('process_cpu_user_seconds_total');
    expect(res.body).toContain('nodejs_heap_size_used_bytes');
  });

  it('times requests by route pattern and status, never by the raw URL', async () => {
    await t.app.inject({ method: 'GET', url: '/wps/promotion/987654?x=1', headers: { merchant: 'PORTICO' } });
    await t.app.inject({ method: 'GET', url: '/wps/no/such/thing', headers: { merchant: 'PORTICO' } });
    const text = (await scrape(t)).body;
    expect(
      value(
        text,
        'portico_http_request_duration_seconds_count{route="/wps/promotion/:id",method="GET",status="404"}',
      ),
    ).toBe(1);
    expect(
      value(text, 'portico_http_request_duration_seconds_count{route="*",method="GET",status="404"}'),
    ).toBe(1);
    expect(text).not.toContain('987654');
    expect(text).not.toContain('/wps/no/such');
  });

  it('counts refused logins of members and operators, by how and why', async () => {
    const api = client(t.app);
    expect((await api.login('player01', 'not-the-password')).status).toBe(401);
    const ops = await t.app.inject({
      method: 'POST',
      url: '/ops/login',
      payload: { username: 'nobody-here', password: 'not-the-password' },
    });
    expect(ops.statusCode).toBe(401);
    const text = (await scrape(t)).body;
    expect(
      value(text, 'portico_login_failures_total{who="member",method="username",reason="password"}'),
    ).toBe(1);
    expect(
      value(text, 'portico_login_failures_total{who="operator",method="password",reason="unknown"}'),
    ).toBe(1);
  });

  it('counts rate-limit refusals by route', async () => {
    const api = client(t.app, 'PORTICO', '10.77.0.1');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) statuses.push((await api.send('GET', '/wps/captcha')).status);
    expect(statuses.at(-1)).toBe(429);
    expect(value((await scrape(t)).body, 'portico_rate_limited_total{route="/wps/captcha"}')).toBe(1);
  });

  it('counts ledger postings and the money they moved, by merchant and kind; a replay moves and counts nothing', async () => {
    const m = await memberWithToken(t.database.db, 'metrics_tr', 50_000n);
    const api = client(t.app);
    const body = { requestId: randomUUID(), direction: 'in', vendor: 'AG', amount: 12_345 };
    expect((await api.send('POST', '/wps/relay/GCS_walletTransfer', body, m.token)).status).toBe(200);
    expect((await api.send('POST', '/wps/relay/GCS_walletTransfer', body, m.token)).status).toBe(200);
    const text = (await scrape(t)).body;
    const series = text.split('\n').filter((l) => l.startsWith('portico_ledger_'));
    expect(series).toEqual([
      'portico_ledger_postings_total{merchant="PORTICO",kind="VENDOR_TRANSFER"} 1',
      'portico_ledger_posted_amount_total{merchant="PORTICO",kind="VENDOR_TRANSFER"} 12345',
    ]);
  });

  it('counts the postings of background jobs too', async () => {
    const ledger = createLedger(t.database.db);
    const house = await ledger.wallet('LOTUS', null, 'HOUSE_PROMO');
    const main = (await newMember(t.database.db, 'metrics_job', 0n, 'LOTUS')).main;
    t.app.jobs.register({
      name: 'payout',
      everyMs: 60_000,
      run: () =>
        ledger.post('LOTUS', `metrics:job:${randomUUID()}`, 'JOB_PAYOUT', [
          { walletId: house, amount: -700n },
          { walletId: main, amount: 700n },
        ]),
    });
    await t.app.jobs.runNow('payout');
    const text = (await scrape(t)).body;
    expect(value(text, 'portico_ledger_postings_total{merchant="LOTUS",kind="JOB_PAYOUT"}')).toBe(1);
    expect(value(text, 'portico_ledger_posted_amount_total{merchant="LOTUS",kind="JOB_PAYOUT"}')).toBe(700);
  });

  it('counts job runs and failures, and how long since each job ticked', async () => {
    let fail = false;
    t.app.jobs.register({
      name: 'sample',
      everyMs: 60_000,
      run: async () => {
        clock += 1_500;
        if (fail) throw new Error('boom');
      },
    });
    await t.app.jobs.runNow('sample');
    fail = true;
    await t.app.jobs.runNow('sample');
    clock += 20_000;
    const text = (await scrape(t)).body;
    expect(value(text, 'portico_job_runs_total{job="sample"}')).toBe(2);
    expect(value(text, 'portico_job_failures_total{job="sample"}')).toBe(1);
    expect(value(text, 'portico_job_duration_seconds_count{job="sample"}')).toBe(2);
    expect(value(text, 'portico_job_duration_seconds_sum{job="sample"}')).toBe(3);
    expect(value(text, 'portico_job_lag_seconds{job="sample"}')).toBe(20);
  });

  it('shows the PostgreSQL pool (PGlite has none)', async () => {
    const text = (await scrape(t)).body;
    const pool = value(text, 'portico_db_pool_connections');
    if (t.database.kind === 'postgres') {
      expect(pool).toBeGreaterThan(0);
      expect(value(text, 'portico_db_pool_waiting_requests')).toBe(0);
    } else expect(pool).toBeUndefined();
  });
});

describe('metrics access', () => {
  const token = 'm'.repeat(40);
  let t: TestApp;
  let prod: TestApp;
  beforeAll(async () => {
    t = await testApp({ metricsToken: token });
    prod = await testApp({ production: true });
  });
  afterAll(async () => {
    await t.close();
    await prod.close();
  });

  it('needs PORTICO_METRICS_TOKEN as a bearer token once it is set', async () => {
    const refused: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${'x'.repeat(40)}` },
      { authorization: token },
    ];
    for (const headers of refused) {
      const res = await scrape(t, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
    const ok = await scrape(t, { authorization: `Bearer ${token}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('portico_http_request_duration_seconds');
  });

  it('is off in production without a token', async () => {
    const res = await scrape(prod);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});
