// The recent lotteries menu reads `member_lotteries`, kept by lottery_bets' triggers (migration 0042): its rows must
// stay every bet of a member grouped by its draw's lottery (bets of any status), through bulk seeds, the migration's
// backfill, slips, refunds, and changed or deleted bets.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedScale } from '../../../bench/scaleSeed.ts';
import type { Database } from '../../db/client.ts';
import { members } from '../../db/schema/index.ts';
import { seedLotteryHistory } from '../../db/seed/lotteryHistory.ts';
import { testDatabase } from '../../test/app.ts';
import { newMember } from '../../test/play.ts';
import { createAuditLog } from '../audit/log.ts';
import type { Member } from '../auth/sessions.ts';
import { createResponsibleGambling } from '../responsible/service.ts';
import { createRulesStore } from '../rules/store.ts';
import { createDrawEngine } from './draws.ts';
import { createLotteryService, recentLotteries } from './service.ts';

const NOW = new Date();
let database: Database;
beforeAll(async () => {
  database = await testDatabase();
  await seedLotteryHistory(database, NOW, 1);
  // Three days of tickets over the merchant's members, one set-based insert a period (the scale bench's seed).
  await seedScale(database.db, 'PORTICO', { games: 0, days: 3, ticketsPerDay: 600, members: 3 }, NOW);
}, 120_000);
afterAll(() => database.close());

const rows = async <T>(q: ReturnType<typeof sql>) =>
  ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;

type Kept = { member_id: number; merchant_code: string; game_code: string; last: string };
/** The table, and what it must hold: every bet grouped by member, merchant and its draw's lottery. */
const kept = () =>
  rows<Kept>(sql`select member_id, merchant_code, game_code, last_bet_at::text as last from member_lotteries
    order by 1, 2, 3`);
const grouped = () =>
  rows<Kept>(sql`select b.member_id, b.merchant_code, d.game_code, max(b.created_at)::text as last
    from lottery_bets b join lottery_draws d on d.id = b.draw_id group by 1, 2, 3 order by 1, 2, 3`);

/** The recent menu's query before migration 0042, with the new one's tie-break. */
const plain = async (merchantCode: string, memberId: number, n: number) =>
  (
    await rows<{ game_code: string; last: string | Date }>(sql`select d.game_code, max(b.created_at) as last
      from lottery_bets b join lottery_draws d on d.id = b.draw_id
      where b.merchant_code = ${merchantCode} and b.member_id = ${memberId}
      group by d.game_code order by max(b.created_at) desc, d.game_code limit ${n}`)
  ).map((r) => ({ gameCode: r.game_code, lastBetAt: new Date(r.last).toISOString() }));
const kept20 = async (merchantCode: string, memberId: number, n = 20) =>
  (await recentLotteries(database.db, merchantCode, memberId, n)).map((r) => ({
    gameCode: r.gameCode,
    lastBetAt: r.lastBetAt.toISOString(),
  }));

/** A limit shorter than the most lotteries a seeded member bet on, so that it cuts a list (set by the first test). */
let cut = 1;

async function sameAnswers(memberIds: number[]) {
  expect(await kept()).toEqual(await grouped());
  for (const id of memberIds)
    for (const n of [20, cut]) expect(await kept20('PORTICO', id, n)).toEqual(await plain('PORTICO', id, n));
}

