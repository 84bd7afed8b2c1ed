import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameType } from '../../../contract/games.ts';
import type { Db } from '../../db/client.ts';
import {
  auditLog,
  gameRounds,
  ledgerTransactions,
  members,
  merchants,
  rebateClaims,
} from '../../db/schema/index.ts';
import type { Merchant } from '../../http/merchant.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';
import { invariantBreaches, newMember, playedRound } from '../../test/play.ts';
import { memberWithToken } from '../../test/wallet.ts';
import { createAuditLog } from '../audit/log.ts';
import type { Member } from '../auth/sessions.ts';
import { createRulesStore } from '../rules/store.ts';
import { createLedger } from '../wallet/ledger.ts';
import { REBATE_RULES } from './rules.ts';
import { createRebateService, rebateOf, SETTLE_MARGIN_MS } from './service.ts';

let t: TestApp;
let db: Db;
let api: ReturnType<typeof client>;
let merchant: Merchant;
beforeAll(async () => {
  t = await testApp();
  db = t.database.db;
  api = client(t.app);
  [merchant] = (await db.select().from(merchants).where(eq(merchants.code, 'PORTICO'))) as [Merchant];
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const ago = (ms: number, from = Date.now()) => new Date(from - ms);

const round = (
  memberId: number,
  settledAt: Date,
  bet: number,
  gameType: GameType = 'RNG',
  status: 'OPEN' | 'SETTLED' | 'ROLLED_BACK' = 'SETTLED',
) => playedRound(db, memberId, settledAt, { bet, gameType, status });

/** A member (with a session) whose account opened `age` ago, so hand-made rounds fall after its creation. */
async function player(account: string, age = 48 * HOUR) {
  const m = await memberWithToken(db, account, 0n);
  await db
    .update(members)
    .set({ createdAt: ago(age) })
    .where(eq(members.id, m.id));
  return m;
}

const memberRow = async (id: number) =>
  (await db.select().from(members).where(eq(members.id, id)))[0] as Member;

const serviceAt = (at: () => Date) =>
  createRebateService(db, {
    ledger: createLedger(db),
    audit: createAuditLog(db),
    rules: createRulesStore(db),
    now: at,
  });

const CLAIMABLE = '/wps/rebate/claimable';
const CLAIM = '/wps/rebate/claim';
const HISTORY = '/wps/rebate/history';

describe('rebate amounts', () => {
  it('rounds each game type down to a whole minor unit', () => {
    expect(rebateOf(22_345n, 80)).toBe(178n); // 178.76
    expect(rebateOf(33_333n, 50)).toBe(166n); // 166.665
    expect(rebateOf(124n, 80)).toBe(0n); // 0.992
  });

  it('is the settled turnover per game type since the account opened, times its rate', async () => {
    const m = await player('rb_amounts');
    await round(m.id, ago(30 * HOUR), 12_345, 'RNG');
    await round(m.id, ago(2 * HOUR), 10_000, 'RNG');
    await round(m.id, ago(3 * HOUR), 33_333, 'LIVE');
    await round(m.id, ago(4 * HOUR), 999, 'FISH');
    // None of these count: rolled back, still open, inside the safety margin, before the account opened.
    await round(m.id, ago(5 * HOUR), 50_000, 'RNG', 'ROLLED_BACK');
    await round(m.id, ago(5 * HOUR), 40_000, 'LIVE', 'OPEN');
    await round(m.id, ago(60_000), 70_000, 'RNG');
    await round(m.id, ago(72 * HOUR), 80_000, 'RNG');

    const res = await api.send('GET', CLAIMABLE, undefined, m.token);
    expect(res.status).toBe(200);
    const value = res.body.value;
    expect(value.rows).toEqual([
      { gameType: 'RNG', turnover: 22_345, rateBp: 80, rebate: 178 },
      { gameType: 'LIVE', turnover: 33_333, rateBp: 50, rebate: 166 },
      { gameType: 'FISH', turnover: 999, rateBp: 70, rebate: 6 },
    ]);
    expect(value.total).toBe(350);
    expect(value.minClaim).toBe(100);
    const until = Date.parse(value.until);
    expect(Date.now() - SETTLE_MARGIN_MS - until).toBeGreaterThanOrEqual(0);
    expect(Date.now() - SETTLE_MARGIN_MS - until).toBeLessThan(60_000);
  });
});

describe('rebate claims', () => {
  it('pays the total from the house promotion wallet once, records it, and lists it in the history', async () => {
    const m = await player('rb_claim');
    await round(m.id, ago(3 * HOUR), 20_000, 'RNG'); // 160
    await round(m.id, ago(3 * HOUR), 10_001, 'SPORTS'); // 50.005 → 50
    const requestId = randomUUID();
    const res = await api.send('POST', CLAIM, { requestId }, m.token);
    expect(res).toMatchObject({ status: 200, body: { value: { amount: 210, balance: 210 } } });

    // The same request again answers the first claim and moves nothing.
    expect((await api.send('POST', CLAIM, { requestId }, m.token)).body.value).toEqual({
      amount: 210,
      balance: 210,
    });
    const [claim, ...more] = await db.select().from(rebateClaims).where(eq(rebateClaims.memberId, m.id));
    expect(more).toHaveLength(0);
    const [tx] = await db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.id, claim!.ledgerTransactionId!));
    expect(tx).toMatchObject({
      kind: 'REBATE',
      idempotencyKey: `rebate:${m.id}:${claim!.fromAt.toISOString()}`,
    });
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, 'REBATE_CLAIM'));
    expect(audits.filter((a) => a.subject.transactionId === tx!.id)).toHaveLength(1);

    // Nothing new since: nothing to claim, and the history has the one claim with its rows.
    const now = (await api.send('GET', CLAIMABLE, undefined, m.token)).body.value;
    expect(now).toMatchObject({ from: claim!.untilAt.toISOString(), rows: [], total: 0 });
    const history = await api.send('GET', `${HISTORY}?pageNo=1&pageSize=10`, undefined, m.token);
    expect(history.body.value).toEqual({
      list: [
        {
          id: claim!.id,
          from: claim!.fromAt.toISOString(),
          until: claim!.untilAt.toISOString(),
          amount: 210,
          rows: [
            { gameType: 'RNG', turnover: 20_000, rateBp: 80, rebate: 160 },
            { gameType: 'SPORTS', turnover: 10_001, rateBp: 50, rebate: 50 },
          ],
          createdAt: claim!.createdAt.toISOString(),
        },
      ],
      totalPages: 1,
    });
  });

  it('refuses a total below the minimum (409 with the minimum) and writes nothing', async () => {
    const m = await player('rb_min');
    await round(m.id, ago(3 * HOUR), 12_499, 'RNG'); // 99.992 → 99
    const res = await api.send('POST', CLAIM, { requestId: randomUUID() }, m.token);
    expect(res).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT', fields: { total: expect.stringContaining('1.00') } },
    });
    expect(await db.select().from(rebateClaims).where(eq(rebateClaims.memberId, m.id))).toHaveLength(0);
    expect((await api.send('POST', CLAIM, { requestId: 'nope' }, m.token)).status).toBe(400);
  });

  it('refuses a trial account’s claim (403)', async () => {
    const m = await player('rb_trial');
    await db.update(members).set({ agentType: 4 }).where(eq(members.id, m.id));
    await round(m.id, ago(3 * HOUR), 100_000, 'RNG');
    const res = await api.send('POST', CLAIM, { requestId: randomUUID() }, m.token);
    expect(res).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect(await createLedger(db).walletBalance(m.main)).toBe(0n);
  });

  it('counts only turnover settled after the previous claim', async () => {
    const m = await player('rb_second');
    const start = Date.now();
    await round(m.id, ago(10 * HOUR, start), 25_000, 'RNG'); // 200
    const member = await memberRow(m.id);
    const first = await serviceAt(() => new Date(start)).claim(merchant, member, randomUUID());
    expect(first.amount).toBe(200);

    // Later: a round inside the first claim's margin (settled after its end) and a new one; the old one is done.
    const later = start + 2 * HOUR;
    await round(m.id, ago(SETTLE_MARGIN_MS / 2, start), 15_000, 'LIVE'); // 75
    await round(m.id, ago(HOUR, later), 5_000, 'LIVE'); // 25
    const service = serviceAt(() => new Date(later));
    const next = await service.claimable(merchant, member);
    expect(next.from).toBe(new Date(start - SETTLE_MARGIN_MS).toISOString());
    expect(next.rows).toEqual([{ gameType: 'LIVE', turnover: 20_000, rateBp: 50, rebate: 100 }]);
    expect(await service.claim(merchant, member, randomUUID())).toEqual({ amount: 100, balance: 300 });
  });

  it('pays once when claims race: other requests are refused, the same request answers the first', async () => {
    const m = await player('rb_race');
    await round(m.id, ago(3 * HOUR), 100_000, 'RNG'); // 800
    const results = await Promise.all(
      Array.from({ length: 6 }, () => api.send('POST', CLAIM, { requestId: randomUUID() }, m.token)),
    );
    expect(results.filter((r) => r.status === 200).map((r) => r.body.value.amount)).toEqual([800]);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
    expect(await createLedger(db).walletBalance(m.main)).toBe(800n);

    const twin = await player('rb_race_same');
    await round(twin.id, ago(3 * HOUR), 50_000, 'RNG'); // 400
    const requestId = randomUUID();
    const same = await Promise.all(
      Array.from({ length: 4 }, () => api.send('POST', CLAIM, { requestId }, twin.token)),
    );
    expect(same.map((r) => r.body.value)).toEqual(Array(4).fill({ amount: 400, balance: 400 }));
    expect(await db.select().from(rebateClaims).where(eq(rebateClaims.memberId, twin.id))).toHaveLength(1);
    expect(await invariantBreaches(db)).toBe(0);
  });

  it('uses the merchant’s rates; a game type without a rate earns nothing', async () => {
    const lotusMember = await newMember(db, 'rb_lotus', 0n, 'LOTUS');
    await db
      .update(members)
      .set({ createdAt: ago(48 * HOUR) })
      .where(eq(members.id, lotusMember.id));
    await createRulesStore(db).set('LOTUS', REBATE_RULES, { rates: { RNG: 100 }, minClaim: 5_000 });
    for (const [gameType, bet] of [
      ['RNG', 12_345],
      ['LIVE', 40_000],
    ] as const)
      await db.insert(gameRounds).values({
        merchantCode: 'LOTUS',
        memberId: lotusMember.id,
        vassalage: 'TESTV',
        nodeId: 'n',
        gameType,
        roundRef: `lotus-${gameType}`,
        bet: BigInt(bet),
        status: 'SETTLED',
        settledAt: ago(3 * HOUR),
      });
    const [lotus] = (await db.select().from(merchants).where(eq(merchants.code, 'LOTUS'))) as [Merchant];
    const c = await serviceAt(() => new Date()).claimable(lotus, await memberRow(lotusMember.id));
    expect(c.rows).toEqual([
      { gameType: 'RNG', turnover: 12_345, rateBp: 100, rebate: 123 },
      { gameType: 'LIVE', turnover: 40_000, rateBp: 0, rebate: 0 },
    ]);
    expect(c).toMatchObject({ total: 123, minClaim: 5_000 });
  });
});
