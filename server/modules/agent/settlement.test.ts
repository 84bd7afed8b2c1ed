import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractKind, ContractPeriod, ContractTier } from '../../../contract/agent.ts';
import type { Database, Db } from '../../db/client.ts';
import {
  agentContracts,
  contractSettlements,
  gameRounds,
  ledgerTransactions,
  members,
  merchants,
} from '../../db/schema/index.ts';
import { testDatabase } from '../../test/app.ts';
import { invariantBreaches, newMember } from '../../test/play.ts';
import { createLedger } from '../wallet/ledger.ts';
import { createSettlement, rateOf } from './settlement.ts';

let database: Database;
let db: Db;
let settlement: ReturnType<typeof createSettlement>;
let ledger: ReturnType<typeof createLedger>;
beforeAll(async () => {
  database = await testDatabase();
  db = database.db;
  ledger = createLedger(db);
  settlement = createSettlement(db, { ledger });
});
afterAll(() => database.close());

/** A wall-clock time in the merchants' zone (UTC+7). */
const local = (s: string) => new Date(`${s}+07:00`);

async function under(account: string, upline: number | null, agentType = 0) {
  const m = await newMember(db, account, 0n);
  await db.update(members).set({ uplineId: upline, agentType }).where(eq(members.id, m.id));
  return m.id;
}

let roundNo = 0;
async function round(memberId: number, bet: number, win: number, settledAt: string | null) {
  roundNo += 1;
  await db.insert(gameRounds).values({
    merchantCode: 'PORTICO',
    memberId,
    vassalage: 'TEST',
    nodeId: 'test',
    gameType: 'RNG',
    roundRef: `settle-${roundNo}`,
    bet: BigInt(bet),
    win: BigInt(win),
    status: settledAt ? 'SETTLED' : 'OPEN',
    settledAt: settledAt ? local(settledAt) : null,
  });
}

async function contract(
  kind: ContractKind,
  downlineId: number,
  uplineId: number | null,
  tiers: ContractTier[],
  from: string,
  opts: { period?: ContractPeriod; endedAt?: string } = {},
) {
  const [row] = await db
    .insert(agentContracts)
    .values({
      merchantCode: 'PORTICO',
      kind,
      uplineId,
      downlineId,
      period: opts.period ?? null,
      tiers,
      status: opts.endedAt ? 'TERMINATED' : 'ACTIVE',
      proposedAt: local(from),
      activeFrom: local(from),
      endedAt: opts.endedAt ? local(opts.endedAt) : null,
    })
    .returning();
  return row!.id;
}

const rows = (contractId: number) =>
  db
    .select()
    .from(contractSettlements)
    .where(eq(contractSettlements.contractId, contractId))
    .orderBy(contractSettlements.windowStart);
const balance = async (memberId: number) => ledger.memberBalance('PORTICO', memberId);

const tier = (activeMembers: number, betAmount: number, rateBp: number) => ({
  activeMembers,
  betAmount,
  rateBp,
});

describe('tiers', () => {
  const tiers = [tier(0, 0, 30), tier(3, 100_000, 50), tier(10, 1_000_000, 80)];
  it('uses the highest tier the team reaches on both members and bet amount', () => {
    expect(rateOf(tiers, { activeMembers: 0, bet: 0n })).toBe(30);
    expect(rateOf(tiers, { activeMembers: 3, bet: 99_999n })).toBe(30);
    expect(rateOf(tiers, { activeMembers: 2, bet: 5_000_000n })).toBe(30);
    expect(rateOf(tiers, { activeMembers: 3, bet: 100_000n })).toBe(50);
    expect(rateOf(tiers, { activeMembers: 50, bet: 999_999n })).toBe(50);
    expect(rateOf(tiers, { activeMembers: 10, bet: 1_000_000n })).toBe(80);
    expect(rateOf([tier(2, 1_000, 10)], { activeMembers: 1, bet: 5_000n })).toBe(0);
  });
});

