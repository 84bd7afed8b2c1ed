import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as agentContract from '../../../contract/agent.ts';
import type { AnyCall } from '../../../contract/call.ts';
import type { Db } from '../../db/client.ts';
import { agentContracts, members } from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { createLedger } from '../wallet/ledger.ts';
import { playRound, teamMember, today } from './testTeam.ts';

/**
 * Spec §6 authorisation of the agent centre: every agent call of the contract (found by iterating the module, so a
 * new call is covered or this suite fails) refuses visitors, members and trial accounts, and an agent gets 404 or an
 * empty answer for another branch's or another merchant's ids and accounts, never their data.
 */

const OPS = 'ops-token-for-authz';
const calls = Object.entries(agentContract as Record<string, unknown>).filter(
  (e): e is [string, AnyCall] =>
    typeof e[1] === 'object' && e[1] !== null && 'path' in e[1] && 'method' in e[1],
);
const agentCalls = calls.filter(([, c]) => c.agentOnly);
const opsCalls = calls.filter(([, c]) => c.auth === 'ops');

let t: TestApp;
let db: Db;

interface Request {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: object;
  token?: string;
  merchant?: string;
}
async function send(c: AnyCall, r: Request = {}) {
  const path = c.path.replace(/:(\w+)/g, (_, name: string) => String(r.params?.[name] ?? 1));
  const query = new URLSearchParams(
    Object.entries(r.query ?? {}).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  const res = await t.app.inject({
    method: c.method,
    url: query ? `${path}?${query}` : path,
    headers: {
      merchant: r.merchant ?? 'PORTICO',
      ...(r.token ? { authorization: `Bearer ${r.token}` } : {}),
    },
    ...(c.method === 'GET' ? {} : { payload: r.body ?? {} }),
  });
  return { status: res.statusCode, body: res.json() };
}
const ops = (method: 'POST', url: string, payload: object) =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${OPS}` } });

type Account = Awaited<ReturnType<typeof teamMember>>;
/** One agent's branch: the agent, a member and a sub-agent below it, and the offer the agent made the sub-agent. */
interface Branch {
  agent: Account;
  member: Account;
  sub: Account;
  offerId: number;
  grantId: number;
}
let own: Branch;
let plainToken: string;
let trialToken: string;
const foreign: Record<'another branch' | 'another merchant', Branch> = {} as never;
const foreignNames = () =>
  Object.values(foreign).flatMap((b) => [b.agent.account, b.member.account, b.sub.account]);

const DAY = today();
const RANGE = { from: DAY, to: DAY };
const TIERS = [{ activeMembers: 0, betAmount: 0, rateBp: 100 }];

/** A branch with a granted daily salary, an offer to the sub-agent, and a settled bet with its pay, in one merchant. */
async function branch(prefix: string, merchantCode: string): Promise<Branch> {
  const agent = await teamMember(db, `${prefix}agent`, { agentType: 1, merchantCode });
  const member = await teamMember(db, `${prefix}member`, {
    uplineId: agent.id,
    merchantCode,
    credit: 1_000n,
  });
  const sub = await teamMember(db, `${prefix}sub`, { uplineId: agent.id, agentType: 2, merchantCode });
  const granted = await ops('POST', `/ops/merchants/${merchantCode}/contracts`, {
    account: agent.account,
    kind: 'DAILY_SALARY',
    tiers: TIERS,
  });
  const offer = await t.app.inject({
    method: 'POST',
    url: '/wps/agent/contracts',
    headers: { merchant: merchantCode, authorization: `Bearer ${agent.token}` },
    payload: { kind: 'DAILY_SALARY', downlineId: sub.id, tiers: TIERS },
  });
  await playRound(db, member, { bet: 10_000, at: new Date(Date.now() + 60_000).toISOString() });
  const ledger = createLedger(db);
  await ledger.post(merchantCode, `authz:${prefix}`, 'DEPOSIT_CREDIT', [
    { walletId: await ledger.wallet(merchantCode, null, 'HOUSE_CASH'), amount: -500n },
    { walletId: member.main, amount: 500n },
  ]);
  return { agent, member, sub, offerId: offer.json().value.id, grantId: granted.json().value.id };
}

beforeAll(async () => {
  t = await testApp({ opsToken: OPS });
  db = t.database.db;
  own = await branch('azown', 'PORTICO');
  foreign['another branch'] = await branch('azoth', 'PORTICO');
  foreign['another merchant'] = await branch('azlot', 'LOTUS');
  const until = new Date(Date.now() + 2 * 86_400_000).toISOString();
  for (const code of ['PORTICO', 'LOTUS'])
    expect((await ops('POST', `/ops/merchants/${code}/contracts/settle`, { until })).statusCode).toBe(200);
  plainToken = (await teamMember(db, 'azplain')).token;
  trialToken = (
    await t.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      headers: { merchant: 'PORTICO' },
      payload: {},
    })
  ).json().value.token;
});
afterAll(() => t.close());

describe.each(agentCalls)('%s refuses everyone but a registered agent', (_name, c) => {
  it('without a token: 401', async () => {
    expect((await send(c)).status).toBe(401);
  });
  it('with a member’s token: 403', async () => {
    expect(await send(c, { token: plainToken })).toMatchObject({
      status: 403,
      body: { message: 'For agents only' },
    });
  });
  it('with a trial account’s token: 403 Please Register An Account First', async () => {
    expect(await send(c, { token: trialToken })).toMatchObject({
      status: 403,
      body: { message: 'Please Register An Account First' },
    });
  });
  it('with an agent’s token of another merchant: 401', async () => {
    expect((await send(c, { token: own.agent.token, merchant: 'LOTUS' })).status).toBe(401);
  });
});

/** The reply carries nothing of the foreign branch: none of its accounts' names. */
const clean = <R extends { body: unknown }>(reply: R): R => {
  const text = JSON.stringify(reply.body);
  for (const name of foreignNames()) expect(text, name).not.toContain(`"${name}"`);
  return reply;
};
const asOwn = (c: AnyCall, r: Request = {}) => send(c, { token: own.agent.token, ...r });
const emptyList = (reply: { status: number; body: { value: { list: unknown[] } } }) => {
  expect(reply.status).toBe(200);
  expect(reply.body.value.list).toEqual([]);
};
const statusOf = async (id: number) =>
  (await db.select().from(agentContracts).where(eq(agentContracts.id, id)))[0]!.status;

/** For each agent call: what an agent gets when it names the foreign branch's ids and accounts. */
const probes: Record<string, (f: Branch, name: keyof typeof foreign) => Promise<void>> = {
  async teamOverview() {
    const { body } = clean(await asOwn(agentContract.teamOverview, { query: RANGE }));
    expect(body.value).toMatchObject({ teamSize: 2, activeMembers: 1, bet: 10_000 });
  },
  async registerDownline(f, name) {
    // A recruiter of its own, so the accounts it opens stay out of the other probes' branch.
    const recruiter = await teamMember(db, `azrec${name.length}`, { agentType: 1 });
    const res = await send(agentContract.registerDownline, {
      token: recruiter.token,
      body: {
        accountType: 'MEMBER',
        username: f.member.account,
        password: 'abc12345',
        confirmPassword: 'abc12345',
      },
    });
    // Same merchant: the name is taken (and stays where it is); another merchant: a new account of this one.
    expect(res.status).toBe(name === 'another branch' ? 409 : 200);
    const [theirs] = await db.select().from(members).where(eq(members.id, f.member.id));
    expect(theirs!.uplineId).toBe(f.agent.id);
  },
  async agentDownline(f) {
    for (const account of [f.member.account, f.sub.account, f.agent.account])
      emptyList(clean(await asOwn(agentContract.agentDownline, { query: { scope: 'all', account } })));
    clean(await asOwn(agentContract.agentDownline, { query: { scope: 'all', pageSize: 100 } }));
  },
  async teamBets(f) {
    const res = clean(
      await asOwn(agentContract.teamBets, { query: { ...RANGE, account: f.member.account } }),
    );
    emptyList(res);
    expect(res.body.value.totals).toEqual({ bet: 0, win: 0, rounds: 0 });
    clean(await asOwn(agentContract.teamBets, { query: { ...RANGE, pageSize: 100 } }));
  },
  async userLoss(f) {
    emptyList(clean(await asOwn(agentContract.userLoss, { query: { ...RANGE, account: f.member.account } })));
    clean(await asOwn(agentContract.userLoss, { query: { ...RANGE, pageSize: 100 } }));
  },
  async teamTransactions(f) {
    emptyList(
      clean(await asOwn(agentContract.teamTransactions, { query: { ...RANGE, account: f.member.account } })),
    );
    clean(await asOwn(agentContract.teamTransactions, { query: { ...RANGE, pageSize: 100 } }));
  },
  async agentIncome(f) {
    const theirs = await send(agentContract.agentIncome, {
      token: f.agent.token,
      merchant: f.agent.merchantCode,
      query: RANGE,
    });
    expect(theirs.body.value.totals.amount).toBeGreaterThan(0);
    const mine = clean(await asOwn(agentContract.agentIncome, { query: { ...RANGE, pageSize: 100 } }));
    const contractIds = mine.body.value.list.map((s: { contractId: number }) => s.contractId);
    expect(contractIds).not.toContain(f.grantId);
    expect(contractIds).not.toContain(f.offerId);
  },
  async agentContracts() {
    const { body } = clean(await asOwn(agentContract.agentContracts, { query: { kind: 'DAILY_SALARY' } }));
    expect(body.value.mine.active.id).toBe(own.grantId);
    expect(body.value.downlines.map((d: { member: { id: number } }) => d.member.id)).toEqual([own.sub.id]);
  },
  async proposeContract(f) {
    for (const downlineId of [f.sub.id, f.agent.id, f.member.id]) {
      const res = clean(
        await asOwn(agentContract.proposeContract, {
          body: { kind: 'DAILY_SALARY', downlineId, tiers: TIERS },
        }),
      );
      expect(res.status).toBe(404);
    }
  },
  async transferToDownline(f) {
    const balance = () => createLedger(db).walletBalance(f.member.main);
    const before = await balance();
    for (const downlineId of [f.member.id, f.sub.id, f.agent.id]) {
      const res = clean(
        await asOwn(agentContract.transferToDownline, {
          body: { requestId: randomUUID(), downlineId, amount: 10_000, paymentPassword: 'Wrong123' },
        }),
      );
      expect([res.status, res.body.code], `${downlineId}`).toEqual([404, 'NOT_FOUND']);
    }
    expect(await balance()).toBe(before);
  },
  async actOnContract(f) {
    for (const id of [f.offerId, f.grantId])
      for (const action of ['ACCEPT', 'REJECT', 'TERMINATE']) {
        const res = clean(await asOwn(agentContract.actOnContract, { params: { id }, body: { action } }));
        expect(res.status, `${action} ${id}`).toBe(404);
      }
    expect(await statusOf(f.offerId)).toBe('PROPOSED');
    expect(await statusOf(f.grantId)).toBe('ACTIVE');
  },
};

describe('an agent naming another branch’s or merchant’s ids and accounts', () => {
  it('has a probe for every agent call', () => {
    expect(Object.keys(probes).sort()).toEqual(agentCalls.map(([name]) => name).sort());
  });

  describe.each(['another branch', 'another merchant'] as const)('of %s', (name) => {
    it.each(agentCalls.map(([call]) => call))('%s: 404 or nothing of theirs', async (call) => {
      await probes[call]!(foreign[name], name);
    });
  });
});

describe.each(opsCalls)('operator call %s', (_name, c) => {
  it('refuses a request without the operator token, and an agent’s session token: 401', async () => {
    const params = { code: 'PORTICO' };
    expect((await send(c, { params })).status).toBe(401);
    expect((await send(c, { params, token: own.agent.token })).status).toBe(401);
    expect((await send(c, { params, token: `${OPS}x` })).status).toBe(401);
  });
});
