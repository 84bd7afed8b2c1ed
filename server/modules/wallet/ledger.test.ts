import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { auditLog, ledgerEntries, ledgerTransactions, members, wallets } from '../../db/schema/index.ts';
import { DEMO_CREDIT } from '../../db/seed/accounts.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';
import { createAuditLog } from '../audit/log.ts';
import { createLedger } from './ledger.ts';
import { auditedMove } from './service.ts';

let t: TestApp;
let database: Database;
let ledger: ReturnType<typeof createLedger>;
beforeAll(async () => {
  t = await testApp();
  database = t.database;
  ledger = createLedger(database.db);
});
afterAll(() => t.close());

const memberId = async (account: string) =>
  (await database.db.select().from(members).where(eq(members.account, account)))[0]!.id;

/** For every wallet: balance = sum of its entries. */
async function invariantBreaches() {
  const rows = await database.db.execute(sql`
    select w.id from wallets w left join ledger_entries e on e.wallet_id = w.id
    group by w.id, w.balance having w.balance <> coalesce(sum(e.amount), 0)`);
  return (rows as unknown as { rows: unknown[] }).rows.length;
}

describe('ledger', () => {
  it("knows a member's wallets once read, and still creates a kind it has not seen", async () => {
    const id = await memberId('vip01');
    const first = await ledger.memberWallets('PORTICO', id, ['MAIN', 'AG']);
    const inDb = async (kind: string) =>
      (
        await database.db
          .select({ id: wallets.id })
          .from(wallets)
          .where(sql`${wallets.memberId} = ${id} and ${wallets.kind} = ${kind}`)
      )[0]?.id;
    expect(first.get('MAIN')).toBe(await inDb('MAIN'));
    expect(first.get('AG')).toBe(await inDb('AG'));
    expect(await inDb('JDB')).toBeUndefined();
    // MAIN is known; JDB is new: made and returned with it.
    const second = await ledger.memberWallets('PORTICO', id, ['MAIN', 'JDB']);
    expect(second.get('MAIN')).toBe(first.get('MAIN'));
    expect(second.get('JDB')).toBe(await inDb('JDB'));
    // Another ledger (another process) reads the same ids.
    const other = await createLedger(database.db).memberWallets('PORTICO', id, ['AG', 'JDB']);
    expect(Object.fromEntries(other)).toEqual({ AG: first.get('AG'), JDB: second.get('JDB') });
  });

  it('moves money in balanced pairs and answers a replay with the first reply, moving nothing', async () => {
    const house = await ledger.wallet('PORTICO', null, 'HOUSE_CASH');
    const main = await ledger.wallet('PORTICO', await memberId('player01'), 'MAIN');
    const legs = [
      { walletId: house, amount: -2500n },
      { walletId: main, amount: 2500n },
    ];
    const first = await ledger.post('PORTICO', 'dep-1', 'DEPOSIT', legs, { ref: 'first' });
    const replay = await ledger.post('PORTICO', 'dep-1', 'DEPOSIT', legs, { ref: 'second' });
    expect(first.replayed).toBe(false);
    expect(replay).toEqual({ transactionId: first.transactionId, replayed: true, reply: { ref: 'first' } });
    expect(await ledger.memberBalance('PORTICO', await memberId('player01'))).toBe(DEMO_CREDIT + 2500n);
    const entries = await database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, first.transactionId));
    expect(entries.reduce((s, e) => s + e.amount, 0n)).toBe(0n);
  });

  it('refuses to take a member below zero and writes nothing', async () => {
    const house = await ledger.wallet('PORTICO', null, 'HOUSE_CASH');
    const main = await ledger.wallet('PORTICO', await memberId('vip01'), 'MAIN');
    await expect(
      ledger.post('PORTICO', 'wd-too-much', 'WITHDRAW', [
        { walletId: main, amount: -(DEMO_CREDIT + 1n) },
        { walletId: house, amount: DEMO_CREDIT + 1n },
      ]),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await ledger.memberBalance('PORTICO', await memberId('vip01'))).toBe(DEMO_CREDIT);
    const retry = await ledger.post('PORTICO', 'wd-too-much', 'WITHDRAW', [
      { walletId: main, amount: -100n },
      { walletId: house, amount: 100n },
    ]);
    expect(retry.replayed).toBe(false);
  });

  it('refuses unbalanced movements', async () => {
    const main = await ledger.wallet('PORTICO', await memberId('vip01'), 'MAIN');
    await expect(ledger.post('PORTICO', 'bad', 'X', [{ walletId: main, amount: 5n }])).rejects.toThrow(
      /unbalanced/,
    );
  });

  it('keeps balance = sum of entries for every wallet after a random concurrent run with replays', async () => {
    const house = await ledger.wallet('PORTICO', null, 'HOUSE_CASH');
    const players = await Promise.all(
      ['player01', 'vip01', 'agent01'].map(async (a) => ledger.wallet('PORTICO', await memberId(a), 'MAIN')),
    );
    let seed = 7;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const ops = Array.from({ length: 120 }, (_, i) => {
      const wallet = players[Math.floor(rand() * players.length)]!;
      const amount = BigInt(Math.floor(rand() * 60_000) - 30_000);
      const key = `run-${Math.floor(i / 2)}`; // every key is used twice: the second is a replay
      return ledger
        .post('PORTICO', key, 'RANDOM', [
          { walletId: wallet, amount },
          { walletId: house, amount: -amount },
        ])
        .catch((e: { code?: string }) => {
          if (e.code !== 'INSUFFICIENT_FUNDS') throw e;
        });
    });
    await Promise.all(ops);
    expect(await invariantBreaches()).toBe(0);
    const all = await database.db.select().from(wallets);
    expect(all.filter((w) => w.memberId !== null).every((w) => w.balance >= 0n)).toBe(true);
  });
});

