import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { auditLog, gameRounds, ledgerTransactions, merchants, vendors } from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';
import { inhouseGames, invariantBreaches } from '../../test/play.ts';
import { memberWithToken, PAY_PASSWORD } from '../../test/wallet.ts';
import { createAuditLog } from '../audit/log.ts';
import { createLedger } from './ledger.ts';

let t: TestApp;
let db: Db;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await testApp();
  db = t.database.db;
  api = client(t.app);
});
afterAll(() => t.close());

const TRANSFER = '/wps/relay/GCS_walletTransfer';
const WALLETS = '/wps/v2/wallets';
const UPLINE = '/wps/wallet/transferUpline';
const ACCOUNT = '/wps/member/accountRecord';
const BETTING = '/wps/member/bettingRecord';
const PROFIT = '/wps/member/profit';

type Wallet = { kind: string; balance: number };
const balances = (ws: Wallet[]) => Object.fromEntries(ws.map((w) => [w.kind, w.balance]));
const transfer = (token: string, body: object) =>
  api.send('POST', TRANSFER, { requestId: randomUUID(), ...body }, token);

const setSingleWallet = async (code: string, on: boolean) => {
  await db
    .update(merchants)
    .set({
      settings: sql`jsonb_set(${merchants.settings}, '{features,SINGLE_WALLET}', ${on ? 'true' : 'false'}::jsonb)`,
    })
    .where(eq(merchants.code, code));
};