describe("a member's recent lotteries", () => {
  it('are every bet of the member grouped by lottery, after seeds, backfill, slips and changed bets', async () => {
    const { db } = database;
    const top = await rows<{
      member_id: number;
      n: number;
    }>(sql`select member_id, count(distinct d.game_code)::int as n
      from lottery_bets b join lottery_draws d on d.id = b.draw_id
      group by member_id order by 2 desc, 1 limit 3`);
    const seeded = top.map((r) => Number(r.member_id));
    // Which draws the seed's tickets fall on depends on the time of day the test runs: the shorter limit is one less
    // than the most lotteries a member bet on, so it always cuts a list.
    expect(Number(top[0]?.n)).toBeGreaterThan(2);
    cut = Number(top[0]!.n) - 1;
    await sameAnswers(seeded);

    // The migration's backfill (its last statement) builds the same rows from the bets already there.
    const migration = readFileSync(
      new URL('../../db/migrations/0042_member_lotteries.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toContain('INSERT INTO "member_lotteries"');
    await db.execute(sql`delete from member_lotteries`);
    await db.execute(sql.raw(backfill));
    await sameAnswers(seeded);

    // Slips: three lotteries on sale now, one after the other, then the first again.
    const engine = createDrawEngine(db);
    const service = createLotteryService(db, {
      rules: createRulesStore(db),
      guard: createResponsibleGambling(db, createAuditLog(db)),
      engine,
    });
    await engine.ensureDraws(NOW);
    const m = await newMember(db, 'recentlots', 10_000_000n);
    const member = (await db.select().from(members).where(eq(members.id, m.id)))[0] as Member;
    const onSale = [
      ...(await service.menu('PORTICO', 'Elott', NOW)).groups,
      ...(await service.menu('PORTICO', 'Lott', NOW)).groups,
    ]
      .flatMap((g) => g.gameMenus)
      .filter((g) => g.isSale && g.remainTime > 60_000);
    const [a, b, c] = [onSale[0]!, onSale[1]!, onSale.at(-1)!];
    let at = NOW.getTime();
    for (const g of [a, b, c, a]) {
      at += 1_000;
      const placed = await service.place(
        'PORTICO',
        member,
        {
          requestId: randomUUID(),
          gameCode: g.code,
          issue: g.issue,
          bets: [
            { playType: 'LO2', numbers: ['11'], points: 1 },
            { playType: 'DE', numbers: ['42'], points: 1 },
          ],
        },
        new Date(at),
      );
      expect(placed).toHaveProperty('bets');
      await sameAnswers([member.id, ...seeded]);
    }
    expect((await kept20('PORTICO', member.id)).map((r) => r.gameCode)).toEqual([a.code, c.code, b.code]);
    const fast = new Set((await service.menu('PORTICO', 'Elott', NOW)).groups.flatMap((g) => g.gameMenus));
    const menu = await service.recentMenu('PORTICO', member, 'Elott', new Date(at));
    expect(menu.groups.flatMap((g) => g.gameMenus.map((x) => x.code))).toEqual(
      [a, c, b].filter((g) => [...fast].some((f) => f.code === g.code)).map((g) => g.code),
    );

    // Refunded or settled bets still count, as they did.
    await db.execute(sql`update lottery_bets set status = 'REFUNDED', settled_at = now()
      where member_id = ${member.id}`);
    await sameAnswers([member.id]);
    expect((await kept20('PORTICO', member.id)).map((r) => r.gameCode)).toEqual([a.code, c.code, b.code]);

    // Bets are never moved or deleted; should one be, the member's row of that lottery is counted again.
    await db.execute(sql`update lottery_bets set created_at = created_at - interval '10 days'
      where member_id = ${member.id} and draw_id in (select id from lottery_draws where game_code = ${a.code})`);
    await sameAnswers([member.id]);
    expect((await kept20('PORTICO', member.id)).map((r) => r.gameCode)).toEqual([c.code, b.code, a.code]);
    await db.execute(sql`delete from lottery_bets
      where member_id = ${member.id} and draw_id in (select id from lottery_draws where game_code = ${c.code})`);
    await sameAnswers([member.id, ...seeded]);
    expect((await kept20('PORTICO', member.id)).map((r) => r.gameCode)).toEqual([b.code, a.code]);

    // Another merchant's menu has none of them.
    expect(await kept20('NOPE', member.id)).toEqual([]);
    expect(await kept20('NOPE', seeded[0]!)).toEqual([]);

    await db.execute(sql`truncate lottery_bets`);
    expect(await kept()).toEqual([]);
  }, 120_000);
});
