import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { ledgerTransactions, promotionEntries } from '../../db/schema/index.ts';
import type { Merchant } from '../../http/merchant.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { invariantBreaches, playedRound } from '../../test/play.ts';
import { createAuditLog } from '../audit/log.ts';
import { rescueReward } from './activity.ts';
import { merchantRow, moduleAt, player, promotionInput } from './testing.ts';

let t: TestApp;
let db: Db;
let merchant: Merchant;
let mod: ReturnType<typeof moduleAt>;
beforeAll(async () => {
  t = await testApp();
  db = t.database.db;
  merchant = await merchantRow(db);
  mod = moduleAt(db, () => clock);
});
afterAll(() => t.close());

/** Wednesday 12 March 2031, 12:00 in the merchant's zone (Asia/Ho_Chi_Minh, UTC+7). */
const NOON = new Date('2031-03-12T05:00:00Z');
const local = (isoLocal: string) => new Date(`${isoLocal}+07:00`);
let clock = NOON;
const STARTED = '2031-01-01T00:00:00Z';

const add = async (input: Parameters<typeof promotionInput>[0]) =>
  mod.add('PORTICO', promotionInput({ startsAt: STARTED, ...input }));
const stateOf = async (m: Awaited<ReturnType<typeof player>>, id: number) =>
  (await mod.promotions.mine(merchant, m.row)).list.find((s) => s.promotionId === id)!;
const promoRewards = async (memberId: number) =>
  db
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.kind, 'PROMO_REWARD'))
    .then((rows) => rows.filter((r) => r.reply.memberId === memberId));

describe('rescue fund', () => {
  it('pays its rate of yesterday’s net loss from the minimum, capped, rounded down', () => {
    const s = { kind: 'RESCUE' as const, minLoss: 10_000, rateBp: 1_000, maxReward: 50_000 };
    expect(rescueReward(9_999n, s)).toBe(0n);
    expect(rescueReward(10_000n, s)).toBe(1_000n);
    expect(rescueReward(12_345n, s)).toBe(1_234n);
    expect(rescueReward(900_000n, s)).toBe(50_000n);
    expect(rescueReward(-5_000n, s)).toBe(0n);
  });

  it('PROCESS below the minimum, CLAIM from it (yesterday’s settled rounds only), CLAIMED once a day', async () => {
    clock = NOON;
    const id = await add({ settings: { kind: 'RESCUE', minLoss: 10_000, rateBp: 1_000, maxReward: 50_000 } });
    const m = await player(db, 'pr_rescue', 0n);
    await playedRound(db, m.id, local('2031-03-11T10:00:00'), { bet: 6_000, win: 0 });
    // Today's loss, an open round and a rolled-back one count for nothing.
    await playedRound(db, m.id, local('2031-03-12T01:00:00'), { bet: 90_000, win: 0 });
    await playedRound(db, m.id, local('2031-03-11T11:00:00'), { bet: 90_000, status: 'OPEN' });
    await playedRound(db, m.id, local('2031-03-11T12:00:00'), { bet: 90_000, status: 'ROLLED_BACK' });
    expect(await stateOf(m, id)).toMatchObject({ status: 'PROCESS', progress: 6_000, reward: null });
    await expect(mod.promotions.claim(merchant, m.row, id)).rejects.toMatchObject({ statusCode: 409 });

    // Yesterday ends at local midnight: 23:59 counts, a win lowers the loss.
    await playedRound(db, m.id, local('2031-03-11T23:59:00'), { bet: 10_000, win: 1_000 });
    expect(await stateOf(m, id)).toMatchObject({ status: 'CLAIM', progress: 15_000, reward: 1_500 });
    const claimed = await mod.promotions.claim(merchant, m.row, id);
    expect(claimed).toMatchObject({
      reward: 1_500,
      balance: 1_500,
      state: { status: 'CLAIMED', reward: 1_500 },
    });
    // Again the same day: the first claim's answer, nothing more paid.
    expect(await mod.promotions.claim(merchant, m.row, id)).toMatchObject({ reward: 1_500, balance: 1_500 });
    expect(await m.balance()).toBe(1_500);

    // The next day counts that day's yesterday (the 12th: 90,000 lost → capped 9,000 of max 50,000).
    clock = local('2031-03-13T09:00:00');
    expect(await stateOf(m, id)).toMatchObject({ status: 'CLAIM', progress: 90_000, reward: 9_000 });
    await mod.promotions.claim(merchant, m.row, id);
    expect(await m.balance()).toBe(10_500);
    const periods = await db
      .select({ period: promotionEntries.period })
      .from(promotionEntries)
      .where(eq(promotionEntries.memberId, m.id));
    expect(periods.map((p) => p.period).sort()).toEqual(['2031-03-12', '2031-03-13']);
  });
});