describe('wallet transfer', () => {
  it('moves money main → vendor and back, lists MAIN first and only wallets that exist', async () => {
    const m = await memberWithToken(db, 'tr_basic', 50_000n);
    const before = await api.send('GET', WALLETS, undefined, m.token);
    expect(before.body.value).toEqual({ singleWallet: false, wallets: [{ kind: 'MAIN', balance: 50_000 }] });

    const a = await transfer(m.token, { direction: 'in', vendor: 'AG', amount: 12_345 });
    expect(a.status).toBe(200);
    expect(balances(a.body.value.wallets)).toEqual({ MAIN: 37_655, AG: 12_345 });
    const b = await transfer(m.token, { direction: 'in', vendor: 'pt', amount: 5_000 });
    expect(b.status).toBe(200);
    const c = await transfer(m.token, { direction: 'out', vendor: 'AG', amount: 2_345 });
    expect(balances(c.body.value.wallets)).toEqual({ MAIN: 35_000, AG: 10_000, PT: 5_000 });

    const list = (await api.send('GET', WALLETS, undefined, m.token)).body.value.wallets as Wallet[];
    expect(list[0]!.kind).toBe('MAIN');
    expect(list.map((w) => w.kind).sort()).toEqual(['AG', 'MAIN', 'PT']);
    expect(list.reduce((s, w) => s + w.balance, 0)).toBe(50_000);
  });

  it("answers a transfer with the wallet list a read after it gives, in the vendors' order", async () => {
    const m = await memberWithToken(db, 'tr_list', 30_000n);
    // A wallet whose kind is no vendor of the merchant stays out of both lists.
    await createLedger(db).wallet('PORTICO', m.id, 'NOT_A_VENDOR');
    let last: Wallet[] = [];
    for (const [direction, vendor, amount] of [
      ['in', 'PT', 1_000],
      ['in', 'AG', 2_000],
      ['in', 'CQ9', 3_000],
      ['out', 'AG', 500],
    ] as const) {
      const res = await transfer(m.token, { direction, vendor, amount });
      expect(res.status).toBe(200);
      last = res.body.value.wallets;
      const read = (await api.send('GET', WALLETS, undefined, m.token)).body.value.wallets as Wallet[];
      expect(last).toEqual(read);
    }
    expect(balances(last)).toEqual({ MAIN: 24_500, AG: 1_500, PT: 1_000, CQ9: 3_000 });
  });

  it('consolidates every vendor wallet back to main', async () => {
    const m = await memberWithToken(db, 'tr_consolidate', 30_000n);
    await transfer(m.token, { direction: 'in', vendor: 'AG', amount: 10_000 });
    await transfer(m.token, { direction: 'in', vendor: 'CQ9', amount: 7_000 });
    const res = await transfer(m.token, { direction: 'consolidate' });
    expect(res.status).toBe(200);
    expect(balances(res.body.value.wallets)).toEqual({ MAIN: 30_000, AG: 0, CQ9: 0 });
    // Nothing left: consolidating again moves nothing and is no error.
    const again = await transfer(m.token, { direction: 'consolidate' });
    expect(balances(again.body.value.wallets)).toEqual({ MAIN: 30_000, AG: 0, CQ9: 0 });
  });

  it('answers a replayed request id without moving money again; keys are per member', async () => {
    const m = await memberWithToken(db, 'tr_replay', 20_000n);
    const other = await memberWithToken(db, 'tr_replay2', 20_000n);
    const requestId = randomUUID();
    const body = { requestId, direction: 'in', vendor: 'AG', amount: 4_000 };
    const [first, second] = await Promise.all([
      api.send('POST', TRANSFER, body, m.token),
      api.send('POST', TRANSFER, body, m.token),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await api.send('POST', TRANSFER, body, m.token);
    expect(balances(third.body.value.wallets)).toEqual({ MAIN: 16_000, AG: 4_000 });
    // The same request id from another member is that member's own transfer.
    const theirs = await api.send('POST', TRANSFER, body, other.token);
    expect(balances(theirs.body.value.wallets)).toEqual({ MAIN: 16_000, AG: 4_000 });

    const consolidateId = randomUUID();
    await api.send('POST', TRANSFER, { requestId: consolidateId, direction: 'consolidate' }, m.token);
    await transfer(m.token, { direction: 'in', vendor: 'AG', amount: 1_000 });
    const replay = await api.send(
      'POST',
      TRANSFER,
      { requestId: consolidateId, direction: 'consolidate' },
      m.token,
    );
    // The AG key of that consolidate was used: the new 1,000 stays at AG.
    expect(balances(replay.body.value.wallets)).toEqual({ MAIN: 19_000, AG: 1_000 });
    expect(await invariantBreaches(db)).toBe(0);
  });

  it('refuses a request id reused for another direction, vendor or amount, moving nothing', async () => {
    const m = await memberWithToken(db, 'tr_reuse', 20_000n);
    const requestId = randomUUID();
    const first = await api.send(
      'POST',
      TRANSFER,
      { requestId, direction: 'in', vendor: 'AG', amount: 5_000 },
      m.token,
    );
    expect(balances(first.body.value.wallets)).toEqual({ MAIN: 15_000, AG: 5_000 });
    for (const body of [
      { direction: 'out', vendor: 'AG', amount: 5_000 },
      { direction: 'in', vendor: 'CQ9', amount: 5_000 },
      { direction: 'in', vendor: 'AG', amount: 4_000 },
    ]) {
      const res = await api.send('POST', TRANSFER, { requestId, ...body }, m.token);
      expect(res).toMatchObject({ status: 409, body: { code: 'IDEMPOTENCY_CONFLICT' } });
    }
    const after = await transfer(m.token, { direction: 'consolidate' });
    expect(balances(after.body.value.wallets)).toMatchObject({ MAIN: 20_000, AG: 0 });
    expect(await invariantBreaches(db)).toBe(0);
  });

  it('refuses more than the wallet holds, unknown vendors, the in-house vendor and bad input; never 500', async () => {
    const m = await memberWithToken(db, 'tr_bad', 10_000n);
    const over = await transfer(m.token, { direction: 'in', vendor: 'AG', amount: 10_001 });
    expect(over).toMatchObject({ status: 409, body: { code: 'INSUFFICIENT_FUNDS' } });
    const overOut = await transfer(m.token, { direction: 'out', vendor: 'AG', amount: 1 });
    expect(overOut).toMatchObject({ status: 409, body: { code: 'INSUFFICIENT_FUNDS' } });
    expect((await transfer(m.token, { direction: 'in', vendor: 'NOPE', amount: 1 })).status).toBe(404);
    // GPI is a vendor code, but none of PORTICO's.
    expect((await transfer(m.token, { direction: 'in', vendor: 'GPI', amount: 1 })).status).toBe(404);
    const inhouse = await transfer(m.token, { direction: 'in', vendor: 'PORTICO', amount: 1 });
    expect(inhouse).toMatchObject({ status: 400, body: { code: 'VALIDATION' } });

    const bad: object[] = [
      { direction: 'in', vendor: 'AG', amount: -100 },
      { direction: 'in', vendor: 'AG', amount: 0 },
      { direction: 'in', vendor: 'AG', amount: 1.5 },
      { direction: 'in', vendor: 'AG', amount: 1e12 },
      { direction: 'in', vendor: 'AG', amount: 1e300 },
      { direction: 'in', vendor: 'AG', amount: '100' },
      { direction: 'in', vendor: 'AG', amount: null },
      { direction: 'in', vendor: 'AG' },
      { direction: 'in', vendor: '', amount: 1 },
      { direction: 'in', vendor: 'x'.repeat(41), amount: 1 },
      { direction: 'in', vendor: 7, amount: 1 },
      { direction: 'sideways', vendor: 'AG', amount: 1 },
      { direction: 'in', vendor: 'AG', amount: 1, requestId: 'not-a-uuid' },
      { direction: 'consolidate', requestId: 42 },
    ];
    for (const body of bad) {
      const res = await transfer(m.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION' });
    }
    expect(
      (await api.send('POST', TRANSFER, { requestId: randomUUID(), direction: 'consolidate' })).status,
    ).toBe(401);
    const after = await api.send('GET', WALLETS, undefined, m.token);
    // The refused transfers moved nothing (the AG wallet they opened stays empty).
    expect(balances(after.body.value.wallets)).toEqual({ MAIN: 10_000, AG: 0 });
  });

  it('knows only the vendors of the request’s merchant', async () => {
    const lotus = client(t.app, 'LOTUS');
    const m = await memberWithToken(db, 'tr_lotus', 10_000n, { merchantCode: 'LOTUS' });
    const mg = await lotus.send(
      'POST',
      TRANSFER,
      { requestId: randomUUID(), direction: 'in', vendor: 'MG', amount: 1 },
      m.token,
    );
    expect(mg.status).toBe(404);
    const ag = await lotus.send(
      'POST',
      TRANSFER,
      { requestId: randomUUID(), direction: 'in', vendor: 'AG', amount: 1 },
      m.token,
    );
    expect(ag.status).toBe(200);
    // A LOTUS token means nothing at PORTICO.
    expect((await api.send('GET', WALLETS, undefined, m.token)).status).toBe(401);
  });

  it('sees a vendor added or removed at the next transfer, though it keeps the vendors it read', async () => {
    const m = await memberWithToken(db, 'tr_vendor_change', 10_000n);
    // Fills the merchant's vendors under the current catalogue version.
    expect((await transfer(m.token, { direction: 'in', vendor: 'AG', amount: 100 })).status).toBe(200);
    expect((await transfer(m.token, { direction: 'in', vendor: 'ZZ', amount: 100 })).status).toBe(404);
    await db.insert(vendors).values({
      merchantCode: 'PORTICO',
      vassalage: 'ZZ',
      gameType: 'RNG',
      gameCategory: 'RNG',
      displayName: 'ZZ',
    });
    const added = await transfer(m.token, { direction: 'in', vendor: 'ZZ', amount: 300 });
    expect(added.status).toBe(200);
    expect(balances(added.body.value.wallets)).toMatchObject({ MAIN: 9_600, ZZ: 300 });
    await db.delete(vendors).where(and(eq(vendors.merchantCode, 'PORTICO'), eq(vendors.vassalage, 'ZZ')));
    const removed = await transfer(m.token, { direction: 'out', vendor: 'ZZ', amount: 300 });
    expect(removed.status).toBe(404);
    expect(removed.body.code).toBe('NOT_FOUND');
  });

  it('refuses transfers when the merchant runs a single wallet, and says so in the list', async () => {
    const m = await memberWithToken(db, 'tr_single', 10_000n);
    await setSingleWallet('PORTICO', true);
    try {
      const res = await transfer(m.token, { direction: 'in', vendor: 'AG', amount: 100 });
      expect(res).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
      expect((await transfer(m.token, { direction: 'consolidate' })).status).toBe(409);
      const list = await api.send('GET', WALLETS, undefined, m.token);
      expect(list.body.value).toEqual({ singleWallet: true, wallets: [{ kind: 'MAIN', balance: 10_000 }] });
    } finally {
      await setSingleWallet('PORTICO', false);
    }
  });

  it('leaves no hold wallet or house account in the list', async () => {
    const m = await memberWithToken(db, 'tr_hold', 10_000n);
    const ledger = createLedger(db);
    const main = await ledger.wallet('PORTICO', m.id, 'MAIN');
    const hold = await ledger.wallet('PORTICO', m.id, 'WITHDRAWAL_HOLD');
    await ledger.post('PORTICO', `test:hold:${m.id}`, 'WITHDRAWAL_HOLD', [
      { walletId: main, amount: -3_000n },
      { walletId: hold, amount: 3_000n },
    ]);
    const list = await api.send('GET', WALLETS, undefined, m.token);
    expect(list.body.value.wallets).toEqual([{ kind: 'MAIN', balance: 7_000 }]);
    const record = await api.send('GET', ACCOUNT, undefined, m.token);
    expect(record.body.value.list.map((r: { wallet: string }) => r.wallet)).not.toContain('WITHDRAWAL_HOLD');
  });

  it('writes an audit record with every movement, in its transaction', async () => {
    const m = await memberWithToken(db, 'tr_audit', 10_000n);
    const requestId = randomUUID();
    const body = { requestId, direction: 'in', vendor: 'AG', amount: 2_500 };
    await api.send('POST', TRANSFER, body, m.token);
    await api.send('POST', TRANSFER, body, m.token);
    await transfer(m.token, { direction: 'consolidate' });
    await transfer(m.token, { direction: 'in', vendor: 'AG', amount: 1e9 }); // refused: no record
    const rows = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actor, `member:${m.id}`))
      .orderBy(auditLog.id);
    expect(rows.map((r) => r.action)).toEqual(['WALLET_TRANSFER_IN', 'WALLET_TRANSFER_OUT']);
    expect(rows[0]!.subject).toMatchObject({ vendor: 'AG', amount: '2500', requestId });
    expect(rows[1]!.subject).toMatchObject({ vendor: 'AG', amount: '2500', consolidate: true });
    // Each record names its ledger transaction, and that transaction exists.
    for (const r of rows) {
      const [tx] = await db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.id, Number(r.subject.transactionId)));
      expect(tx?.kind).toBe('VENDOR_TRANSFER');
    }
    expect((await createAuditLog(db).verify()).ok).toBe(true);
  });

  it('rolls the movement back when its audit record cannot be written', async () => {
    const m = await memberWithToken(db, 'tr_rollback', 10_000n);
    const ledger = createLedger(db);
    const [main, ag] = [
      await ledger.wallet('PORTICO', m.id, 'MAIN'),
      await ledger.wallet('PORTICO', m.id, 'AG'),
    ];
    await expect(
      ledger.post(
        'PORTICO',
        `test:rollback:${m.id}`,
        'VENDOR_TRANSFER',
        [
          { walletId: main, amount: -1_000n },
          { walletId: ag, amount: 1_000n },
        ],
        {},
        async () => {
          throw new Error('audit down');
        },
      ),
    ).rejects.toThrow('audit down');
    expect(await ledger.walletBalance(main)).toBe(10_000n);
    expect(await ledger.walletBalance(ag)).toBe(0n);
    const [key] = await db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `test:rollback:${m.id}`));
    expect(key).toBeUndefined();
  });
});

