import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import {
  agentContracts,
  contractSettlements,
  gameRounds,
  ledgerTransactions,
  members,
} from '../../db/schema/index.ts';
import { DEMO_CREDIT } from '../../db/seed/accounts.ts';
import { createContractJob } from '../../jobs/contracts.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';
import { invariantBreaches } from '../../test/play.ts';
import { createLedger } from '../wallet/ledger.ts';
import { createSettlement, payOf } from './settlement.ts';
import { today } from './testTeam.ts';
import { windowAt } from './windows.ts';

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await testApp();
  db = t.database.db;
});
afterAll(() => t.close());

/** What the contract settlement has paid an account, all windows (the seed's and any since). */
const earnedBy = async (memberId: number) =>
  (
    await db
      .select({ amount: contractSettlements.amount })
      .from(contractSettlements)
      .where(eq(contractSettlements.memberId, memberId))
  ).reduce((s, r) => s + r.amount, 0n);

const ZONE = 'Asia/Ho_Chi_Minh';
const dayOf = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(at);

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
      // Their own balances move only by what the contracts paid them on the team's play.
      const ledger = createLedger(db);
      expect(await ledger.memberBalance(merchantCode, agent01)).toBe(DEMO_CREDIT + (await earnedBy(agent01)));
      expect(await ledger.memberBalance(merchantCode, agent02)).toBe(DEMO_CREDIT + (await earnedBy(agent02)));
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

  it('agent01’s “My income” over the last 14 days is what its daily salary earned on each seeded day of team play', async () => {
    for (const merchantCode of ['PORTICO', 'LOTUS']) {
      const api = client(t.app, merchantCode);
      const login = await api.login('agent01', 'Agent1234');
      const token = login.body.value.token as string;
      // The seeded rounds of each local day: agent01's team is team01–04, agent02's (its daily salary is taken off
      // agent01's) team01–02. The house's and agent01's daily tiers as seeded.
      const rounds = await db
        .select({ account: members.account, bet: gameRounds.bet, settledAt: gameRounds.settledAt })
        .from(gameRounds)
        .innerJoin(members, eq(members.id, gameRounds.memberId))
        .where(and(eq(gameRounds.merchantCode, merchantCode), sql`${members.account} like 'team0%'`));
      const daily = await db
        .select({ downline: members.account, tiers: agentContracts.tiers })
        .from(agentContracts)
        .innerJoin(members, eq(members.id, agentContracts.downlineId))
        .where(and(eq(agentContracts.merchantCode, merchantCode), eq(agentContracts.kind, 'DAILY_SALARY')));
      const tiersOf = (account: string) => daily.find((c) => c.downline === account)!.tiers;
      const grossOn = (day: string, accounts: string[], agent: string) => {
        const played = rounds.filter((r) => dayOf(r.settledAt!) === day && accounts.includes(r.account));
        const figures = {
          activeMembers: new Set(played.map((r) => r.account)).size,
          bet: played.reduce((s, r) => s + r.bet, 0n),
          win: 0n,
        };
        return { bet: figures.bet, gross: payOf('DAILY_SALARY', tiersOf(agent), figures).gross };
      };
      const days = [...new Set(rounds.map((r) => dayOf(r.settledAt!)))].sort().reverse();
      expect(days.length).toBeGreaterThan(7);
      // The seed's two weeks end the day before it ran: the window starts at its first day, so a run that crosses
      // local midnight after the seed (17:00 UTC) still asks for all of them.
      const [from, to] = [days.at(-1)!, today()];
      const all = await api.send('GET', `/wps/agent/income?from=${from}&to=${to}`, undefined, token);
      expect(all.status).toBe(200);
      expect(all.body.value.totals.amount).toBeGreaterThan(0);
      expect(all.body.value.list.length).toBeGreaterThan(0);
      const expected = days.map((day) => {
        const mine = grossOn(day, ['team01', 'team02', 'team03', 'team04'], 'agent01');
        const sub = grossOn(day, ['team01', 'team02'], 'agent02');
        return {
          day,
          bet: Number(mine.bet),
          amount: Number(mine.gross > sub.gross ? mine.gross - sub.gross : 0n),
        };
      });
      const salary = await api.send(
        'GET',
        `/wps/agent/income?from=${from}&to=${to}&kind=DAILY_SALARY&pageSize=50`,
        undefined,
        token,
      );
      expect(
        salary.body.value.list.map((s: { windowStart: string; bet: number; amount: number }) => ({
          day: dayOf(new Date(s.windowStart)),
          bet: s.bet,
          amount: s.amount,
        })),
      ).toEqual(expected);
      expect(expected.reduce((s, d) => s + d.amount, 0)).toBeGreaterThan(0);
    }
  });

  it('pays nothing more for the seeded play; two processes running the job pay new play once', async () => {
    const settlement = createSettlement(db, { ledger: createLedger(db) });
    const now = new Date();
    expect(await createContractJob(db, settlement).run(now)).toMatchObject({ paid: 0n });
    const seededPay = await db
      .select({ id: contractSettlements.id })
      .from(contractSettlements)
      .where(gt(contractSettlements.amount, 0n));
    const seeded = new Set(seededPay.map((r) => r.id));

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

    const paidRows = await db
      .select()
      .from(contractSettlements)
      .where(and(eq(contractSettlements.merchantCode, 'PORTICO'), gt(contractSettlements.amount, 0n)));
    const rows = paidRows.filter((r) => !seeded.has(r.id));
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
    // One ledger payment for each window that paid, the seed's and the new ones.
    expect(pay).toHaveLength(paidRows.length);
    expect(await createLedger(db).memberBalance('PORTICO', agent01)).toBe(
      DEMO_CREDIT + (await earnedBy(agent01)),
    );
    expect(await invariantBreaches(db)).toBe(0);
  });
});