describe('daily task and sign-in', () => {
  it('a daily task is PROCESS until today’s settled bets reach the target, then CLAIM, CLAIMED', async () => {
    clock = NOON;
    const id = await add({ reward: 500, settings: { kind: 'DAILY_TASK', target: 20_000 } });
    const m = await player(db, 'pr_task', 0n);
    await playedRound(db, m.id, local('2031-03-11T22:00:00'), { bet: 50_000 });
    await playedRound(db, m.id, local('2031-03-12T08:00:00'), { bet: 15_000, win: 40_000 });
    expect(await stateOf(m, id)).toMatchObject({ status: 'PROCESS', progress: 15_000, reward: null });
    await expect(mod.promotions.claim(merchant, m.row, id)).rejects.toMatchObject({ statusCode: 409 });
    await playedRound(db, m.id, local('2031-03-12T09:00:00'), { bet: 5_000 });
    expect(await stateOf(m, id)).toMatchObject({ status: 'CLAIM', progress: 20_000, reward: 500 });
    expect((await mod.promotions.claim(merchant, m.row, id)).state).toMatchObject({
      status: 'CLAIMED',
      reward: 500,
    });
    // Tomorrow starts over at 0.
    clock = local('2031-03-13T00:00:00');
    expect(await stateOf(m, id)).toMatchObject({ status: 'PROCESS', progress: 0 });
    expect(await m.balance()).toBe(500);
  });

  it('sign-in pays once a merchant day, even for claims at the same time', async () => {
    clock = local('2031-03-12T23:59:00');
    const id = await add({ reward: 100, settings: { kind: 'SIGN_IN' } });
    const m = await player(db, 'pr_signin', 0n);
    expect(await stateOf(m, id)).toMatchObject({ status: 'CLAIM', reward: 100 });
    const both = await Promise.all([
      mod.promotions.claim(merchant, m.row, id),
      mod.promotions.claim(merchant, m.row, id),
      mod.promotions.claim(merchant, m.row, id),
    ]);
    expect(both.map((r) => r.reward)).toEqual([100, 100, 100]);
    expect(await m.balance()).toBe(100);
    expect(await promoRewards(m.id)).toHaveLength(1);
    expect(await stateOf(m, id)).toMatchObject({ status: 'CLAIMED', reward: 100 });
    // One minute later it is the merchant's next day.
    clock = local('2031-03-13T00:00:00');
    expect(await stateOf(m, id)).toMatchObject({ status: 'CLAIM' });
    await mod.promotions.claim(merchant, m.row, id);
    expect(await m.balance()).toBe(200);
    expect(await promoRewards(m.id)).toHaveLength(2);
  });
});

describe('raffle', () => {
  it('JOIN before the draw, JOINED, then CLAIM for winners (paid once) and JOINED with won=false for the rest', async () => {
    clock = NOON;
    const drawAt = '2031-03-14T12:00:00Z';
    // The rigged draw swaps in the last remaining entry each time: of a, b, c it picks c, then a.
    const rigged = moduleAt(
      db,
      () => clock,
      (max) => max - 1,
    );
    const id = await rigged.add(
      'PORTICO',
      promotionInput({
        startsAt: STARTED,
        reward: 8_800,
        settings: { kind: 'RAFFLE', drawAt, winners: 2 },
      }),
    );
    const people = await Promise.all(['pr_raf_a', 'pr_raf_b', 'pr_raf_c'].map((a) => player(db, a, 0n)));
    const late = await player(db, 'pr_raf_late', 0n);
    expect(await stateOf(people[0]!, id)).toMatchObject({ status: 'JOIN' });
    for (const p of people)
      expect((await rigged.promotions.join(merchant, p.row, id)).state.status).toBe('JOINED');
    // Joining twice keeps the one entry.
    await rigged.promotions.join(merchant, people[0]!.row, id);
    await expect(rigged.promotions.claim(merchant, people[0]!.row, id)).rejects.toMatchObject({
      statusCode: 409,
    });
    await expect(rigged.decisions.draw(id)).rejects.toMatchObject({ statusCode: 409 });

    clock = new Date('2031-03-14T12:00:00Z');
    await expect(rigged.promotions.join(merchant, late.row, id)).rejects.toMatchObject({ statusCode: 409 });
    expect(await stateOf(late, id)).toMatchObject({ status: 'PROCESS' });
    const drawn = await rigged.decisions.draw(id);
    expect(drawn).toEqual({ entries: 3, winners: ['pr_raf_c', 'pr_raf_a'] });
    await expect(rigged.decisions.draw(id)).rejects.toMatchObject({ statusCode: 409 });

    const [winner, loser, unclaimed] = people as [typeof late, typeof late, typeof late];
    expect(await stateOf(loser, id)).toMatchObject({ status: 'JOINED', won: false, reward: null });
    expect(await stateOf(winner, id)).toMatchObject({ status: 'CLAIM', won: true, reward: 8_800 });
    await expect(rigged.promotions.claim(merchant, loser.row, id)).rejects.toMatchObject({ statusCode: 409 });
    await Promise.all([
      rigged.promotions.claim(merchant, winner.row, id),
      rigged.promotions.claim(merchant, winner.row, id),
    ]);
    expect(await stateOf(winner, id)).toMatchObject({ status: 'CLAIMED', won: true, reward: 8_800 });
    expect(await winner.balance()).toBe(8_800);
    expect(await stateOf(unclaimed, id)).toMatchObject({ status: 'CLAIM', won: true });
    expect(await unclaimed.balance()).toBe(0);
    expect(await loser.balance()).toBe(0);
  });
});

describe('books', () => {
  it('every wallet equals its entries and the audit chain holds', async () => {
    expect(await invariantBreaches(db)).toBe(0);
    expect(await createAuditLog(db).verify()).toMatchObject({ ok: true });
  });
});