describe('settlement with the differential down the tree', () => {
  /*
   * top (agent) ── sub (agent) ── m1, m2, m4, trial
   *             └─ m3
   * Monday 2025-03-10 (UTC+7): m1 bets 400.00 wins 100.00, m2 300.00 / 500.00, m4 350.00 / 0, m3 500.01 / 0;
   * the trial account's 9,999.99 does not count, nor an open round, nor a round of the next day.
   */
  let top: number;
  let sub: number;
  beforeAll(async () => {
    top = await under('st_top', null, 1);
    sub = await under('st_sub', top, 2);
    const [m1, m2, m4] = [await under('st_m1', sub), await under('st_m2', sub), await under('st_m4', sub)];
    const m3 = await under('st_m3', top);
    const trial = await under('st_trial', sub, 4);
    await round(m1, 40_000, 10_000, '2025-03-10T09:00:00');
    await round(m2, 30_000, 50_000, '2025-03-10T13:00:00');
    await round(m4, 35_000, 0, '2025-03-10T23:59:59');
    await round(m3, 50_001, 0, '2025-03-10T00:00:00');
    await round(trial, 999_999, 0, '2025-03-10T10:00:00');
    await round(m1, 77_777, 0, null);
    await round(m2, 12_345, 0, '2025-03-11T00:00:00');
  });

  it('daily salary: each agent its rate on its team’s bets, less what its downline earned', async () => {
    const topC = await contract(
      'DAILY_SALARY',
      top,
      null,
      [tier(0, 0, 30), tier(3, 100_000, 50), tier(10, 1_000_000, 80)],
      '2025-03-10T00:00:00',
    );
    const subC = await contract(
      'DAILY_SALARY',
      sub,
      top,
      [tier(0, 0, 20), tier(3, 100_000, 40)],
      '2025-03-10T00:00:00',
    );
    const before = { top: await balance(top), sub: await balance(sub) };

    const done = await settlement.settle('PORTICO', local('2025-03-11T00:00:00'));
    // sub: 3 active, 1,050.00 → 0.40 % = 4.20. top: 4 active, 1,550.01 → 0.50 % = 7.75 (7.75005 floored), less 4.20.
    expect(done).toEqual({ settled: 2, paid: 420n + 355n });
    expect(await rows(subC)).toMatchObject([
      {
        activeMembers: 3,
        bet: 105_000n,
        base: 105_000n,
        rateBp: 40,
        gross: 420n,
        deducted: 0n,
        amount: 420n,
      },
    ]);
    expect(await rows(topC)).toMatchObject([
      {
        windowStart: local('2025-03-10T00:00:00'),
        windowEnd: local('2025-03-11T00:00:00'),
        activeMembers: 4,
        bet: 155_001n,
        rateBp: 50,
        gross: 775n,
        deducted: 420n,
        amount: 355n,
      },
    ]);
    expect(await balance(top)).toBe(before.top + 355n);
    expect(await balance(sub)).toBe(before.sub + 420n);

    // The next day's window has not ended: a later run by the same `until` finds nothing to do.
    expect(await settlement.settle('PORTICO', local('2025-03-11T23:59:59'))).toEqual({
      settled: 0,
      paid: 0n,
    });
    // Once it ends: 123.45 of m2 → sub 0.20 % = 0.24 (0.2469 floored); top 0.30 % = 0.37, less 0.24.
    expect(await settlement.settle('PORTICO', local('2025-03-12T00:00:00'))).toEqual({
      settled: 2,
      paid: 24n + 13n,
    });
    expect(await invariantBreaches(db)).toBe(0);
  });

  it('weekly dividend: the rate on the team’s net loss, less the downline’s dividend', async () => {
    const topC = await contract(
      'DIVIDEND',
      top,
      null,
      [tier(0, 0, 1000), tier(3, 100_000, 2000)],
      '2025-03-10T00:00:00',
      { period: 'W' },
    );
    const subC = await contract(
      'DIVIDEND',
      sub,
      top,
      [tier(0, 0, 500), tier(3, 100_000, 1500)],
      '2025-03-10T00:00:00',
      {
        period: 'W',
      },
    );
    // Not before the week (from Monday 10th) has ended.
    await settlement.settle('PORTICO', local('2025-03-16T23:59:59'));
    expect(await rows(subC)).toEqual([]);
    const done = await settlement.settle('PORTICO', local('2025-03-17T00:00:00'));
    // sub: bets 1,173.45 (with Tuesday's 123.45), wins 600.00 → loss 573.45, 15 % = 86.01 (86.0175).
    // top: bets 1,673.46, wins 600.00 → loss 1,073.46, 20 % = 214.69 (214.692), less 86.01 = 128.68.
    expect(done.paid).toBe(8601n + 12868n);
    expect(await rows(subC)).toMatchObject([
      { bet: 117_345n, base: 57_345n, rateBp: 1500, gross: 8601n, amount: 8601n },
    ]);
    expect(await rows(topC)).toMatchObject([
      { bet: 167_346n, base: 107_346n, rateBp: 2000, gross: 21_469n, deducted: 8601n, amount: 12_868n },
    ]);
  });

  it('a team that won pays no dividend: the window is recorded with nothing moved', async () => {
    const lucky = await under('st_lucky', null, 1);
    const m = await under('st_lucky_m', lucky);
    await round(m, 10_000, 25_000, '2025-04-02T10:00:00');
    const c = await contract('DIVIDEND', lucky, null, [tier(0, 0, 3000)], '2025-04-01T00:00:00', {
      period: 'M',
    });
    const before = await balance(lucky);
    expect(await settlement.settle('PORTICO', local('2025-05-01T00:00:00'))).toMatchObject({ paid: 0n });
    expect(await rows(c)).toMatchObject([{ bet: 10_000n, base: 0n, gross: 0n, amount: 0n }]);
    expect(await balance(lucky)).toBe(before);
  });
});

