import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client.ts';
import {
  agentContracts,
  contractSettlements,
  gameRounds,
  ledgerTransactions,
  members,
} from '../../db/schema/index.ts';
import { DEMO_CREDIT } from '../../db/seed/accounts.ts';
import { createContractJob } from '../../jobs/contracts.ts';
import { testDatabase } from '../../test/app.ts';
import { invariantBreaches } from '../../test/play.ts';
import { createLedger } from '../wallet/ledger.ts';
import { createSettlement } from './settlement.ts';
import { windowAt } from './windows.ts';

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await testDatabase();
  db = database.db;
});
afterAll(() => database.close());

const idOf = async (account: string, merchantCode = 'PORTICO') =>
  (
    await db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.merchantCode, merchantCode), eq(members.account, account)))
  )[0]!.id;

describe('the demo agent team and the contract job', () => {
  it('seeds agent01’s house contracts, agent02’s contract from it and two weeks of team play', async () => {
    for (const merchantCode of ['PORTICO', 'LOTUS']) {
      const [agent01, agent02] = [await idOf('agent01', merchantCode), await idOf('agent02', merchantCode)];
      const held = await db
        .select()
        .from(agentContracts)
        .where(inArray(agentContracts.downlineId, [agent01, agent02]));
      expect(
        held
          .filter((c) => c.downlineId === agent01)
          .map((c) => c.kind)
          .sort(),
      ).toEqual(['DAILY_SALARY', 'DIVIDEND', 'HOURLY_SALARY', 'REALTIME_SALARY']);
      expect(held.find((c) => c.downlineId === agent02)).toMatchObject({
        kind: 'DAILY_SALARY',
        uplineId: agent01,
        status: 'ACTIVE',
      });
      const ledger = createLedger(db);
      expect(await ledger.memberBalance(merchantCode, agent01)).toBe(DEMO_CREDIT);
      expect(await ledger.memberBalance(merchantCode, agent02)).toBe(DEMO_CREDIT);
      const [played] = await db
        .select({
          rounds: sql<number>`count(*)`.mapWith(Number),
          days: sql<number>`count(distinct ${gameRounds.settledAt}::date)`.mapWith(Number),
        })
        .from(gameRounds)
        .innerJoin(members, eq(members.id, gameRounds.memberId))
        .where(and(eq(gameRounds.merchantCode, merchantCode), sql`${members.account} like 'team0%'`));
      expect(played!.rounds).toBeGreaterThan(20);
      expect(played!.days).toBeGreaterThan(7);
    }
    expect(await invariantBreaches(db)).toBe(0);
  });

  it('pays nothing for the play before the contracts; two processes running the job pay new play once', async () => {
    const settlement = createSettlement(db, { ledger: createLedger(db) });
    const now = new Date();
    expect(await createContractJob(db, settlement).run(now)).toMatchObject({ paid: 0n });

    const team01 = await idOf('team01');
    await db.insert(gameRounds).values({
      merchantCode: 'PORTICO',
      memberId: team01,
      vassalage: 'TEST',
      nodeId: 'test',
      gameType: 'RNG',
      roundRef: 'demo-after-contracts',
      bet: 500_000n,
      status: 'SETTLED',
      settledAt: new Date(now.getTime() + 1000),
    });
    // Just after today's day ends (and with it its hours and 5-minute slices) and the job's grace has passed.
    const later = new Date(
      windowAt('DAILY_SALARY', null, 'Asia/Ho_Chi_Minh', now).end.getTime() + 2 * 60_000,
    );
    const [a, b] = [createContractJob(db, settlement), createContractJob(db, settlement)];
    const runs = await Promise.all([a.run(later), b.run(later)]);
    const paid = runs.reduce((s, r) => s + (r?.paid ?? 0n), 0n);

    const rows = await db
      .select()
      .from(contractSettlements)
      .where(and(eq(contractSettlements.merchantCode, 'PORTICO'), gt(contractSettlements.amount, 0n)));
    expect(paid).toBe(rows.reduce((s, r) => s + r.amount, 0n));
    // agent02 (team01's upline) earns its daily 0.20 % of 5,000.00; agent01 the rest of its 0.30 %, and its hourly
    // and real-time salaries on the same bet.
    const agent02 = await idOf('agent02');
    expect(rows.filter((r) => r.memberId === agent02).map((r) => [r.kind, r.amount])).toEqual([
      ['DAILY_SALARY', 1000n],
    ]);
    const agent01 = await idOf('agent01');
    expect(
      rows
        // A dividend's half-month may end today as well: it is not this test's subject.
        .filter((r) => r.memberId === agent01 && r.kind !== 'DIVIDEND')
        .map((r) => [r.kind, r.amount])
        .sort(),
    ).toEqual([
      ['DAILY_SALARY', 500n],
      ['HOURLY_SALARY', 500n],
      ['REALTIME_SALARY', 250n],
    ]);
    const pay = await db
      .select()
      .from(ledgerTransactions)
      .where(
        and(eq(ledgerTransactions.merchantCode, 'PORTICO'), eq(ledgerTransactions.kind, 'CONTRACT_PAY')),
      );
    expect(pay).toHaveLength(rows.length);
    const earned = rows.filter((r) => r.memberId === agent01).reduce((s, r) => s + r.amount, 0n);
    expect(await createLedger(db).memberBalance('PORTICO', agent01)).toBe(DEMO_CREDIT + earned);
    expect(await invariantBreaches(db)).toBe(0);
  });
});