describe('transfer to upline', () => {
  it('moves main → the upline’s main with the payment password; a replay moves nothing', async () => {
    const agent = await memberWithToken(db, 'up_agent', 0n);
    const m = await memberWithToken(db, 'up_member', 10_000n, { uplineId: agent.id });
    const requestId = randomUUID();
    const body = { requestId, amount: 4_000, paymentPassword: PAY_PASSWORD };
    const res = await api.send('POST', UPLINE, body, m.token);
    expect(res).toMatchObject({ status: 200, body: { value: { balance: 6_000 } } });
    expect((await api.send('POST', UPLINE, body, m.token)).body.value.balance).toBe(6_000);
    const agentWallets = await api.send('GET', WALLETS, undefined, agent.token);
    expect(agentWallets.body.value.wallets).toEqual([{ kind: 'MAIN', balance: 4_000 }]);
    const audit = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actor, `member:${m.id}`));
    expect(audit.map((a) => a.action)).toEqual(['TRANSFER_UPLINE']);
    expect(audit[0]!.subject).toMatchObject({ upline: agent.id, amount: '4000', requestId });
    const record = await api.send('GET', `${ACCOUNT}?kind=TRANSFER_UPLINE`, undefined, agent.token);
    expect(record.body.value.list).toEqual([
      expect.objectContaining({
        kind: 'TRANSFER_UPLINE',
        wallet: 'MAIN',
        amount: 4_000,
        balanceAfter: 4_000,
      }),
    ]);
  });

  it('refuses a wrong or missing payment password, no upline, another merchant’s upline, too much, bad amounts', async () => {
    const agent = await memberWithToken(db, 'up_agent2', 0n);
    const m = await memberWithToken(db, 'up_member2', 10_000n, { uplineId: agent.id });
    const send = (b: object, token = m.token) =>
      api.send('POST', UPLINE, { requestId: randomUUID(), paymentPassword: PAY_PASSWORD, ...b }, token);

    const wrong = await send({ amount: 100, paymentPassword: '000000' });
    expect(wrong).toMatchObject({ status: 400, body: { fields: { paymentPassword: expect.any(String) } } });
    const unset = await memberWithToken(db, 'up_nopw', 1_000n, {
      uplineId: agent.id,
      paymentPassword: false,
    });
    expect((await send({ amount: 100 }, unset.token)).status).toBe(400);

    const orphan = await memberWithToken(db, 'up_orphan', 1_000n);
    expect(await send({ amount: 100 }, orphan.token)).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT' },
    });
    const lotusAgent = await memberWithToken(db, 'up_lotus', 0n, { merchantCode: 'LOTUS' });
    const crossed = await memberWithToken(db, 'up_crossed', 1_000n, { uplineId: lotusAgent.id });
    expect((await send({ amount: 100 }, crossed.token)).status).toBe(409);
    const self = await memberWithToken(db, 'up_self', 1_000n);
    // The hierarchy refuses an account as its own upline (a cycle); the transfer finds no upline.
    await expect(db.execute(sql`update members set upline_id = id where id = ${self.id}`)).rejects.toThrow();
    expect((await send({ amount: 100 }, self.token)).status).toBe(409);

    const over = await send({ amount: 10_001 });
    expect(over).toMatchObject({ status: 409, body: { code: 'INSUFFICIENT_FUNDS', balance: 10_000 } });
    for (const amount of [-1, 0, 1.5, 1e12, '100', null]) {
      const res = await send({ amount });
      expect(res.status, String(amount)).toBe(400);
    }
    expect((await send({ amount: 1, paymentPassword: '' })).status).toBe(400);
    expect((await send({ amount: 1, requestId: 'x' })).status).toBe(400);
    expect((await api.send('GET', WALLETS, undefined, m.token)).body.value.wallets).toEqual([
      { kind: 'MAIN', balance: 10_000 },
    ]);
    expect((await api.send('GET', WALLETS, undefined, agent.token)).body.value.wallets).toEqual([
      { kind: 'MAIN', balance: 0 },
    ]);
  });
});

