import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { gameRounds, members, merchants } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/password.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';
import { today } from './testTeam.ts';

const OPS = 'ops-token-for-contracts';
const PASSWORD = 'Secret123';
let t: TestApp;
let db: Db;
let api: ReturnType<typeof client>;
let hash: string;
beforeAll(async () => {
  t = await testApp({ opsToken: OPS });
  db = t.database.db;
  api = client(t.app);
  hash = await hashPassword(PASSWORD);
});
afterAll(() => t.close());

const tier = (activeMembers: number, betAmount: number, rateBp: number) => ({
  activeMembers,
  betAmount,
  rateBp,
});
const TOP_TIERS = [tier(0, 0, 30), tier(3, 100_000, 50), tier(10, 1_000_000, 80)];

/** An account under `upline` that can log in; returns its id and a session token. */
async function account(name: string, upline: number | null, agentType: number) {
  const [m] = await db
    .insert(members)
    .values({
      merchantCode: 'PORTICO',
      account: name,
      nickname: name,
      passwordHash: hash,
      agentType,
      uplineId: upline,
    })
    .returning();
  const login = await api.login(name, PASSWORD);
  return { id: m!.id, token: login.body.value.token as string };
}

const ops = async (method: 'POST', url: string, payload: object) => {
  const res = await t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${OPS}` } });
  return { status: res.statusCode, body: res.json() };
};
const grant = (account: string, kind: string, tiers: object[], period?: string) =>
  ops('POST', '/ops/merchants/PORTICO/contracts', { account, kind, tiers, ...(period ? { period } : {}) });
const propose = (token: string, body: object) => api.send('POST', '/wps/agent/contracts', body, token);
const act = (token: string, id: number, action: string) =>
  api.send('POST', `/wps/agent/contracts/${id}`, { action }, token);
const list = (token: string, kind: string) =>
  api.send('GET', `/wps/agent/contracts?kind=${kind}`, undefined, token);

describe('contract negotiation', () => {
  let top: Awaited<ReturnType<typeof account>>;
  let sub: Awaited<ReturnType<typeof account>>;
  let subsub: Awaited<ReturnType<typeof account>>;
  let member: Awaited<ReturnType<typeof account>>;
  let stranger: Awaited<ReturnType<typeof account>>;
  beforeAll(async () => {
    top = await account('neg_top', null, 1);
    sub = await account('neg_sub', top.id, 2);
    subsub = await account('neg_subsub', sub.id, 2);
    member = await account('neg_member', top.id, 0);
    stranger = await account('neg_stranger', null, 1);
    expect((await grant('NEG_TOP', 'DAILY_SALARY', TOP_TIERS)).body.value).toMatchObject({
      status: 'ACTIVE',
      upline: null,
      downline: { id: top.id, account: 'neg_top' },
    });
  });

  it('offers only to a direct downline agent, with rising tiers within the proposer’s own rates', async () => {
    const offer = (downlineId: number, tiers: object[]) =>
      propose(top.token, { kind: 'DAILY_SALARY', downlineId, tiers });
    expect((await offer(stranger.id, [tier(0, 0, 10)])).status).toBe(404);
    const notDirect = await offer(subsub.id, [tier(0, 0, 10)]);
    expect(notDirect).toMatchObject({ status: 400, body: { fields: { downlineId: expect.any(String) } } });
    expect((await offer(member.id, [tier(0, 0, 10)])).body.fields).toHaveProperty('downlineId');

    const tooHigh = await offer(sub.id, [tier(0, 0, 30), tier(3, 100_000, 60), tier(2, 50_000, 40)]);
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.fields).toMatchObject({
      'tiers.2.activeMembers': expect.any(String),
      'tiers.2.betAmount': expect.any(String),
      'tiers.2.rateBp': expect.any(String),
    });
    const capped = await offer(sub.id, [tier(0, 0, 30), tier(3, 100_000, 60)]);
    expect(capped).toMatchObject({
      status: 400,
      body: { fields: { 'tiers.1.rateBp': 'At most 0.50 % (your own rate for this team)' } },
    });
    // A sub-agent with no contract of the kind has nothing to offer.
    expect(
      (await propose(sub.token, { kind: 'DAILY_SALARY', downlineId: subsub.id, tiers: [tier(0, 0, 1)] }))
        .status,
    ).toBe(403);
  });

  it('a new offer replaces a pending one; the right party answers; an answered offer is closed', async () => {
    const first = await propose(top.token, {
      kind: 'DAILY_SALARY',
      downlineId: sub.id,
      tiers: [tier(0, 0, 20)],
    });
    expect(first.body.value).toMatchObject({ status: 'PROPOSED', upline: { id: top.id }, period: null });
    const second = await propose(top.token, {
      kind: 'DAILY_SALARY',
      downlineId: sub.id,
      tiers: [tier(0, 0, 25), tier(3, 100_000, 40)],
    });
    const seen = (await list(sub.token, 'DAILY_SALARY')).body.value;
    expect(seen.mine).toMatchObject({ active: null, proposed: { id: second.body.value.id } });
    expect((await act(sub.token, first.body.value.id, 'ACCEPT')).status).toBe(409);

    expect((await act(sub.token, second.body.value.id, 'TERMINATE')).status).toBe(403);
    expect((await act(top.token, second.body.value.id, 'ACCEPT')).status).toBe(403);
    expect((await act(stranger.token, second.body.value.id, 'REJECT')).status).toBe(404);
    expect((await act(sub.token, second.body.value.id, 'REJECT')).body.value.status).toBe('REJECTED');
    expect(await act(sub.token, second.body.value.id, 'ACCEPT')).toMatchObject({
      status: 409,
      body: { message: 'This offer is no longer open' },
    });

    const third = await propose(top.token, {
      kind: 'DAILY_SALARY',
      downlineId: sub.id,
      tiers: [tier(0, 0, 25), tier(3, 100_000, 40)],
    });
    const accepted = await act(sub.token, third.body.value.id, 'ACCEPT');
    expect(accepted.body.value).toMatchObject({ status: 'ACTIVE', activeFrom: expect.any(String) });
    const topView = (await list(top.token, 'DAILY_SALARY')).body.value;
    expect(topView.mine.active).toMatchObject({ upline: null });
    expect(topView.downlines).toEqual([
      {
        member: { id: sub.id, account: 'neg_sub' },
        active: expect.objectContaining({ id: third.body.value.id }),
        proposed: null,
        // The newest that ended: the rejected second offer (the first was replaced by it).
        ended: expect.objectContaining({ id: second.body.value.id, status: 'REJECTED' }),
      },
    ]);
  });

  it('caps again at acceptance, and terminating takes the branch below with it', async () => {
    const tooMuch = await propose(sub.token, {
      kind: 'DAILY_SALARY',
      downlineId: subsub.id,
      tiers: [tier(0, 0, 26)],
    });
    expect(tooMuch.body.fields).toEqual({ 'tiers.0.rateBp': 'At most 0.25 % (your own rate for this team)' });
    const down = await propose(sub.token, {
      kind: 'DAILY_SALARY',
      downlineId: subsub.id,
      tiers: [tier(0, 0, 20)],
    });
    expect((await act(subsub.token, down.body.value.id, 'ACCEPT')).body.value.status).toBe('ACTIVE');
    const pending = await propose(sub.token, {
      kind: 'DAILY_SALARY',
      downlineId: subsub.id,
      tiers: [tier(0, 0, 25)],
    });

    // The upline's contract changes (a lower one replaces it): the pending offer below no longer fits.
    const lower = await propose(top.token, {
      kind: 'DAILY_SALARY',
      downlineId: sub.id,
      tiers: [tier(0, 0, 10)],
    });
    const replaced = (await list(sub.token, 'DAILY_SALARY')).body.value.mine.active.id;
    await act(sub.token, lower.body.value.id, 'ACCEPT');
    // The lower terms are the new ceiling below: subsub's contract (0.20 %) and the pending offer (0.25 %) end.
    expect((await list(subsub.token, 'DAILY_SALARY')).body.value.mine).toMatchObject({
      active: null,
      proposed: null,
      ended: { status: 'TERMINATED' },
    });
    expect((await list(top.token, 'DAILY_SALARY')).body.value.downlines[0].active.id).toBe(
      lower.body.value.id,
    );
    expect((await act(sub.token, replaced, 'TERMINATE')).status).toBe(403);
    expect(await act(subsub.token, pending.body.value.id, 'ACCEPT')).toMatchObject({ status: 409 });

    const ended = await act(top.token, lower.body.value.id, 'TERMINATE');
    expect(ended.body.value).toMatchObject({ status: 'TERMINATED', endedAt: expect.any(String) });
    const below = (await list(subsub.token, 'DAILY_SALARY')).body.value.mine;
    expect(below).toEqual({
      active: null,
      proposed: null,
      ended: expect.objectContaining({
        status: 'TERMINATED',
        upline: expect.objectContaining({ id: sub.id }),
      }),
    });
    expect((await act(top.token, lower.body.value.id, 'TERMINATE')).status).toBe(409);
  });

  it('an accept racing a reject or a terminate: one decides the offer', async () => {
    const offer = await propose(top.token, {
      kind: 'DAILY_SALARY',
      downlineId: sub.id,
      tiers: [tier(0, 0, 5)],
    });
    const answers = await Promise.all([
      act(sub.token, offer.body.value.id, 'ACCEPT'),
      act(sub.token, offer.body.value.id, 'REJECT'),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);

    const next = await propose(top.token, {
      kind: 'DAILY_SALARY',
      downlineId: sub.id,
      tiers: [tier(0, 0, 5)],
    });
    const [accept, terminate] = await Promise.all([
      act(sub.token, next.body.value.id, 'ACCEPT'),
      act(top.token, next.body.value.id, 'TERMINATE'),
    ]);
    expect(terminate.status).toBe(200);
    // Either the terminate came first and the accept found the offer closed, or it ended the accepted contract.
    expect([accept.status, accept.body.value?.status]).toEqual(
      accept.status === 200 ? [200, 'ACTIVE'] : [409, undefined],
    );
    const now = (await list(sub.token, 'DAILY_SALARY')).body.value.mine;
    expect(now.proposed).toBeNull();
    expect(now.active?.id === next.body.value.id).toBe(false);
  });

  it('a dividend offer keeps the proposer’s period', async () => {
    expect((await grant('neg_top', 'DIVIDEND', [tier(0, 0, 1000)])).body.fields).toHaveProperty('period');
    await grant('neg_top', 'DIVIDEND', [tier(0, 0, 1000)], 'W');
    const monthly = await propose(top.token, {
      kind: 'DIVIDEND',
      downlineId: sub.id,
      period: 'M',
      tiers: [tier(0, 0, 500)],
    });
    expect(monthly).toMatchObject({
      status: 400,
      body: { fields: { period: expect.stringContaining('Weekly') } },
    });
    const weekly = await propose(top.token, {
      kind: 'DIVIDEND',
      downlineId: sub.id,
      period: 'W',
      tiers: [tier(0, 0, 500)],
    });
    expect(weekly.body.value).toMatchObject({ status: 'PROPOSED', period: 'W' });
  });

  it('my income lists the agent’s paid windows with totals; a future `until` is a testing aid only', async () => {
    const earner = await account('inc_agent', null, 1);
    const player = await account('inc_player', earner.id, 0);
    await grant('inc_agent', 'HOURLY_SALARY', [tier(0, 0, 100)]);
    const settledAt = new Date(Date.now() + 1000);
    await db.insert(gameRounds).values({
      merchantCode: 'PORTICO',
      memberId: player.id,
      vassalage: 'TEST',
      nodeId: 'test',
      gameType: 'RNG',
      roundRef: 'income-1',
      bet: 250_000n,
      status: 'SETTLED',
      settledAt,
    });
    const until = new Date(Date.now() + 2 * 3_600_000).toISOString();
    const run = await ops('POST', '/ops/merchants/PORTICO/contracts/settle', { until });
    expect(run.status).toBe(200);
    expect(run.body.value.paid).toBeGreaterThanOrEqual(2500);

    // Days of the merchant's calendar: the report refuses one after its today.
    const day = (offset: number) =>
      new Date(Date.parse(`${today()}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    const income = await api.send(
      'GET',
      `/wps/agent/income?from=${day(-1)}&to=${day(0)}`,
      undefined,
      earner.token,
    );
    expect(income.body.value).toMatchObject({
      list: [{ kind: 'HOURLY_SALARY', bet: 250_000, rateBp: 100, gross: 2500, deducted: 0, amount: 2500 }],
      totals: { amount: 2500 },
      totalPages: 1,
    });
    const other = await api.send(
      'GET',
      `/wps/agent/income?from=${day(-1)}&to=${day(0)}&kind=DAILY_SALARY`,
      undefined,
      earner.token,
    );
    expect(other.body.value).toEqual({ list: [], totals: { amount: 0 }, totalPages: 0 });
    const backwards = await api.send(
      'GET',
      `/wps/agent/income?from=${day(0)}&to=${day(-1)}`,
      undefined,
      earner.token,
    );
    expect(backwards.status).toBe(400);
    expect(
      (await api.send('GET', `/wps/agent/income?from=${day(0)}&to=${day(0)}`, undefined, player.token))
        .status,
    ).toBe(403);

    const production = await testApp({ opsToken: OPS, production: true });
    try {
      const res = await production.app.inject({
        method: 'POST',
        url: '/ops/merchants/PORTICO/contracts/settle',
        payload: { until },
        headers: { authorization: `Bearer ${OPS}` },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty('until');
    } finally {
      await production.close();
    }
  });

  it('a kind whose feature is off: 403 Function not enabled', async () => {
    const [row] = await db.select().from(merchants).where(eq(merchants.code, 'PORTICO'));
    const settings = { ...row!.settings, features: { ...row!.settings.features, REALTIME_SALARY: false } };
    await db.update(merchants).set({ settings }).where(eq(merchants.code, 'PORTICO'));
    expect(await list(top.token, 'REALTIME_SALARY')).toMatchObject({
      status: 403,
      body: { message: 'Function not enabled' },
    });
    expect((await grant('neg_top', 'REALTIME_SALARY', [tier(0, 0, 10)])).status).toBe(403);
    expect((await list(top.token, 'DAILY_SALARY')).status).toBe(200);
  });
});