describe('clipping and exactly once', () => {
  it('an agent earns on its team’s bets, never on its own', async () => {
    const a = await under('own_a', null, 1);
    const m = await under('own_m', a);
    await round(a, 900_000, 0, '2025-03-10T13:00:00');
    await round(m, 10_000, 0, '2025-03-10T14:00:00');
    const c = await contract('DAILY_SALARY', a, null, [tier(0, 0, 100)], '2025-03-10T12:00:00');
    await settlement.settle('PORTICO', local('2025-03-11T00:00:00'));
    expect(await rows(c)).toMatchObject([{ activeMembers: 1, bet: 10_000n, amount: 100n }]);
  });

  it('counts only from activeFrom and until the contract ended; earlier windows never pay', async () => {
    const a = await under('clip_a', null, 1);
    const m = await under('clip_m', a);
    await round(m, 100_000, 0, '2025-03-09T12:00:00'); // before the contract: never paid
    await round(m, 20_000, 0, '2025-03-10T11:59:59'); // same day, before activeFrom
    await round(m, 30_000, 0, '2025-03-10T12:00:00');
    await round(m, 40_000, 0, '2025-03-11T09:59:59');
    await round(m, 50_000, 0, '2025-03-11T10:00:00'); // from the termination on
    await round(m, 60_000, 0, '2025-03-12T10:00:00');
    const c = await contract('DAILY_SALARY', a, null, [tier(0, 0, 100)], '2025-03-10T12:00:00', {
      endedAt: '2025-03-11T10:00:00',
    });
    await settlement.settle('PORTICO', local('2025-03-20T00:00:00'));
    expect(await rows(c)).toMatchObject([
      { windowStart: local('2025-03-10T00:00:00'), bet: 30_000n, amount: 300n },
      { windowStart: local('2025-03-11T00:00:00'), bet: 40_000n, amount: 400n },
    ]);
    await settlement.settle('PORTICO', local('2025-03-30T00:00:00'));
    expect(await rows(c)).toHaveLength(2);
  });

  it('two runs at the same time pay a window once: one ledger transaction, one row; a later run pays nothing', async () => {
    const a = await under('once_a', null, 1);
    const m = await under('once_m', a);
    await round(m, 123_456, 0, '2025-06-02T08:00:00');
    const c = await contract('DAILY_SALARY', a, null, [tier(0, 0, 50)], '2025-06-02T00:00:00');
    const before = await balance(a);
    const until = local('2025-06-03T00:00:00');
    const runs = await Promise.all([
      settlement.settle('PORTICO', until),
      settlement.settle('PORTICO', until),
    ]);
    expect(runs.reduce((s, r) => s + r.paid, 0n)).toBe(617n);
    expect(await rows(c)).toHaveLength(1);
    const paid = await db
      .select()
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.kind, 'CONTRACT_PAY'),
          like(ledgerTransactions.idempotencyKey, `contract:${c}:%`),
        ),
      );
    expect(paid.map((p) => p.idempotencyKey)).toEqual([
      `contract:${c}:${local('2025-06-02T00:00:00').toISOString()}`,
    ]);
    expect(await balance(a)).toBe(before + 617n);
    expect(await settlement.settle('PORTICO', local('2025-06-03T00:00:01'))).toMatchObject({ paid: 0n });
    expect(await balance(a)).toBe(before + 617n);
  });

  it('real-time salary settles every 5 minutes, each slice on its own', async () => {
    const a = await under('rt_a', null, 1);
    const m = await under('rt_m', a);
    await round(m, 5_000, 0, '2025-07-01T10:01:00'); // before activeFrom (10:02)
    await round(m, 10_000, 0, '2025-07-01T10:03:00');
    await round(m, 20_000, 0, '2025-07-01T10:07:00');
    await round(m, 30_000, 0, '2025-07-01T10:14:59');
    await round(m, 40_000, 0, '2025-07-01T10:15:00');
    const c = await contract('REALTIME_SALARY', a, null, [tier(0, 0, 100)], '2025-07-01T10:02:00', {
      endedAt: '2025-07-01T10:30:00',
    });
    expect(await settlement.settle('PORTICO', local('2025-07-01T10:16:00'))).toMatchObject({ paid: 600n });
    expect((await rows(c)).map((r) => [r.windowStart, r.windowEnd, r.amount])).toEqual([
      [local('2025-07-01T10:00:00'), local('2025-07-01T10:05:00'), 100n],
      [local('2025-07-01T10:05:00'), local('2025-07-01T10:10:00'), 200n],
      [local('2025-07-01T10:10:00'), local('2025-07-01T10:15:00'), 300n],
    ]);
    expect(await settlement.settle('PORTICO', local('2025-07-01T10:20:00'))).toEqual({
      settled: 1,
      paid: 400n,
    });
    await settlement.settle('PORTICO', local('2025-07-02T00:00:00'));
    expect(await rows(c)).toHaveLength(6);
  });

  it('an hourly salary whose feature is off for the merchant waits, and is settled once it is on', async () => {
    const a = await under('flag_a', null, 1);
    const m = await under('flag_m', a);
    await round(m, 10_000, 0, '2025-08-01T10:30:00');
    const c = await contract('HOURLY_SALARY', a, null, [tier(0, 0, 100)], '2025-08-01T10:00:00');
    const setFlag = async (on: boolean) => {
      const [row] = await db.select().from(merchants).where(eq(merchants.code, 'PORTICO'));
      const settings = { ...row!.settings, features: { ...row!.settings.features, HOURLY_SALARY: on } };
      await db.update(merchants).set({ settings }).where(eq(merchants.code, 'PORTICO'));
    };
    await setFlag(false);
    await settlement.settle('PORTICO', local('2025-08-01T11:00:00'));
    expect(await rows(c)).toEqual([]);
    await setFlag(true);
    await settlement.settle('PORTICO', local('2025-08-01T11:00:00'));
    expect(await rows(c)).toMatchObject([{ amount: 100n }]);
  });
});