describe('account record', () => {
  it('lists the member’s own movements newest first, with kinds, paging and filters', async () => {
    const m = await memberWithToken(db, 'ar_member', 20_000n);
    const other = await memberWithToken(db, 'ar_other', 20_000n);
    await transfer(m.token, { direction: 'in', vendor: 'AG', amount: 1_000 });
    await transfer(m.token, { direction: 'out', vendor: 'AG', amount: 400 });
    await transfer(other.token, { direction: 'in', vendor: 'AG', amount: 999 });

    const all = await api.send('GET', ACCOUNT, undefined, m.token);
    expect(all.status).toBe(200);
    const list = all.body.value.list as { id: number; kind: string; wallet: string; amount: number }[];
    expect(list.map((r) => [r.kind, r.wallet, r.amount])).toEqual([
      ['VENDOR_TRANSFER', 'MAIN', 400],
      ['VENDOR_TRANSFER', 'AG', -400],
      ['VENDOR_TRANSFER', 'AG', 1_000],
      ['VENDOR_TRANSFER', 'MAIN', -1_000],
      ['TEST_CREDIT', 'MAIN', 20_000],
    ]);
    expect(list.some((r) => r.amount === 999 || r.amount === -999)).toBe(false);
    expect(all.body.value.totalPages).toBe(1);

    const page2 = await api.send('GET', `${ACCOUNT}?pageSize=2&pageNo=2`, undefined, m.token);
    expect(page2.body.value.totalPages).toBe(3);
    expect(page2.body.value.list.map((r: { id: number }) => r.id)).toEqual([list[2]!.id, list[3]!.id]);
    const credit = await api.send('GET', `${ACCOUNT}?kind=TEST_CREDIT`, undefined, m.token);
    expect(credit.body.value.list).toHaveLength(1);
    const far = await api.send('GET', `${ACCOUNT}?pageNo=50`, undefined, m.token);
    expect(far.body.value.list).toEqual([]);
  });

  it('reads from/to as whole days of the merchant’s zone (UTC+7)', async () => {
    const m = await memberWithToken(db, 'ar_dates', 5_000n);
    // The credit was made "now"; put it at 2024-03-09 18:30 UTC = 2024-03-10 01:30 in Ho Chi Minh City.
    await db.execute(sql`
      update ledger_entries set created_at = '2024-03-09T18:30:00Z'
      where wallet_id in (select id from wallets where member_id = ${m.id})`);
    const on = async (from: string, to: string) =>
      (await api.send('GET', `${ACCOUNT}?from=${from}&to=${to}`, undefined, m.token)).body.value.list.length;
    expect(await on('2024-03-10', '2024-03-10')).toBe(1);
    expect(await on('2024-03-09', '2024-03-09')).toBe(0);
    expect(await on('2024-03-01', '2024-03-31')).toBe(1);
    expect(await on('2024-03-11', '2024-03-12')).toBe(0);
  });

  it('refuses bad queries with 400', async () => {
    const m = await memberWithToken(db, 'ar_bad', 0n);
    for (const q of [
      'from=2024-13-01',
      'from=yesterday',
      'to=2024-02-30',
      'from=2024-03-02&to=2024-03-01',
      'pageNo=0',
      'pageNo=-1',
      'pageNo=1.5',
      'pageSize=101',
      'pageSize=abc',
      `kind=${'K'.repeat(41)}`,
    ]) {
      const res = await api.send('GET', `${ACCOUNT}?${q}`, undefined, m.token);
      expect(res.status, q).toBe(400);
    }
    expect((await api.send('GET', ACCOUNT)).status).toBe(401);
  });
});

