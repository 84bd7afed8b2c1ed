import { and, eq, inArray } from 'drizzle-orm';
import type { ContractKind, ContractPeriod, ContractTier } from '../../../contract/agent.ts';
import { createSettlement } from '../../modules/agent/settlement.ts';
import { windowAt } from '../../modules/agent/windows.ts';
import { zoneOf } from '../../modules/wallet/days.ts';
import { createLedger, type PostHook } from '../../modules/wallet/ledger.ts';
import type { Database } from '../client.ts';
import {
  agentContracts,
  gameRounds,
  games,
  ledgerEntries,
  ledgerTransactions,
  members,
  merchants,
} from '../schema/index.ts';
import { DEMO_CREDIT } from './accounts.ts';

const DAY_MS = 86_400_000;
const DAYS_OF_PLAY = 14;
/** The hourly and real-time salaries are in force for the last few days of that play only. */
const RECENT_DAYS = 3;
const BETS = [1_000n, 2_000n, 5_000n, 10_000n, 20_000n];

const tier = (activeMembers: number, betAmount: number, rateBp: number): ContractTier => ({
  activeMembers,
  betAmount,
  rateBp,
});

/** agent01's contracts from the house: every kind, rates rising with the team's active members and bets. */
const HOUSE: { kind: ContractKind; period: ContractPeriod | null; tiers: ContractTier[] }[] = [
  {
    kind: 'DAILY_SALARY',
    period: null,
    tiers: [tier(0, 0, 30), tier(3, 100_000, 50), tier(10, 1_000_000, 80)],
  },
  {
    kind: 'HOURLY_SALARY',
    period: null,
    tiers: [tier(0, 0, 10), tier(3, 50_000, 20), tier(10, 500_000, 30)],
  },
  {
    kind: 'REALTIME_SALARY',
    period: null,
    tiers: [tier(0, 0, 5), tier(3, 20_000, 10), tier(10, 200_000, 15)],
  },
  {
    kind: 'DIVIDEND',
    period: 'H',
    tiers: [tier(0, 0, 1000), tier(3, 100_000, 2000), tier(10, 1_000_000, 3000)],
  },
];
/** What agent01 passed on to agent02: within its own rates at each tier. */
const SUB_DAILY = [tier(0, 0, 20), tier(3, 100_000, 40)];

/** The money moved when the round was played: the ledger's times say so too. */
const backdate =
  (when: Date): PostHook =>
  async (tx, txId) => {
    await tx.update(ledgerTransactions).set({ createdAt: when }).where(eq(ledgerTransactions.id, txId));
    await tx.update(ledgerEntries).set({ createdAt: when }).where(eq(ledgerEntries.transactionId, txId));
  };

/** A small deterministic generator, so every fresh demo database tells the same story. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * The demo agent team: agent01's house contracts of every kind and agent02's daily salary from agent01, in force since
 * the day before the team's two weeks of settled play (the hourly and real-time salaries for the last 3 days only) (the 14 whole days before today in the merchant's zone, posted
 * through the ledger, bet to the house games wallet and wins back), so the agent centre's overview, team betting and
 * user-loss pages show data. Then the contract settlement itself pays every window that has ended, as the job would
 * after a long pause, so "My income" shows what the contracts earned on that play (agent01 and agent02 are paid).
 * Today has no seeded play: a window still open holds only what happens after the seed.
 */
