import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyCall } from '../../contract/call.ts';
import type { Db } from '../db/client.ts';
import {
  members,
  messageStates,
  paymentOrders,
  pointAccounts,
  promotions,
  rewardTickets,
} from '../db/schema/index.ts';
import { hashPassword } from '../lib/password.ts';
import { teamMember, today } from '../modules/agent/testTeam.ts';
import { LOTTERIES } from '../modules/lottery/catalogue.ts';
import { saleState } from '../modules/lottery/schedule.ts';
import { type TestApp, testApp } from '../test/app.ts';
import { inhouseGames, launchToken, playedRound } from '../test/play.ts';
import { PAY_PASSWORD } from '../test/wallet.ts';
import { callerOf, contractCalls } from './calls.ts';
import { report } from './report.ts';

/**
 * IDOR: every member read and every agent read of the contract (found by iterating it, so a new read needs a
 * probe here), made by another account of the same merchant and by one of another merchant before and after the
 * first account (or agent branch) fills every area with its objects: orders, withdrawals, bets, lottery slips,
 * favourites, messages, tickets, redemptions, promotion entries, rebates, referrals, limits. The others' answers do
 * not change, and carry none of the first account's names or references; the first account's own answers do
 * change (so the probe reaches its data). The calls that take an object's id are tried with the first account's
 * ids by the others: 404 and nothing changes.
 */

const OPS = 'ops-token-for-idor';
const PASSWORD = 'Idor-pass-1';
const DAY = today();
const MONTH_AGO = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
const RANGE = { from: MONTH_AGO, to: DAY };

const reads = contractCalls.filter((c) => c.call.method === 'GET');
const memberReads = reads.filter((c) => callerOf(c.call) === 'member');
const agentReads = reads.filter((c) => callerOf(c.call) === 'agent');

/**
 * Per read: its query (dated reads over the last month, the largest page), and whether the first account's activity
 * shows in its own answer (`mine`); settings, catalogues and the profile stay as they were (`mine: false`).
 */
const PROBES: Record<string, { query?: Record<string, string | number>; mine: boolean }> = {
  'games.favouriteIds': { mine: true },
  'games.favouriteList': { mine: true },
  'games.pvpRooms': { mine: false },
  'games.recentGames': { mine: true },
  'lottery.myLotteryBets': { query: { pageSize: 100 }, mine: true },
  'lottery.recentLotteryMenu': { mine: true },
  'member.memberIcon': { mine: false },
  'member.memberInfo': { mine: false },
  'member.playerAvatar': { mine: false },
  'messages.messageList': { query: { pageSize: 50 }, mine: true },
  'messages.unreadCount': { mine: true },
  'missions.missionLeaderboard': { mine: true },
  'missions.missionSummary': { mine: true },
  'payments.accountRecord': { query: { ...RANGE, pageSize: 100 }, mine: true },
  'payments.bettingRecord': { query: { ...RANGE, pageSize: 100 }, mine: true },
  'payments.paymentOrders': { query: { pageSize: 100 }, mine: true },
  'payments.paymentSettings': { mine: false },
  'payments.profitAndLoss': { query: RANGE, mine: true },
  'payments.walletList': { mine: true },
  'points.pointEntries': { query: { pageSize: 100 }, mine: true },
  'points.pointRedemptions': { query: { pageSize: 100 }, mine: true },
  'points.pointRewards': { query: { pageSize: 100 }, mine: false },
  'points.pointsBalance': { mine: true },
  'points.pointsConfigCall': { mine: false },
  'promotions.myPromotions': { mine: true },
  'rebate.rebateClaimable': { mine: true },
  'rebate.rebateHistory': { query: { pageSize: 100 }, mine: true },
  'referral.referralFriends': { query: { pageSize: 100 }, mine: true },
  'referral.referralInfo': { mine: true },
  'responsible.responsibleStatus': { mine: true },
  'rewards.bonusDetails': { query: { ...RANGE, pageSize: 100 }, mine: true },
  'rewards.rewardPrizes': { mine: false },
  'rewards.rewardTickets': { query: { pageSize: 100 }, mine: true },
  'wallet.balance': { mine: true },
  'agent.agentContracts': { query: { kind: 'DAILY_SALARY' }, mine: false },
  'agent.agentDownline': { query: { scope: 'all', pageSize: 100 }, mine: true },
  'agent.agentIncome': { query: { ...RANGE, pageSize: 100 }, mine: false },
  'agent.teamBets': { query: { ...RANGE, pageSize: 100 }, mine: true },
  'agent.teamOverview': { query: RANGE, mine: true },
  'agent.teamTransactions': { query: { ...RANGE, pageSize: 100 }, mine: true },
  'agent.userLoss': { query: { ...RANGE, pageSize: 100 }, mine: true },
};