describe('betting record and P&L', () => {
  let member: Awaited<ReturnType<typeof memberWithToken>>;
  let other: Awaited<ReturnType<typeof memberWithToken>>;
  let games: Awaited<ReturnType<typeof inhouseGames>>;
  beforeAll(async () => {
    member = await memberWithToken(db, 'br_member', 0n);
    other = await memberWithToken(db, 'br_other', 0n);
    games = await inhouseGames(db);
    const round = (
      memberId: number,
      ref: string,
      game: { nodeId: string; vassalage: string; gameType: string },
      at: string,
      bet: bigint,
      win: bigint,
      status: 'OPEN' | 'SETTLED' | 'ROLLED_BACK' = 'SETTLED',
    ) => ({
      merchantCode: 'PORTICO',
      memberId,
      vassalage: game.vassalage,
      nodeId: game.nodeId,
      gameType: game.gameType as never,
      roundRef: ref,
      bet,
      win,
      status,
      createdAt: new Date(at),
      settledAt: status === 'SETTLED' ? new Date(at) : null,
    });
    await db.insert(gameRounds).values([
      // 2024-05-01 in UTC+7
      round(member.id, 'br-1', games.slot, '2024-05-01T03:00:00Z', 1_000n, 2_500n),
      round(member.id, 'br-2', games.dice, '2024-05-01T10:00:00Z', 500n, 0n),
      // 2024-04-30 20:00 UTC = 2024-05-01 03:00 UTC+7
      round(member.id, 'br-3', games.slot, '2024-04-30T20:00:00Z', 200n, 0n),
      // 2024-05-03
      round(member.id, 'br-4', games.rng, '2024-05-03T05:00:00Z', 300n, 100n),
      round(member.id, 'br-5', games.slot, '2024-05-03T06:00:00Z', 700n, 0n, 'ROLLED_BACK'),
      round(member.id, 'br-6', games.slot, '2024-05-03T07:00:00Z', 50n, 0n, 'OPEN'),
      round(other.id, 'br-x', games.slot, '2024-05-01T03:00:00Z', 99_999n, 0n),
    ]);
  });

  it('lists the member’s rounds newest first with names in the request’s language and totals over the filter', async () => {
    const res = await api.send('GET', `${BETTING}?from=2024-05-01&to=2024-05-03`, undefined, member.token);
    expect(res.status).toBe(200);
    const { list, totals, totalPages } = res.body.value;
    expect(list.map((r: { roundRef: string }) => r.roundRef)).toEqual([
      'br-6',
      'br-5',
      'br-4',
      'br-2',
      'br-1',
      'br-3',
    ]);
    expect(list[4]).toMatchObject({
      nodeId: games.slot.nodeId,
      gameName: games.slot.names.en,
      vendor: 'PORTICO',
      gameType: 'INHOUSE',
      bet: 1_000,
      win: 2_500,
      status: 'SETTLED',
    });
    // Rolled-back rounds count as rounds but move nothing.
    expect(totals).toEqual({ bet: 1_000 + 500 + 200 + 300 + 50, win: 2_600, rounds: 6 });
    expect(totalPages).toBe(1);

    const vi = await t.app.inject({
      method: 'GET',
      url: `${BETTING}?from=2024-05-01&to=2024-05-01&pageSize=1`,
      headers: { merchant: 'PORTICO', language: 'vi', authorization: `Bearer ${member.token}` },
    });
    expect(vi.json().value.list[0].gameName).toBe(games.dice.names.vi ?? games.dice.names.en);
    expect(vi.json().value.totalPages).toBe(3);

    const rng = await api.send('GET', `${BETTING}?gameType=RNG`, undefined, member.token);
    expect(rng.body.value.list.map((r: { roundRef: string }) => r.roundRef)).toEqual(['br-4']);
    expect(rng.body.value.totals).toEqual({ bet: 300, win: 100, rounds: 1 });
    const vendor = await api.send('GET', `${BETTING}?vendor=${games.rng.vassalage}`, undefined, member.token);
    expect(vendor.body.value.totals.rounds).toBe(1);
    const day = await api.send('GET', `${BETTING}?from=2024-04-30&to=2024-04-30`, undefined, member.token);
    expect(day.body.value.totals.rounds).toBe(0);
  });

  it('never shows another member’s rounds', async () => {
    const mine = await api.send('GET', BETTING, undefined, member.token);
    expect(mine.body.value.list.some((r: { roundRef: string }) => r.roundRef === 'br-x')).toBe(false);
    const theirs = await api.send('GET', BETTING, undefined, other.token);
    expect(theirs.body.value.list.map((r: { roundRef: string }) => r.roundRef)).toEqual(['br-x']);
  });

  it('sums settled rounds per day of the zone, with quiet days as zeros', async () => {
    const res = await api.send('GET', `${PROFIT}?from=2024-04-30&to=2024-05-04`, undefined, member.token);
    expect(res.status).toBe(200);
    expect(res.body.value.days).toEqual([
      { day: '2024-04-30', bet: 0, win: 0, profit: 0 },
      { day: '2024-05-01', bet: 1_700, win: 2_500, profit: 800 },
      { day: '2024-05-02', bet: 0, win: 0, profit: 0 },
      { day: '2024-05-03', bet: 300, win: 100, profit: -200 },
      { day: '2024-05-04', bet: 0, win: 0, profit: 0 },
    ]);
    expect(res.body.value.totals).toEqual({ bet: 2_000, win: 2_600, profit: 600 });
    const one = await api.send('GET', `${PROFIT}?from=2024-05-02&to=2024-05-02`, undefined, member.token);
    expect(one.body.value.days).toEqual([{ day: '2024-05-02', bet: 0, win: 0, profit: 0 }]);
    // 93 days is the most: 2024-01-01 … 2024-04-02.
    const most = await api.send('GET', `${PROFIT}?from=2024-01-01&to=2024-04-02`, undefined, member.token);
    expect(most.body.value.days).toHaveLength(93);
  });

  it('refuses bad ranges and input with 400', async () => {
    for (const q of [
      'from=2024-01-01&to=2024-04-03',
      'from=2024-05-02&to=2024-05-01',
      'from=2024-05-01',
      'to=2024-05-01',
      '',
      'from=2024-02-30&to=2024-03-01',
      'from=abc&to=def',
      'from=2000-01-01&to=2100-01-01',
    ]) {
      const res = await api.send('GET', `${PROFIT}?${q}`, undefined, member.token);
      expect(res.status, q).toBe(400);
      expect(res.body.success).toBe(false);
    }
    for (const q of [`gameType=${'X'.repeat(21)}`, 'pageSize=0', 'from=2024-05-09&to=2024-05-01']) {
      expect((await api.send('GET', `${BETTING}?${q}`, undefined, member.token)).status, q).toBe(400);
    }
    expect(
      (await api.send('GET', `${BETTING}?gameType=NOPE&vendor=%27%3B--`, undefined, member.token)).status,
    ).toBe(200);
  });
});