export async function seedAgents(database: Database, merchantCode: string, now = new Date()): Promise<void> {
  const { db } = database;
  const [merchant] = await db.select().from(merchants).where(eq(merchants.code, merchantCode));
  const zone = zoneOf(merchant!);
  /** The merchant's local midnight starting the day `daysAgo` days before today. */
  const dayStart = (daysAgo: number) =>
    windowAt('DAILY_SALARY', null, zone, new Date(now.getTime() - daysAgo * DAY_MS)).start;
  const since = dayStart(DAYS_OF_PLAY + 1);
  const team = await db
    .select()
    .from(members)
    .where(
      and(
        eq(members.merchantCode, merchantCode),
        inArray(members.account, ['agent01', 'agent02', 'team01', 'team02', 'team03', 'team04']),
      ),
    );
  const id = (account: string) => team.find((m) => m.account === account)!.id;
  await db.insert(agentContracts).values([
    ...HOUSE.map((c) => {
      // The hourly and real-time salaries came later: their windows would be most of the seed's settlement work.
      const from = c.kind === 'REALTIME_SALARY' || c.kind === 'HOURLY_SALARY' ? dayStart(RECENT_DAYS) : since;
      return {
        merchantCode,
        ...c,
        uplineId: null,
        downlineId: id('agent01'),
        status: 'ACTIVE' as const,
        proposedAt: from,
        activeFrom: from,
      };
    }),
    {
      merchantCode,
      kind: 'DAILY_SALARY' as const,
      uplineId: id('agent01'),
      downlineId: id('agent02'),
      tiers: SUB_DAILY,
      status: 'ACTIVE' as const,
      proposedAt: since,
      activeFrom: since,
    },
  ]);

  const played = await db
    .select({ nodeId: games.nodeId, vassalage: games.vassalage, gameType: games.gameType })
    .from(games)
    .where(and(eq(games.merchantCode, merchantCode), inArray(games.gameType, ['RNG', 'LIVE', 'FISH'])))
    .orderBy(games.id)
    .limit(6);
  const ledger = createLedger(db);
  const house = await ledger.wallet(merchantCode, null, 'HOUSE_GAMES');
  const random = prng([...merchantCode].reduce((h, ch) => h * 31 + ch.charCodeAt(0), 7));
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  for (const account of ['team01', 'team02', 'team03', 'team04']) {
    const memberId = id(account);
    const main = await ledger.wallet(merchantCode, memberId, 'MAIN');
    let balance = DEMO_CREDIT;
    let n = 0;
    for (let daysAgo = DAYS_OF_PLAY; daysAgo >= 1; daysAgo -= 1) {
      if (random() < 0.25) continue;
      for (let rounds = 1 + Math.floor(random() * 3); rounds > 0; rounds -= 1) {
        const bet = pick(BETS);
        if (bet > balance) continue;
        const roll = random();
        const win = roll < 0.55 ? 0n : roll < 0.8 ? (bet * 3n) / 2n : roll < 0.95 ? bet * 2n : bet * 5n;
        // Between 01:00 and 21:00 of that local day, so the round settles within it.
        const at = new Date(dayStart(daysAgo).getTime() + 3_600_000 + Math.floor(random() * 20 * 3_600_000));
        const game = pick(played);
        n += 1;
        const roundRef = `seed-${account}-${n}`;
        await ledger.post(
          merchantCode,
          `seamless:${game.vassalage}:${roundRef}-bet`,
          'SEAMLESS_BET',
          [
            { walletId: main, amount: -bet },
            { walletId: house, amount: bet },
          ],
          {
            txId: `${roundRef}-bet`,
            roundRef,
            amount: Number(bet),
            balance: Number(balance - bet),
            op: 'bet',
            memberId,
          },
          async (tx, txId) => {
            await backdate(at)(tx, txId);
            await tx.insert(gameRounds).values({
              merchantCode,
              memberId,
              ...game,
              roundRef,
              bet,
              win,
              status: 'SETTLED',
              createdAt: at,
              settledAt: new Date(at.getTime() + 30_000),
            });
          },
        );
        if (win > 0n)
          await ledger.post(
            merchantCode,
            `seamless:${game.vassalage}:${roundRef}-win`,
            'SEAMLESS_WIN',
            [
              { walletId: house, amount: -win },
              { walletId: main, amount: win },
            ],
            {
              txId: `${roundRef}-win`,
              roundRef,
              amount: Number(win),
              balance: Number(balance - bet + win),
              op: 'win',
              memberId,
            },
            backdate(new Date(at.getTime() + 30_000)),
          );
        balance += win - bet;
      }
    }
  }
  // The job settles at most a bounded number of windows of a contract per run: run it until it has caught up.
  const settlement = createSettlement(db, { ledger });
  while ((await settlement.settle(merchantCode, now)).settled > 0);
}