describe('a movement with its audit record in one statement', () => {
  it('moves once per key under concurrent replays and opposite moves, conserving money, the chain intact', async () => {
    const { db } = database;
    const audit = createAuditLog(db);
    const member = await memberId('agent01');
    const [main, ag] = [
      await ledger.wallet('PORTICO', member, 'MAIN'),
      await ledger.wallet('PORTICO', member, 'AG'),
    ];
    const held = async () => (await ledger.walletBalance(main)) + (await ledger.walletBalance(ag));
    const before = await held();
    const fromMain = await ledger.walletBalance(main);
    // Main → AG and back at once on the same two wallets (each key sent three times), and more than main holds.
    const moves = Array.from({ length: 30 }, (_, i) => {
      const n = Math.floor(i / 3);
      const out = n % 2 === 1;
      const amount = BigInt(1 + (n % 7));
      const key = `one-stmt:${member}:${n}`;
      const legs = [
        { walletId: main, amount: out ? amount : -amount },
        { walletId: ag, amount: out ? -amount : amount },
      ];
      const hook = auditedMove(audit, { merchantCode: 'PORTICO', id: member }, 'ONE_STATEMENT_TEST', { key });
      return ledger
        .post('PORTICO', key, 'VENDOR_TRANSFER', legs, { key }, hook)
        .catch((e: { code?: string }) => {
          if (e.code !== 'INSUFFICIENT_FUNDS') throw e;
          return undefined;
        });
    });
    const tooMuch = ledger.post(
      'PORTICO',
      `one-stmt:${member}:too-much`,
      'VENDOR_TRANSFER',
      [
        { walletId: main, amount: -(fromMain + 1_000n) },
        { walletId: ag, amount: fromMain + 1_000n },
      ],
      {},
      auditedMove(audit, { merchantCode: 'PORTICO', id: member }, 'ONE_STATEMENT_TEST', { key: 'too-much' }),
    );
    await expect(tooMuch).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    const posted = (await Promise.all(moves)).filter((p) => p !== undefined);
    const fresh = posted.filter((p) => !p.replayed);
    // One fresh movement per key; a replay names the same transaction.
    const keys = [...new Set(fresh.map((p) => p.reply.key))];
    expect(keys).toHaveLength(fresh.length);
    for (const p of posted.filter((x) => x.replayed))
      expect(fresh.find((f) => f.reply.key === p.reply.key)?.transactionId).toBe(p.transactionId);
    expect(await held()).toBe(before);
    expect(await invariantBreaches()).toBe(0);
    // One record per fresh movement, naming its transaction; the refused one wrote neither.
    const records = await db.select().from(auditLog).where(eq(auditLog.action, 'ONE_STATEMENT_TEST'));
    expect(records.map((r) => Number(r.subject.transactionId)).sort()).toEqual(
      fresh.map((p) => p.transactionId).sort(),
    );
    const [refused] = await db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `one-stmt:${member}:too-much`));
    expect(refused).toBeUndefined();
    const chain = await audit.verify();
    expect(chain).toMatchObject({ ok: true });
  });
});

describe('balance call', () => {
  it('answers the logged-in member’s total in minor units with the currency', async () => {
    const api = client(t.app);
    // reset01 has not played: its balance is its opening credit, once its default password is changed.
    const { token } = (await api.login('reset01', 'Welcome123')).body.value;
    const change = { oldPassword: 'Welcome123', newPassword: 'Changed123', confirmNewPassword: 'Changed123' };
    expect((await api.send('POST', '/wps/member/password', change, token)).status).toBe(200);
    const res = await api.send('GET', '/wps/v2/wallets/balance', undefined, token);
    expect(res.body.value).toEqual({ sumBalance: Number(DEMO_CREDIT), currency: 'USD', currencySign: '$' });
    expect((await api.send('GET', '/wps/v2/wallets/balance')).status).toBe(401);
  });
});