describe('ledger invariant under a random concurrent run', () => {
  it('keeps balance = sum of entries, nothing negative, money conserved', async () => {
    const agent = await memberWithToken(db, 'inv_agent', 50_000n);
    const players = [agent];
    for (let i = 1; i < 5; i++)
      players.push(await memberWithToken(db, `inv_p${i}`, 50_000n, { uplineId: agent.id }));
    const ids = players.map((p) => p.id);
    const total = async () => {
      const [row] = await db
        .execute<{ sum: string }>(
          sql`select coalesce(sum(balance), 0)::text as sum from wallets where member_id in ${sql.raw(`(${ids.join(',')})`)}`,
        )
        .then((r) => (r as unknown as { rows: { sum: string }[] }).rows);
      return BigInt(row!.sum);
    };
    const start = await total();
    expect(start).toBe(250_000n);

    let seed = 20240501;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const vendorsUsed = ['AG', 'PT', 'CQ9'];
    const statuses = new Map<number, number>();
    const sent: { token: string; body: object; url: string }[] = [];
    for (let i = 0; i < 200; i++) {
      const p = players[Math.floor(rand() * players.length)]!;
      const r = rand();
      const amount = 1 + Math.floor(rand() * 30_000);
      const vendor = vendorsUsed[Math.floor(rand() * vendorsUsed.length)]!;
      // A fifth of the requests replay an earlier one of the same member.
      const earlier = sent.filter((s) => s.token === p.token);
      if (earlier.length > 0 && rand() < 0.2) {
        sent.push(earlier[Math.floor(rand() * earlier.length)]!);
        continue;
      }
      const requestId = randomUUID();
      if (r < 0.4)
        sent.push({ token: p.token, url: TRANSFER, body: { requestId, direction: 'in', vendor, amount } });
      else if (r < 0.75)
        sent.push({ token: p.token, url: TRANSFER, body: { requestId, direction: 'out', vendor, amount } });
      else if (r < 0.85)
        sent.push({ token: p.token, url: TRANSFER, body: { requestId, direction: 'consolidate' } });
      else if (p.id !== agent.id)
        sent.push({
          token: p.token,
          url: UPLINE,
          body: { requestId, amount, paymentPassword: PAY_PASSWORD },
        });
      else sent.push({ token: p.token, url: TRANSFER, body: { requestId, direction: 'in', vendor, amount } });
    }
    for (let i = 0; i < sent.length; i += 25) {
      const batch = sent.slice(i, i + 25);
      const results = await Promise.all(batch.map((s) => api.send('POST', s.url, s.body, s.token)));
      for (const res of results) {
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status !== 200) expect(res.body.code, JSON.stringify(res.body)).toBe('INSUFFICIENT_FUNDS');
      }
    }
    expect([...statuses.keys()].every((s) => s === 200 || s === 409)).toBe(true);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(50);

    expect(await invariantBreaches(db)).toBe(0);
    expect(await total()).toBe(start);
    const negative = await db.execute(
      sql`select id from wallets where member_id is not null and balance < 0`,
    );
    expect((negative as unknown as { rows: unknown[] }).rows).toEqual([]);
    // Every fresh movement has its audit record, and the chain is whole.
    const moved = await db.execute<{ n: number }>(sql`
      select count(distinct t.id)::int as n from ledger_transactions t
      join ledger_entries e on e.transaction_id = t.id
      join wallets w on w.id = e.wallet_id
      where w.member_id in ${sql.raw(`(${ids.join(',')})`)} and t.kind in ('VENDOR_TRANSFER', 'TRANSFER_UPLINE')`);
    const audited = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(sql`${auditLog.actor} in ${sql.raw(`(${ids.map((id) => `'member:${id}'`).join(',')})`)}`));
    expect(audited[0]!.n).toBe((moved as unknown as { rows: { n: number }[] }).rows[0]!.n);
    expect((await createAuditLog(db).verify()).ok).toBe(true);
    // Each record chained exactly once, and as its movement wrote it (chaining writes no new version of it).
    const chained = await db.execute<{ rows: number; links: number; rewritten: number }>(sql`
      select count(distinct a.id)::int as rows, count(c.seq)::int as links,
        (count(*) filter (where a.xmin <> t.xmin))::int as rewritten
      from audit_log a
      join ledger_transactions t on t.id = (a.subject->>'transactionId')::bigint
      left join audit_chain c on c.audit_id = a.id
      where a.actor in ${sql.raw(`(${ids.map((id) => `'member:${id}'`).join(',')})`)}`);
    expect((chained as unknown as { rows: object[] }).rows[0]).toEqual({
      rows: audited[0]!.n,
      links: audited[0]!.n,
      rewritten: 0,
    });
  });
});
