import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { auditLog, exclusions, members, messages } from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';
import { asOps } from '../../test/changes.ts';
import { invariantBreaches } from '../../test/play.ts';
import { PAY_PASSWORD } from '../../test/wallet.ts';
import { createAuditLog } from '../audit/log.ts';
import { createRulesStore } from '../rules/store.ts';
import { teamMember } from './testTeam.ts';
import { AGENT_TRANSFER_RULES } from './transferRules.ts';

const OPS = 'transfers-ops-token';
const TRANSFER = '/wps/agent/transfer';
const ACCOUNT = '/wps/member/accountRecord';
const BALANCE = '/wps/v2/wallets/balance';

let t: TestApp;
let db: Db;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await testApp({ opsToken: OPS });
  db = t.database.db;
  api = client(t.app);
});
afterAll(() => t.close());

const send = (token: string, body: { downlineId: number; amount: number } & Record<string, unknown>) =>
  api.send('POST', TRANSFER, { requestId: randomUUID(), paymentPassword: PAY_PASSWORD, ...body }, token);
const balance = async (token: string) =>
  (await api.send('GET', BALANCE, undefined, token)).body.value.sumBalance as number;
const ops = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${OPS}` } });
  return { status: res.statusCode, body: res.json() };
};

/** An agent with `credit`, its direct member and agent, a grand-child below that agent, and a stranger. */
async function tree(prefix: string, credit = 100_000n) {
  const agent = await teamMember(db, `${prefix}_ag`, { agentType: 1, credit });
  const member = await teamMember(db, `${prefix}_m`, { uplineId: agent.id });
  const sub = await teamMember(db, `${prefix}_sub`, { agentType: 2, uplineId: agent.id });
  const grandChild = await teamMember(db, `${prefix}_gc`, { uplineId: sub.id });
  const stranger = await teamMember(db, `${prefix}_x`, { agentType: 1 });
  return { agent, member, sub, grandChild, stranger };
}

describe('agent → direct downline transfer', () => {
  it('moves main → main, both sides see it in their records, the receiver is told, audited once', async () => {
    const { agent, member, sub } = await tree('dt_ok');
    const res = await send(agent.token, { downlineId: member.id, amount: 12_345 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.value).toMatchObject({
      balance: 87_655,
      remainingToday: AGENT_TRANSFER_RULES.defaults.dailyLimit - 12_345,
      transfer: {
        agent: { id: agent.id, account: 'dt_ok_ag' },
        member: { id: member.id, account: 'dt_ok_m' },
        amount: 12_345,
      },
    });
    expect(await balance(member.token)).toBe(12_345);
    // A downline agent is a direct downline too.
    expect((await send(agent.token, { downlineId: sub.id, amount: 1_000 })).status).toBe(200);
    expect(await balance(sub.token)).toBe(1_000);
    expect(await balance(agent.token)).toBe(86_655);

    const mine = (await api.send('GET', `${ACCOUNT}?kind=TRANSFER_DOWNLINE`, undefined, agent.token)).body
      .value;
    expect(mine.list.map((r: { amount: number }) => r.amount)).toEqual([-1_000, -12_345]);
    const theirs = (await api.send('GET', `${ACCOUNT}?kind=TRANSFER_DOWNLINE`, undefined, member.token)).body
      .value;
    expect(theirs.list).toMatchObject([{ kind: 'TRANSFER_DOWNLINE', amount: 12_345, balanceAfter: 12_345 }]);

    const inbox = await db.select().from(messages).where(eq(messages.memberId, member.id));
    expect(inbox).toMatchObject([
      { template: 'TRANSFER_FROM_UPLINE', params: { amount: '12345', upline: 'dt_ok_ag' } },
    ]);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actor, `member:${agent.id}`), eq(auditLog.action, 'TRANSFER_DOWNLINE')));
    expect(audit).toHaveLength(2);
    expect(audit[0]!.subject).toMatchObject({ downline: member.id, amount: '12345' });
    expect((await createAuditLog(db).verify()).ok).toBe(true);
    expect(await invariantBreaches(db)).toBe(0);
  });

  it('refuses anyone but a direct downline as not found, and members who are not agents', async () => {
    const { agent, member, grandChild, stranger, sub } = await tree('dt_tree');
    const lotus = await teamMember(db, 'dt_tree_lotus', { merchantCode: 'LOTUS', uplineId: undefined });
    await db
      .update(members)
      .set({ uplineId: agent.id })
      .where(eq(members.id, lotus.id))
      .catch(() => {});
    for (const downlineId of [grandChild.id, stranger.id, agent.id, lotus.id, 999_999_999]) {
      const res = await send(agent.token, { downlineId, amount: 1_000 });
      expect(res.status, String(downlineId)).toBe(404);
      expect(res.body.fields).toEqual({ downlineId: 'No such account in your direct downline' });
    }
    // Upwards: the sub-agent cannot "fund" its upline, and a plain member is no agent at all.
    expect((await send(sub.token, { downlineId: agent.id, amount: 1_000 })).status).toBe(404);
    expect((await send(member.token, { downlineId: agent.id, amount: 1_000 })).status).toBe(403);
    expect(await balance(agent.token)).toBe(100_000);
  });

  it('checks the payment password (counted towards its lock), the amount and the balance', async () => {
    const { agent, member } = await tree('dt_pw', 5_000n);
    const wrong = await send(agent.token, {
      downlineId: member.id,
      amount: 1_000,
      paymentPassword: '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ paymentPassword: 'The payment password is incorrect' });
    const [row] = await db.select().from(members).where(eq(members.id, agent.id));
    expect(row!.paymentPasswordFailures).toBe(1);

    const small = await send(agent.token, { downlineId: member.id, amount: 999 });
    expect(small.status).toBe(400);
    expect(small.body.fields).toEqual({ amount: 'At least 10.00' });
    expect((await send(agent.token, { downlineId: member.id, amount: 0 })).status).toBe(400);
    expect((await send(agent.token, { downlineId: member.id, amount: 10.5 })).status).toBe(400);

    const poor = await send(agent.token, { downlineId: member.id, amount: 6_000 });
    expect(poor.status).toBe(409);
    expect(poor.body).toMatchObject({ code: 'INSUFFICIENT_FUNDS', balance: 5_000 });
    expect(await balance(member.token)).toBe(0);
  });

  it('refuses a locked or self-excluded receiver, and a locked agent', async () => {
    const { agent, member, sub } = await tree('dt_standing');
    await db.update(members).set({ lockedAt: new Date() }).where(eq(members.id, member.id));
    const locked = await send(agent.token, { downlineId: member.id, amount: 1_000 });
    expect(locked.status).toBe(409);
    expect(locked.body.fields).toEqual({ downlineId: 'This account cannot receive transfers now' });
    await db.insert(exclusions).values({ memberId: sub.id, kind: 'SELF_EXCLUSION', endsAt: null });
    expect((await send(agent.token, { downlineId: sub.id, amount: 1_000 })).status).toBe(409);
    await db.update(members).set({ lockedAt: null }).where(eq(members.id, member.id));
    await db.update(members).set({ lockedAt: new Date() }).where(eq(members.id, agent.id));
    const agentLocked = await send(agent.token, { downlineId: member.id, amount: 1_000 });
    expect(agentLocked.body.code).toBe('ACCOUNT_LOCKED');
    await db.update(members).set({ lockedAt: null }).where(eq(members.id, agent.id));
    // The other gates of money calls: a password change due, the agent's own break.
    await db.update(members).set({ mustChangePassword: true }).where(eq(members.id, agent.id));
    expect((await send(agent.token, { downlineId: member.id, amount: 1_000 })).body.code).toBe(
      'PASSWORD_CHANGE_REQUIRED',
    );
    await db.update(members).set({ mustChangePassword: false }).where(eq(members.id, agent.id));
    await db
      .insert(exclusions)
      .values({ memberId: agent.id, kind: 'COOLING_OFF', endsAt: new Date(Date.now() + 3_600_000) });
    expect((await send(agent.token, { downlineId: member.id, amount: 1_000 })).body.code).toBe(
      'SELF_EXCLUDED',
    );
    expect(await balance(member.token)).toBe(0);
    expect(await invariantBreaches(db)).toBe(0);
  });

  it('replays a request id without moving money again; the same id with another amount is refused', async () => {
    const { agent, member } = await tree('dt_replay');
    const body = { requestId: randomUUID(), downlineId: member.id, amount: 4_000 };
    const first = await send(agent.token, body);
    const again = await send(agent.token, body);
    expect(again.status).toBe(200);
    expect(again.body.value.transfer).toEqual(first.body.value.transfer);
    expect(await balance(member.token)).toBe(4_000);
    const other = await send(agent.token, { ...body, amount: 5_000 });
    expect(other.body.code).toBe('IDEMPOTENCY_CONFLICT');
    expect(await balance(agent.token)).toBe(96_000);
  });

  it('keeps the merchant’s daily limit, also against transfers racing each other and the balance', async () => {
    const rules = createRulesStore(db);
    await rules.set('LOTUS', AGENT_TRANSFER_RULES, { min: 100, max: 10_000, dailyLimit: 25_000 });
    const lotus = client(t.app, 'LOTUS');
    const agent = await teamMember(db, 'dt_limit_ag', {
      agentType: 1,
      credit: 100_000n,
      merchantCode: 'LOTUS',
    });
    const kids = await Promise.all(
      [1, 2, 3].map((i) => teamMember(db, `dt_limit_m${i}`, { uplineId: agent.id, merchantCode: 'LOTUS' })),
    );
    const go = (downlineId: number, amount: number) =>
      lotus.send(
        'POST',
        TRANSFER,
        { requestId: randomUUID(), paymentPassword: PAY_PASSWORD, downlineId, amount },
        agent.token,
      );
    expect((await go(kids[0]!.id, 10_001)).body.fields).toEqual({ amount: 'At most 100.00 a transfer' });
    // Ten transfers of 4 000 at once: only six fit under 25 000.
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => go(kids[i % 3]!.id, 4_000)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(6);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({
        code: 'LIMIT_EXCEEDED',
        limit: { kind: 'AGENT_TRANSFER', period: 'DAY', amount: 25_000, remaining: 1_000 },
      });
      expect(Date.parse(r.body.limit.resetsAt)).toBeGreaterThan(Date.now());
    }
    const last = await go(kids[0]!.id, 1_000);
    expect(last.body.value.remainingToday).toBe(0);
    expect((await go(kids[0]!.id, 100)).body.limit.remaining).toBe(0);

    // A poorer agent racing its balance: the wallet lock lets only what it holds through.
    const poor = await teamMember(db, 'dt_limit_poor', {
      agentType: 1,
      credit: 9_000n,
      merchantCode: 'LOTUS',
    });
    const kid = await teamMember(db, 'dt_limit_pk', { uplineId: poor.id, merchantCode: 'LOTUS' });
    const raced = await Promise.all(
      Array.from({ length: 6 }, () =>
        lotus.send(
          'POST',
          TRANSFER,
          { requestId: randomUUID(), paymentPassword: PAY_PASSWORD, downlineId: kid.id, amount: 2_000 },
          poor.token,
        ),
      ),
    );
    expect(raced.filter((r) => r.status === 200)).toHaveLength(4);
    expect(raced.filter((r) => r.body.code === 'INSUFFICIENT_FUNDS')).toHaveLength(2);

    // Conservation: what left the agents arrived below them, nothing else moved.
    const sum = async (ids: number[]) =>
      Number(
        (
          (await db.execute(
            sql`select coalesce(sum(balance), 0)::text as s from wallets where member_id in ${sql.raw(`(${ids.join(',')})`)}`,
          )) as unknown as { rows: { s: string }[] }
        ).rows[0]!.s,
      );
    expect(await sum([agent.id, ...kids.map((k) => k.id)])).toBe(100_000);
    expect(await sum([agent.id])).toBe(100_000 - 25_000);
    expect(await sum([poor.id, kid.id])).toBe(9_000);
    expect(await invariantBreaches(db)).toBe(0);
  });

  it('takes the daily limit an operator set in /ops Rules from the next transfer on, once approved', async () => {
    const { agent, member } = await tree('dt_rules');
    const url = '/ops/merchants/PORTICO/rules/agentTransfers';
    const drafted = await asOps(t.app, 'finance', 'PUT', url, { min: 100, max: 3_000, dailyLimit: 3_000 });
    expect(drafted.status).toBe(200);
    // A draft changes nothing yet.
    expect((await send(agent.token, { downlineId: member.id, amount: 4_000 })).status).toBe(200);
    expect(
      (await asOps(t.app, 'admin', 'POST', `/ops/changes/${drafted.body.value.change.id}/approve`)).status,
    ).toBe(200);
    const over = await send(agent.token, { downlineId: member.id, amount: 3_001 });
    expect(over.body.fields).toEqual({ amount: 'At most 30.00 a transfer' });
    // Today's 4 000 already passes the new limit of 3 000: nothing more today.
    const limited = await send(agent.token, { downlineId: member.id, amount: 100 });
    expect(limited.body).toMatchObject({ code: 'LIMIT_EXCEEDED', limit: { amount: 3_000, remaining: 0 } });
    await createRulesStore(db).set('PORTICO', AGENT_TRANSFER_RULES, AGENT_TRANSFER_RULES.defaults);
  });

  it('lists the transfers to operators by merchant, day range, agent and member, with the total', async () => {
    const { agent, member, sub } = await tree('dt_ops');
    await send(agent.token, { downlineId: member.id, amount: 2_000 });
    await send(agent.token, { downlineId: sub.id, amount: 3_000 });
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
    const all = await ops(`/ops/merchants/PORTICO/agent-transfers?agent=dt_ops&from=${day}&to=${day}`);
    expect(all.status).toBe(200);
    expect(all.body.value.totals).toEqual({ amount: 5_000, count: 2 });
    expect(all.body.value.list.map((r: { member: { account: string } }) => r.member.account)).toEqual([
      'dt_ops_sub',
      'dt_ops_m',
    ]);
    const one = await ops('/ops/merchants/PORTICO/agent-transfers?member=DT_OPS_M');
    expect(one.body.value.list).toMatchObject([{ agent: { account: 'dt_ops_ag' }, amount: 2_000 }]);
    expect(
      (await ops('/ops/merchants/PORTICO/agent-transfers?agent=dt_ops&to=2020-01-01')).body.value.list,
    ).toEqual([]);
    expect((await ops('/ops/merchants/LOTUS/agent-transfers?agent=dt_ops')).body.value.list).toEqual([]);
    expect((await ops('/ops/merchants/PORTICO/agent-transfers?from=2024-05-09&to=2024-05-01')).status).toBe(
      400,
    );
  });
});
