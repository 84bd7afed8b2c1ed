import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { auditLog, promotions } from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';
import { asOps } from '../../test/changes.ts';
import { OPS, player } from '../promotions/testing.ts';

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await testApp({ opsToken: OPS });
  db = t.database.db;
});
afterAll(() => t.close());

const as = (username: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  asOps(t.app, username, method, url, payload);
/** The environment token (`npm run ops`): one operator, "ops". */
const env = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${OPS}` },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() };
};
const claim = (token: string, id: number) =>
  client(t.app, 'PORTICO').send('POST', `/wps/promotion/${id}/claim`, undefined, token);
const auditOf = (changeId: number) =>
  db
    .select({ actor: auditLog.actor, action: auditLog.action })
    .from(auditLog)
    .where(sql`${auditLog.action} like 'change.%' and ${auditLog.subject}->>'changeId' = ${String(changeId)}`)
    .orderBy(auditLog.id);

const TEN_MILLION = 1_000_000_000;

describe('a promotion’s reward', () => {
  it('a content editor’s 10,000,000.00 sign-in reward pays nobody until a finance operator approves it', async () => {
    const [signIn] = await db
      .select()
      .from(promotions)
      .where(and(eq(promotions.merchantCode, 'PORTICO'), eq(promotions.kind, 'SIGN_IN')));
    const id = signIn!.id;
    const raised = await as('editor', 'PATCH', `/ops/promotions/${id}`, {
      reward: TEN_MILLION,
      titles: { en: 'Daily sign-in bonus', vi: 'Thưởng điểm danh' },
    });
    expect(raised.status).toBe(200);
    // The text changed at once; the reward is a draft.
    expect(raised.body.value.promotion).toMatchObject({ reward: 100, titles: { en: 'Daily sign-in bonus' } });
    expect(raised.body.value.change).toMatchObject({
      status: 'DRAFT',
      kind: 'PROMOTION',
      ref: String(id),
      draftedBy: 'editor',
      current: { reward: 100 },
      proposed: { reward: TEN_MILLION },
      mine: true,
    });
    const before = await player(db, 'mc_before');
    const paid = await claim(before.token, id);
    expect([paid.status, paid.body.value.reward]).toEqual([200, 100]);
    expect(await before.balance()).toBe(100);

    // Another editor cannot approve it, nor can support: it is a money decision.
    const changeId = raised.body.value.change.id as number;
    expect((await as('editor', 'POST', `/ops/changes/${changeId}/approve`)).status).toBe(403);
    expect((await as('support', 'POST', `/ops/changes/${changeId}/approve`)).status).toBe(403);
    // Finance sees it pending, old value and new, and approves it.
    const pending = await as('finance', 'GET', '/ops/merchants/PORTICO/changes');
    expect(pending.body.value.list).toContainEqual(
      expect.objectContaining({
        id: changeId,
        mine: false,
        current: expect.objectContaining({ reward: 100 }),
      }),
    );
    const approved = await as('finance', 'POST', `/ops/changes/${changeId}/approve`);
    expect(approved.body.value.change).toMatchObject({ status: 'APPROVED', decidedBy: 'finance' });
    const after = await player(db, 'mc_after');
    expect((await claim(after.token, id)).body.value.reward).toBe(TEN_MILLION);
    expect(await auditOf(changeId)).toEqual([
      { actor: 'ops:editor', action: 'change.draft' },
      { actor: 'ops:finance', action: 'change.approve' },
    ]);
    // Decided once: a second approval is a conflict, and nothing is paid twice.
    expect((await as('admin', 'POST', `/ops/changes/${changeId}/approve`)).status).toBe(409);
    // Put back for the other tests of this file.
    const back = await as('editor', 'PATCH', `/ops/promotions/${id}`, { reward: 100 });
    await as('finance', 'POST', `/ops/changes/${back.body.value.change.id}/approve`);
  });

  it('a new promotion does not run until its reward and terms are approved; un-hiding it does not help', async () => {
    const made = await as('editor', 'POST', '/ops/merchants/PORTICO/promotions', {
      category: 'OTHER',
      titles: { en: 'Big sign-in' },
      reward: TEN_MILLION,
      settings: { kind: 'SIGN_IN' },
    });
    expect(made.status).toBe(200);
    expect(made.body.value.promotion).toMatchObject({ approved: false, hidden: false });
    expect(made.body.value.change).toMatchObject({ current: null, proposed: { reward: TEN_MILLION } });
    const id = made.body.value.promotion.id as number;
    await as('editor', 'PATCH', `/ops/promotions/${id}`, { hidden: false, sort: 1 });
    const m = await player(db, 'mc_new');
    expect((await claim(m.token, id)).status).toBe(404);
    const listed = await client(t.app, 'PORTICO').send('GET', '/wps/promotions');
    expect(listed.body.value.list.map((p: { id: number }) => p.id)).not.toContain(id);
    // Rejected: still not running.
    const rejected = await as('finance', 'POST', `/ops/changes/${made.body.value.change.id}/reject`, {
      remark: 'Far too generous',
    });
    expect(rejected.body.value.change).toMatchObject({ status: 'REJECTED', remark: 'Far too generous' });
    expect((await claim(m.token, id)).status).toBe(404);
    expect(await m.balance()).toBe(0);
    // A sane reward drafted again and approved: it runs.
    const again = await as('editor', 'PATCH', `/ops/promotions/${id}`, { reward: 200 });
    await as('admin', 'POST', `/ops/changes/${again.body.value.change.id}/approve`);
    expect((await claim(m.token, id)).body.value.reward).toBe(200);
  });
});

describe('merchant rules', () => {
  const url = '/ops/merchants/LOTUS/rules/rebate';
  const own = { rates: { RNG: 300 }, minClaim: 100 };

  it('set through the API are a draft until approved; the drafter cannot approve their own (403)', async () => {
    const drafted = await as('finance', 'PUT', url, own);
    expect(drafted.status).toBe(200);
    const change = drafted.body.value.change;
    expect(change).toMatchObject({
      status: 'DRAFT',
      kind: 'RULES',
      ref: 'rebate',
      proposed: own,
      mine: true,
    });
    expect(change.current).toMatchObject({ minClaim: 100, rates: { RNG: 80 } });
    const read = await as('finance', 'GET', url);
    expect(read.body.value).toMatchObject({ custom: false, rules: { rates: { RNG: 80 } } });
    expect(read.body.value.pending).toMatchObject({ id: change.id });
    const self = await as('finance', 'POST', `/ops/changes/${change.id}/approve`);
    expect([self.status, self.body.code]).toEqual([403, 'FORBIDDEN']);
    expect((await as('finance', 'GET', url)).body.value.custom).toBe(false);
    // Another FINANCE or ADMIN operator: in force.
    expect((await as('admin', 'POST', `/ops/changes/${change.id}/approve`)).status).toBe(200);
    expect((await as('finance', 'GET', url)).body.value).toMatchObject({
      custom: true,
      rules: own,
      pending: null,
    });
    expect(await auditOf(change.id)).toEqual([
      { actor: 'ops:finance', action: 'change.draft' },
      { actor: 'ops:admin', action: 'change.approve' },
    ]);
  });

  it('the environment token is one operator: it cannot approve what it drafted', async () => {
    const drafted = await env('PUT', '/ops/merchants/LOTUS/rules/referral', {
      rateBp: 10_000,
      maxBonus: 100_000_000,
      minDeposit: 0,
    });
    expect(drafted.body.value.change.draftedBy).toBe('ops');
    const self = await env('POST', `/ops/changes/${drafted.body.value.change.id}/approve`);
    expect(self.status).toBe(403);
    expect((await env('GET', '/ops/merchants/LOTUS/rules/referral')).body.value.custom).toBe(false);
  });

  it('rejection leaves the rules in force; a newer draft replaces a pending one', async () => {
    const first = await as('finance', 'PUT', '/ops/merchants/LOTUS/rules/points', {
      earnPerBet: 10_000,
      convertRate: 1_000_000,
      minConvert: 1,
    });
    const second = await as('editor', 'GET', '/ops/merchants/LOTUS/changes');
    expect(second.body.value.list.map((c: { id: number }) => c.id)).toContain(first.body.value.change.id);
    const newer = await as('admin', 'PUT', '/ops/merchants/LOTUS/rules/points', {
      earnPerBet: 2,
      convertRate: 100,
      minConvert: 100,
    });
    // The approver only ever decides on what they were shown.
    const stale = await as('admin', 'POST', `/ops/changes/${first.body.value.change.id}/approve`);
    expect(stale.status).toBe(409);
    const replaced = await as('finance', 'GET', '/ops/merchants/LOTUS/changes?status=REPLACED');
    expect(replaced.body.value.list.map((c: { id: number }) => c.id)).toContain(first.body.value.change.id);
    const rejected = await as('finance', 'POST', `/ops/changes/${newer.body.value.change.id}/reject`);
    expect(rejected.body.value.change.status).toBe('REJECTED');
    const read = await as('finance', 'GET', '/ops/merchants/LOTUS/rules/points');
    expect(read.body.value).toMatchObject({ custom: false, rules: { earnPerBet: 1 }, pending: null });
    expect(await auditOf(newer.body.value.change.id)).toEqual([
      { actor: 'ops:admin', action: 'change.draft' },
      { actor: 'ops:finance', action: 'change.reject' },
    ]);
  });

  it('refuses bad values and unknown merchants, storing no draft; unknown changes are 404', async () => {
    const bad = await as('finance', 'PUT', '/ops/merchants/LOTUS/rules/payments', {
      deposit: { min: 5, max: 1 },
    });
    expect(bad.status).toBe(400);
    expect((await as('finance', 'GET', '/ops/merchants/LOTUS/rules/payments')).body.value.pending).toBeNull();
    const nobody = await as('finance', 'PUT', '/ops/merchants/NOBODY/rules/referral', {
      rateBp: 1,
      maxBonus: 1,
      minDeposit: 1,
    });
    expect(nobody.status).toBe(404);
    expect((await as('finance', 'GET', '/ops/merchants/NOBODY/changes')).status).toBe(404);
    expect((await as('admin', 'POST', '/ops/changes/999999/approve')).status).toBe(404);
    expect(
      (await as('editor', 'PUT', '/ops/merchants/LOTUS/rules/rebate', { rates: {}, minClaim: 1 })).status,
    ).toBe(403);
    expect((await as('support', 'GET', '/ops/audit/verify')).body.value.ok).toBe(true);
  });
});
