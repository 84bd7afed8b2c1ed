import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';
import { invariantBreaches } from '../../test/play.ts';
import { memberWithToken } from '../../test/wallet.ts';
import { createRulesStore } from '../rules/store.ts';
import { REFERRAL_RULES } from './rules.ts';

const OPS = 'ops-secret-for-referral-tests';
const INFO = '/wps/referral/info';
const FRIENDS = '/wps/referral/friends';

let t: TestApp;
let db: Db;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await testApp({ opsToken: OPS });
  db = t.database.db;
  api = client(t.app);
});
afterAll(() => t.close());

const ops = async (url: string) =>
  (await t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${OPS}` } })).statusCode;

/** A friend registers with the code, then makes bank deposits that an operator approves. */
async function registerFriend(username: string, referralCode: string) {
  return api.send('PUT', '/wps/member/register', {
    username,
    password: 'abc12345',
    confirmPassword: 'abc12345',
    referralCode,
    ...(await api.solvedCaptcha()),
  });
}
async function deposit(token: string, amount: number) {
  const res = await api.send(
    'POST',
    '/wps/payment/deposit',
    { requestId: randomUUID(), channel: 'BANK', amount },
    token,
  );
  expect(res.status).toBe(200);
  expect(await ops(`/ops/payments/${res.body.value.order.id}/approve`)).toBe(200);
}
const mainBalance = async (token: string) =>
  (await api.send('GET', '/wps/v2/wallets/balance', undefined, token)).body.value.sumBalance as number;

describe('referral', () => {
  it('gives each member one code (made on first read), readable and unique', async () => {
    const a = await memberWithToken(db, 'ref_code_a', 0n);
    const b = await memberWithToken(db, 'ref_code_b', 0n);
    const first = await api.send('GET', INFO, undefined, a.token);
    expect(first.status).toBe(200);
    expect(first.body.value.referralCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect((await api.send('GET', INFO, undefined, a.token)).body.value.referralCode).toBe(
      first.body.value.referralCode,
    );
    const other = await api.send('GET', INFO, undefined, b.token);
    expect(other.body.value.referralCode).not.toBe(first.body.value.referralCode);
    expect(first.body.value).toMatchObject({ invited: 0, deposited: 0, bonusTotal: 0 });
    expect(first.body.value.terms).toEqual(REFERRAL_RULES.defaults);
  });

  it('refuses visitors and trial accounts', async () => {
    expect((await api.send('GET', INFO)).status).toBe(401);
    const { token } = (await api.send('POST', '/wps/session/login/freeplay', {})).body.value;
    const trial = await api.send('GET', FRIENDS, undefined, token);
    expect(trial).toMatchObject({ status: 403, body: { message: 'Please Register An Account First' } });
  });

  it('binds a friend who registers with the code; an unknown code is a field error and creates nothing', async () => {
    const referrer = await memberWithToken(db, 'ref_binder', 0n);
    const code = (await api.send('GET', INFO, undefined, referrer.token)).body.value.referralCode as string;
    const bad = await registerFriend('refbadcode1', 'NOSUCH99');
    expect(bad.status).toBe(400);
    expect(bad.body.fields.referralCode).toBe('Invalid referral code');
    expect(await db.select().from(members).where(eq(members.account, 'refbadcode1'))).toHaveLength(0);

    const ok = await registerFriend('reffriend01', code.toLowerCase());
    expect(ok.status).toBe(200);
    const [row] = await db.select().from(members).where(eq(members.account, 'reffriend01'));
    expect(row!.referredBy).toBe(referrer.id);
    const friends = await api.send('GET', FRIENDS, undefined, referrer.token);
    expect(friends.body.value).toMatchObject({
      totalPages: 1,
      list: [{ account: 're***01', firstDepositAt: null, bonus: null }],
    });
  });

  it("pays the referrer a share of the friend's first deposit once, capped; later deposits pay nothing", async () => {
    const referrer = await memberWithToken(db, 'ref_payee', 0n);
    const stranger = await memberWithToken(db, 'ref_stranger', 0n);
    const code = (await api.send('GET', INFO, undefined, referrer.token)).body.value.referralCode as string;
    const small = (await registerFriend('refsmall01', code)).body.value.token as string;
    const big = (await registerFriend('refbig0001', code)).body.value.token as string;
    await registerFriend('refnodep01', code);

    await deposit(small, 300_000); // 5 % of 3,000.00 = 150.00
    expect(await mainBalance(referrer.token)).toBe(15_000);
    await deposit(small, 300_000);
    await deposit(big, 1_000_000); // 5 % = 500.00, capped at 200.00
    expect(await mainBalance(referrer.token)).toBe(35_000);

    const info = (await api.send('GET', INFO, undefined, referrer.token)).body.value;
    expect(info).toMatchObject({ invited: 3, deposited: 2, bonusTotal: 35_000 });
    const list = (await api.send('GET', FRIENDS, undefined, referrer.token)).body.value.list;
    expect(list.map((f: { bonus: number | null }) => f.bonus).sort()).toEqual([15_000, 20_000, null]);
    // Another member sees none of it.
    expect((await api.send('GET', FRIENDS, undefined, stranger.token)).body.value.list).toEqual([]);
    // The referrer is told; the friend is told of each credit and gets a ticket per qualifying deposit.
    const inbox = async (token: string) =>
      (await api.send('GET', '/wps/relay/messageList?pageSize=50', undefined, token)).body.value.list.map(
        (m: { template: string | null; params: Record<string, string> }) =>
          `${m.template}:${Object.values(m.params)}`,
      );
    expect(await inbox(referrer.token)).toEqual(
      expect.arrayContaining(['REFERRAL_BONUS:15000,re***01', 'REFERRAL_BONUS:20000,re***01']),
    );
    expect((await inbox(small)).filter((m: string) => m.startsWith('DEPOSIT_CREDITED'))).toEqual([
      'DEPOSIT_CREDITED:300000',
      'DEPOSIT_CREDITED:300000',
    ]);
    expect((await inbox(small)).filter((m: string) => m.startsWith('TICKET_AWARDED'))).toHaveLength(2);
    const tickets = await api.send('GET', '/wps/reward/tickets', undefined, small);
    expect(tickets.body.value.counts.AVAILABLE).toBe(2);
    const bonuses = await api.send(
      'GET',
      `/wps/bonus/details?from=2020-01-01&to=2099-12-31`,
      undefined,
      referrer.token,
    );
    expect(bonuses.body.value.list.map((b: { remark: string | null }) => b.remark)).toEqual([
      're***01',
      're***01',
    ]);
    expect(await invariantBreaches(db)).toBe(0);
  });

  it("follows the merchant's rules: a first deposit under their minimum earns nothing", async () => {
    const rules = createRulesStore(db);
    await rules.set('PORTICO', REFERRAL_RULES, { rateBp: 1_000, maxBonus: 100_000, minDeposit: 500_000 });
    const referrer = await memberWithToken(db, 'ref_rules', 0n);
    const code = (await api.send('GET', INFO, undefined, referrer.token)).body.value.referralCode as string;
    const friend = (await registerFriend('refunder01', code)).body.value.token as string;
    await deposit(friend, 400_000);
    await deposit(friend, 600_000); // not the first any more
    expect(await mainBalance(referrer.token)).toBe(0);
    await expect(rules.set('PORTICO', REFERRAL_RULES, { rateBp: 20_000 })).rejects.toMatchObject({
      statusCode: 400,
    });
    expect((await rules.get('PORTICO', REFERRAL_RULES)).rateBp).toBe(1_000);
    await rules.set('PORTICO', REFERRAL_RULES, REFERRAL_RULES.defaults);
  });
});