/**
 * What changes between two reads whoever acts: the clock, and the leaderboard, which ranks every member of the
 * merchant by design (names masked, checked on their own below).
 */
const VOLATILE = new Set(['serverTime', 'periodEnd', 'remainTime', 'now', 'expiresAt', 'lastSeenAt']);
const SHARED_BY_DESIGN = new Set(['missions.missionLeaderboard']);

let t: TestApp;
let db: Db;
type Account = Awaited<ReturnType<typeof teamMember>>;
/** `first` owns everything; `same` is another account of its merchant, `other` one of another merchant. */
const who = {} as Record<'first' | 'same' | 'other' | 'firstAgent' | 'sameAgent' | 'otherAgent', Account>;
const before = new Map<string, unknown>();
/** Names and references of the first account's objects, that no other account may be shown. */
const secrets: string[] = [];
let requests = 0;
let ip = 0;

async function send(
  c: AnyCall,
  o: { token?: string; merchant?: string; query?: object; body?: object; params?: object } = {},
) {
  const path = c.path.replace(/:(\w+)/g, (_, k: string) =>
    String((o.params as Record<string, unknown>)?.[k] ?? 1),
  );
  const qs = new URLSearchParams(
    Object.entries(o.query ?? {}).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  ip += 1;
  requests += 1;
  const res = await t.app.inject({
    method: c.method,
    url: qs ? `${path}?${qs}` : path,
    headers: {
      merchant: o.merchant ?? 'PORTICO',
      'x-forwarded-for': `10.44.${ip >> 8}.${ip & 255}`,
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
    },
    ...(c.method === 'GET' ? {} : { payload: o.body ?? {} }),
  });
  return { status: res.statusCode, body: res.json() };
}
const byName = (name: string) => contractCalls.find((c) => c.name === name)!.call;
const as = (a: Account, name: string, o: { query?: object; body?: object; params?: object } = {}) =>
  send(byName(name), { token: a.token, merchant: a.merchantCode, ...o });
const ops = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${OPS}` }, ...(payload ? { payload } : {}) });
const ok = async (
  p: Promise<{ status: number; body: unknown }> | Promise<{ statusCode: number; body: string }>,
) => {
  const r = await p;
  const status = 'status' in r ? r.status : r.statusCode;
  expect(status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
  return 'status' in r ? (r.body as { value: Record<string, unknown> }) : JSON.parse(r.body);
};

const normal = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(normal)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v)
            .filter(([k]) => !VOLATILE.has(k))
            .map(([k, x]) => [k, normal(x)]),
        )
      : v;
const readerOf = (name: string) => (callerOf(byName(name)) === 'agent' ? 'Agent' : '') as '' | 'Agent';
const read = async (a: Account, name: string) => {
  const r = await as(a, name, { query: PROBES[name]?.query });
  expect([name, r.status]).toEqual([name, 200]);
  return normal(r.body);
};

/** The first account's life on the site: every kind of object a member or its agent can own. */
async function fillFirst() {
  const a = who.first;
  const deposit = await ok(
    as(a, 'payments.createDeposit', {
      body: { requestId: randomUUID(), channel: 'BANK', amount: 12_345, payerName: 'Idor Secret Payer' },
    }),
  );
  secrets.push('Idor Secret Payer');
  await ok(ops('POST', `/ops/payments/${(deposit.value.order as { id: number }).id}/approve`, {}));
  const withdrawal = await ok(
    as(a, 'payments.createWithdrawal', {
      body: {
        requestId: randomUUID(),
        amount: 20_000,
        paymentPassword: PAY_PASSWORD,
        bankName: 'Idor Secret Bank',
        accountName: 'Idor Secret Holder',
        accountNo: '9876543210',
      },
    }),
  );
  secrets.push('Idor Secret Bank', 'Idor Secret Holder', '9876543210');
  withdrawalId = (withdrawal.value.order as { id: number }).id;
  await ok(ops('POST', `/ops/payments/${withdrawalId}/approve`, {}));
  await ok(ops('POST', `/ops/payments/${withdrawalId}/disburse`, {}));

  const { dice, rng } = await inhouseGames(db);
  const launch = await launchToken(db, { memberId: a.id, nodeId: dice.nodeId });
  for (let i = 0; i < 3; i += 1) {
    const roll = await t.app.inject({
      method: 'POST',
      url: '/inhouse/dice/roll',
      headers: { merchant: 'PORTICO', 'x-launch-token': launch },
      payload: { requestId: randomUUID(), bet: 1_000, target: 5_000, direction: 'under' },
    });
    expect(roll.statusCode, roll.body).toBe(200);
  }
  await ok(
    as(a, 'games.addFavourite', {
      body: { nodeId: rng.nodeId, vendor: rng.vassalage, gameType: rng.gameType },
    }),
  );
  const lottery = LOTTERIES.find((l) => saleState(l, new Date()).remainTime > 60_000)!;
  await ok(
    as(a, 'lottery.placeBets', {
      body: {
        requestId: randomUUID(),
        gameCode: lottery.code,
        issue: saleState(lottery, new Date()).issue,
        bets: [{ playType: 'LO2', numbers: ['07'], points: 1 }],
      },
    }),
  );
  // Settled bets a day ago: points to redeem, a rebate to claim, a mission's progress. The points account, opened
  // by the first reads, earned up to then: it goes back two days so that these count.
  await db
    .update(pointAccounts)
    .set({ earnedThrough: new Date(Date.now() - 2 * 86_400_000) })
    .where(eq(pointAccounts.memberId, a.id));
  for (let i = 0; i < 3; i += 1)
    await playedRound(db, a.id, new Date(Date.now() - 86_400_000), { bet: 400_000 });
  await playedRound(db, a.id, new Date(Date.now() - 600_000), { bet: 50_000 });
  await ok(
    as(a, 'points.redeemReward', {
      body: { rewardId: await cheapestReward(), password: PASSWORD, requestId: randomUUID() },
    }),
  );
  await ok(as(a, 'points.convertPoints', { body: { points: 1_000, requestId: randomUUID() } }));
  await ok(as(a, 'rebate.claimRebate', { body: { requestId: randomUUID() } }));
  await ok(as(a, 'promotions.redeemPromoCode', { body: { code: 'WELCOME100' } }));
  const [signIn] = await db
    .select({ id: promotions.id })
    .from(promotions)
    .where(and(eq(promotions.merchantCode, 'PORTICO'), eq(promotions.kind, 'SIGN_IN')));
  await ok(as(a, 'promotions.claimPromotion', { params: { id: signIn!.id } }));

  const message = await ok(
    ops('POST', '/ops/merchants/PORTICO/messages', {
      account: a.account,
      title: 'Idor Secret Title',
      body: 'Idor Secret Body',
    }),
  );
  messageId = message.value.id;
  secrets.push('Idor Secret Title', 'Idor Secret Body');
  const ticket = await ok(
    ops('POST', '/ops/merchants/PORTICO/tickets', { account: a.account, type: 'GOLDEN_EGG' }),
  );
  ticketId = ticket.value.ticket.id;
  await ok(as(a, 'responsible.setLimit', { body: { kind: 'DEPOSIT', period: 'D', amount: 9_999_900 } }));
  // A friend who registered with the first account's code.
  const friend = await teamMember(db, 'idorfriend');
  await db.update(members).set({ referredBy: a.id }).where(eq(members.id, friend.id));
  secrets.push(a.account, 'idorfriend');
}

async function cheapestReward() {
  const list = (await ok(as(who.first, 'points.pointRewards', { query: { pageSize: 100 } }))).value.list as {
    id: number;
    points: number;
    stockLeft: number | null;
  }[];
  return list.filter((r) => r.stockLeft !== 0).sort((x, y) => x.points - y.points)[0]!.id;
}

let withdrawalId = 0;
let messageId = 0;
let ticketId = 0;
const firstReads = new Map<string, unknown>();
const probed = [...memberReads, ...agentReads].map((c) => c.name);
const others = ['same', 'other'] as const;

beforeAll(async () => {
  t = await testApp({ opsToken: OPS });
  db = t.database.db;
  // The other merchant with every member feature on, so that its account reads what the first one reads.
  await ok(ops('PATCH', '/ops/merchants/LOTUS', { features: { PTSYS3: true } }));
  who.firstAgent = await teamMember(db, 'idoragent', { agentType: 1 });
  who.first = await teamMember(db, 'idorfirst', { uplineId: who.firstAgent.id, credit: 1_000_000n });
  who.same = await teamMember(db, 'idorsame', { credit: 1_000_000n });
  who.other = await teamMember(db, 'idorother', { merchantCode: 'LOTUS', credit: 1_000_000n });
  who.sameAgent = await teamMember(db, 'idorsameagent', { agentType: 1 });
  who.otherAgent = await teamMember(db, 'idorotheragent', { agentType: 1, merchantCode: 'LOTUS' });
  // A password to redeem points with, and an account three days old (its first rebate counts bets from then on).
  await db
    .update(members)
    .set({ passwordHash: await hashPassword(PASSWORD), createdAt: new Date(Date.now() - 3 * 86_400_000) })
    .where(eq(members.id, who.first.id));
  for (const name of probed) {
    const r = readerOf(name);
    for (const o of others) before.set(`${o}${r}:${name}`, await read(who[`${o}${r}`], name));
    firstReads.set(name, await read(who[`first${r}`], name));
  }
  await fillFirst();
});
afterAll(async () => {
  report(
    `idor: ${memberReads.length} member reads, ${agentReads.length} agent reads, ${requests} requests, ` +
      `${leaks} leaks, ${refused} id-taking calls refused`,
  );
  await t?.close();
});
let leaks = 0;
let refused = 0;

describe('IDOR', () => {
  it('has a probe for every member and agent read', () => {
    expect(Object.keys(PROBES).sort()).toEqual([...probed].sort());
    expect(memberReads.length).toBeGreaterThan(25);
  });

  describe.each(others)('an account of %s merchant', (o) => {
    it.each(probed)(
      '%s: the same answer as before the first account acted, none of its names',
      async (name) => {
        const reader = who[`${o}${readerOf(name)}`];
        const now = await read(reader, name);
        const text = JSON.stringify(now);
        const seen = secrets.filter((s) => text.includes(s));
        if (
          seen.length > 0 ||
          (!SHARED_BY_DESIGN.has(name) &&
            JSON.stringify(before.get(`${o}${readerOf(name)}:${name}`)) !== text)
        )
          leaks += 1;
        expect(seen).toEqual([]);
        if (!SHARED_BY_DESIGN.has(name)) expect(now).toEqual(before.get(`${o}${readerOf(name)}:${name}`));
      },
    );
  });

  it.each(probed.filter((n) => PROBES[n]!.mine))(
    '%s: the first account’s own answer shows its objects',
    async (name) => {
      expect(await read(who[`first${readerOf(name)}`], name)).not.toEqual(firstReads.get(name));
    },
  );

  it('the first account’s token is nobody on another merchant’s site', async () => {
    for (const name of probed) {
      const r = await send(byName(name), { token: who[`first${readerOf(name)}`].token, merchant: 'LOTUS' });
      expect([name, r.status]).toEqual([name, 401]);
    }
  });

  describe.each(others)('an account of %s merchant naming the first account’s ids', (o) => {
    const expectRefused = (r: { status: number }) => {
      expect(r.status).toBe(404);
      refused += 1;
    };
    it('cannot confirm its withdrawal', async () => {
      expectRefused(await as(who[o], 'payments.confirmWithdrawal', { params: { id: withdrawalId } }));
      const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, withdrawalId));
      expect(order!.status).toBe('DISBURSED');
    });
    it('cannot open its ticket', async () => {
      expectRefused(await as(who[o], 'rewards.openTicket', { body: { ticketId, choice: 0 } }));
      const [ticket] = await db.select().from(rewardTickets).where(eq(rewardTickets.id, ticketId));
      expect(ticket!.status).toBe('AVAILABLE');
    });
    it('cannot read or delete its message', async () => {
      expectRefused(await as(who[o], 'messages.readMessages', { body: { ids: [messageId] } }));
      expectRefused(await as(who[o], 'messages.deleteMessages', { body: { ids: [messageId] } }));
      await ok(as(who[o], 'messages.readMessages', { body: { all: true } }));
      const states = await db.select().from(messageStates).where(eq(messageStates.messageId, messageId));
      expect(states.filter((s) => s.memberId === who.first.id)).toEqual([]);
    });
  });

  it('the leaderboard names the first account masked only', async () => {
    for (const o of others) {
      const board = JSON.stringify(await read(who[o], 'missions.missionLeaderboard'));
      expect(board).not.toContain(who.first.account);
    }
  });
});
