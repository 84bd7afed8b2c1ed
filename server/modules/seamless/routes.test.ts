import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  exclusions,
  gamblingLimits,
  gameRounds,
  games,
  members,
  merchants,
} from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { newMember } from '../../test/play.ts';
import { createAuditLog } from '../audit/log.ts';
import { signRequest, vendorKey } from './signature.ts';

const MASTER = 'test-master-secret';
let t: TestApp;
/** A third-party vendor of each merchant and one of its games. */
const vendorGame: Record<string, { vendor: string; nodeId: string }> = {};
beforeAll(async () => {
  t = await testApp({ seamlessSecret: MASTER });
  for (const merchant of ['PORTICO', 'LOTUS']) {
    const [g] = await t.database.db
      .select({ vendor: games.vassalage, nodeId: games.nodeId })
      .from(games)
      .where(and(eq(games.merchantCode, merchant), ne(games.vassalage, 'PORTICO')))
      .orderBy(games.nodeId)
      .limit(1);
    vendorGame[merchant] = g!;
  }
  await newMember(t.database.db, 'vendorplayer', 5_000n);
});
afterAll(() => t.close());

const seconds = (ms = Date.now()) => String(Math.floor(ms / 1000));
let ip = 0;
/**
 * A vendor's call: signed with the key of `vendor` (the merchant's first third-party vendor unless told) at the
 * current time, unless `opts` says otherwise.
 */
async function send(
  path: string,
  body: object | string,
  opts: { signature?: string; merchant?: string; vendor?: string; key?: string; timestamp?: string } = {},
) {
  const merchant = opts.merchant ?? 'PORTICO';
  const vendor = opts.vendor ?? vendorGame[merchant]!.vendor;
  const timestamp = opts.timestamp ?? seconds();
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const key = opts.key ?? vendorKey(MASTER, merchant, vendor);
  const res = await t.app.inject({
    method: 'POST',
    url: `/seamless/${path}`,
    headers: {
      merchant,
      'content-type': 'application/json',
      'x-forwarded-for': `10.9.0.${++ip % 250}`,
      'x-vendor': vendor,
      'x-timestamp': timestamp,
      'x-signature': opts.signature ?? signRequest(key, timestamp, raw),
    },
    payload: raw,
  });
  return { status: res.statusCode, body: res.json() };
}
const vendor = () => vendorGame.PORTICO!.vendor;
const nodeId = () => vendorGame.PORTICO!.nodeId;
const who = () => ({ account: 'vendorplayer', vassalage: vendor() });
const balance = async (account = 'vendorplayer', merchant = 'PORTICO') =>
  (await send('balance', { account, vassalage: vendorGame[merchant]!.vendor }, { merchant })).body.value
    .balance;

describe('seamless wallet over HTTP', () => {
  it('answers signed calls: balance, bet, win, rollback, replays', async () => {
    expect((await send('balance', who())).body.value).toEqual({
      account: 'vendorplayer',
      balance: 5_000,
      currency: 'USD',
    });
    const betBody = { ...who(), nodeId: nodeId(), txId: 'h-b1', roundId: 'h-r1', amount: 1_500 };
    const bet = await send('bet', betBody);
    expect(bet).toEqual({
      status: 200,
      body: {
        success: true,
        value: { txId: 'h-b1', roundId: 'h-r1', amount: 1_500, balance: 3_500, currency: 'USD' },
      },
    });
    expect(await send('bet', betBody)).toEqual(bet);
    const win = await send('win', { ...who(), txId: 'h-w1', roundId: 'h-r1', amount: 2_000 });
    expect(win.body.value).toMatchObject({ amount: 2_000, balance: 5_500 });
    const back = await send('rollback', { ...who(), txId: 'h-x1', betTxId: 'h-b9' });
    expect(back.body.value).toMatchObject({ roundId: null, amount: 0, balance: 5_500 });
    const late = await send('bet', { ...betBody, txId: 'h-b9', roundId: 'h-r9', amount: 100 });
    expect([late.status, late.body.code]).toEqual([409, 'CONFLICT']);
  });

  it('answers a bet above the balance with 409 INSUFFICIENT_FUNDS carrying the real balance', async () => {
    const res = await send('bet', {
      ...who(),
      nodeId: nodeId(),
      txId: 'h-big',
      roundId: 'h-rbig',
      amount: 999_999,
    });
    expect(res).toEqual({
      status: 409,
      body: { success: false, code: 'INSUFFICIENT_FUNDS', message: 'Insufficient balance', balance: 5_500 },
    });
  });

  it('refuses calls without a valid signature of the timestamp and raw body, before reading them', async () => {
    const body = { ...who(), nodeId: nodeId(), txId: 'h-s1', roundId: 'h-rs1', amount: 100 };
    const raw = JSON.stringify(body);
    const now = seconds();
    const own = vendorKey(MASTER, 'PORTICO', vendor());
    const cases = [
      await send('bet', body, { signature: '' }),
      await send('bet', body, { signature: 'zz' }),
      await send('bet', body, { key: 'guessed' }),
      // The same vendor at another merchant has another key.
      await send('bet', body, { key: vendorKey(MASTER, 'LOTUS', vendor()) }),
      // The former per-merchant secret signs nothing any more.
      await send('bet', body, { signature: signRequest(vendorKey(MASTER, 'PORTICO', ''), now, raw) }),
      // Signed, then changed: the amount is not what was signed.
      await send('bet', raw.replace('"amount":100', '"amount":1'), {
        timestamp: now,
        signature: signRequest(own, now, raw),
      }),
      // Signed at one time, sent with another: the timestamp is covered.
      await send('bet', body, { timestamp: String(Number(now) + 1), signature: signRequest(own, now, raw) }),
      await send('bet', '{not json', { signature: 'ab'.repeat(32) }),
    ];
    for (const res of cases) expect([res.status, res.body.code]).toEqual([401, 'UNAUTHORIZED']);
    const bodiless = await t.app.inject({
      method: 'POST',
      url: '/seamless/balance',
      headers: { merchant: 'PORTICO', 'x-vendor': vendor() },
    });
    expect(bodiless.statusCode).toBe(401);
    expect(await balance()).toBe(5_500);
  });

  it('takes a request only within 5 minutes of its signing time, never one dated ahead', async () => {
    const at = (ms: number) => seconds(Date.now() + ms);
    const body = (txId: string) => ({ ...who(), nodeId: nodeId(), txId, roundId: `${txId}-r`, amount: 10 });
    for (const [txId, timestamp] of [
      ['h-old', at(-6 * 60_000)],
      ['h-ahead', at(5 * 60_000)],
      ['h-none', ''],
      ['h-ms', String(Date.now())],
    ] as const) {
      const res = await send('bet', body(txId), { timestamp });
      expect([txId, res.status, res.body.code]).toEqual([txId, 401, 'UNAUTHORIZED']);
    }
    expect(await balance()).toBe(5_500);
    expect((await send('bet', body('h-recent'), { timestamp: at(-4 * 60_000) })).status).toBe(200);
    expect((await send('rollback', { ...who(), txId: 'h-recent-x', betTxId: 'h-recent' })).status).toBe(200);
    expect(await balance()).toBe(5_500);
  });

  it('lets a vendor’s key act for its own vendor code of the catalogue only', async () => {
    const bet = (vassalage: string, txId: string) => ({
      account: 'vendorplayer',
      vassalage,
      nodeId: nodeId(),
      txId,
      roundId: `${txId}-r`,
      amount: 100,
    });
    // A code missing from the catalogue (its key derived all the same) is refused: the ACME bet of the issue.
    const acme = await send('bet', bet('ACME', 'h-acme'), { vendor: 'ACME' });
    expect([acme.status, acme.body.code]).toEqual([403, 'FORBIDDEN']);
    // The in-house code pays in process: no key of it is valid over HTTP.
    const ours = await send('bet', bet('PORTICO', 'h-ours'), { vendor: 'PORTICO' });
    expect([ours.status, ours.body.code]).toEqual([403, 'FORBIDDEN']);
    // A vendor signing for another vendor's code, by header or by body.
    const [other] = await t.database.db
      .select({ vendor: games.vassalage })
      .from(games)
      .where(
        and(eq(games.merchantCode, 'PORTICO'), ne(games.vassalage, vendor()), ne(games.vassalage, 'PORTICO')),
      )
      .limit(1);
    const posing = await send('bet', bet(other!.vendor, 'h-pose'), {
      vendor: other!.vendor,
      key: vendorKey(MASTER, 'PORTICO', vendor()),
    });
    expect([posing.status, posing.body.code]).toEqual([401, 'UNAUTHORIZED']);
    const inBody = await send('bet', bet(other!.vendor, 'h-body'));
    expect([inBody.status, inBody.body.code, inBody.body.fields]).toEqual([
      403,
      'FORBIDDEN',
      { vassalage: 'Not the signing vendor' },
    ]);
    const peek = await send('balance', { account: 'vendorplayer', vassalage: other!.vendor });
    expect(peek.status).toBe(403);
    // Its own code, on another vendor's game: not its game.
    const [foreign] = await t.database.db
      .select({ nodeId: games.nodeId })
      .from(games)
      .where(and(eq(games.merchantCode, 'PORTICO'), eq(games.vassalage, other!.vendor)))
      .limit(1);
    const elsewhere = await send('bet', { ...bet(vendor(), 'h-else'), nodeId: foreign!.nodeId });
    expect([elsewhere.status, elsewhere.body.fields]).toEqual([404, { nodeId: 'Unknown game' }]);
    expect(await balance()).toBe(5_500);
  });

  it('answers a transaction id reused with another body with DUPLICATE_TRANSACTION, moving nothing', async () => {
    const m = await newMember(t.database.db, 'dupplayer', 5_000n);
    const p = { account: 'dupplayer', vassalage: vendor() };
    const first = { ...p, nodeId: nodeId(), txId: 'd-b1', roundId: 'd-r1', amount: 1_000 };
    const ok = await send('bet', first);
    expect(ok.body.value.balance).toBe(4_000);
    const dup = (res: { status: number; body: { code: string } }) => [res.status, res.body.code];
    expect(dup(await send('bet', { ...first, amount: 10 }))).toEqual([409, 'DUPLICATE_TRANSACTION']);
    expect(dup(await send('bet', { ...first, roundId: 'd-r2' }))).toEqual([409, 'DUPLICATE_TRANSACTION']);
    expect(dup(await send('bet', { ...first, account: 'vendorplayer' }))).toEqual([
      409,
      'DUPLICATE_TRANSACTION',
    ]);
    expect(dup(await send('win', { ...p, txId: 'd-b1', roundId: 'd-r1', amount: 1_000 }))).toEqual([
      409,
      'DUPLICATE_TRANSACTION',
    ]);
    // The same body again is the first reply.
    expect(await send('bet', first)).toEqual(ok);
    const win = { ...p, txId: 'd-w1', roundId: 'd-r1', amount: 300, roundClosed: false };
    const won = await send('win', win);
    expect(dup(await send('win', { ...win, amount: 301 }))).toEqual([409, 'DUPLICATE_TRANSACTION']);
    expect(dup(await send('win', { ...win, roundClosed: true }))).toEqual([409, 'DUPLICATE_TRANSACTION']);
    expect(await send('win', win)).toEqual(won);
    const back = { ...p, txId: 'd-x1', betTxId: 'd-nope' };
    await send('rollback', back);
    expect(dup(await send('rollback', { ...back, betTxId: 'd-b1' }))).toEqual([409, 'DUPLICATE_TRANSACTION']);
    expect([await balance('dupplayer'), m.id > 0]).toEqual([4_300, true]);
  });

  it('keeps a round open for several wins (free spins) until a win closes it; a bet in it still rolls back', async () => {
    await newMember(t.database.db, 'spinner', 10_000n);
    const p = { account: 'spinner', vassalage: vendor() };
    await send('bet', { ...p, nodeId: nodeId(), txId: 'f-b1', roundId: 'f-r', amount: 1_000 });
    await send('bet', { ...p, nodeId: nodeId(), txId: 'f-b2', roundId: 'f-r', amount: 500 });
    for (const [i, amount] of [200, 0, 700].entries()) {
      const spin = await send('win', { ...p, txId: `f-s${i}`, roundId: 'f-r', amount, roundClosed: false });
      expect(spin.status).toBe(200);
    }
    const round = async () =>
      (
        await t.database.db
          .select({ status: gameRounds.status, bet: gameRounds.bet, win: gameRounds.win })
          .from(gameRounds)
          .where(eq(gameRounds.roundRef, 'f-r'))
      )[0];
    expect(await round()).toEqual({ status: 'OPEN', bet: 1_500n, win: 900n });
    const back = await send('rollback', { ...p, txId: 'f-x2', betTxId: 'f-b2' });
    expect(back.body.value).toMatchObject({ roundId: 'f-r', amount: 500, balance: 9_900 });
    const last = await send('win', { ...p, txId: 'f-end', roundId: 'f-r', amount: 100, roundClosed: true });
    expect(last.body.value.balance).toBe(10_000);
    expect(await round()).toEqual({ status: 'SETTLED', bet: 1_000n, win: 1_000n });
    const after = await send('win', { ...p, txId: 'f-late', roundId: 'f-r', amount: 1 });
    expect([after.status, after.body.code]).toEqual([409, 'CONFLICT']);
  });

  it('refuses a bet for a member who may not play, with the real balance; open rounds still settle', async () => {
    const db = t.database.db;
    const refused = async (account: string, txId: string, merchant = 'PORTICO') => {
      const { vendor: v, nodeId: n } = vendorGame[merchant]!;
      const res = await send(
        'bet',
        { account, vassalage: v, nodeId: n, txId, roundId: `${txId}-r`, amount: 100 },
        { merchant },
      );
      return [res.status, res.body.code, res.body.balance];
    };
    const open = async (account: string, merchant = 'PORTICO') => {
      const { vendor: v, nodeId: n } = vendorGame[merchant]!;
      const p = { account, vassalage: v };
      await send(
        'bet',
        { ...p, nodeId: n, txId: `${account}-b1`, roundId: `${account}-r`, amount: 400 },
        { merchant },
      );
      await send(
        'bet',
        { ...p, nodeId: n, txId: `${account}-b2`, roundId: `${account}-r`, amount: 100 },
        { merchant },
      );
      return async () => {
        const back = await send(
          'rollback',
          { ...p, txId: `${account}-x`, betTxId: `${account}-b2` },
          { merchant },
        );
        const won = await send(
          'win',
          { ...p, txId: `${account}-w`, roundId: `${account}-r`, amount: 1_000 },
          { merchant },
        );
        return [back.status, won.status, won.body.value?.balance];
      };
    };

    const locked = await newMember(db, 'sl_locked', 2_000n);
    const settleLocked = await open('sl_locked');
    await db.update(members).set({ lockedAt: new Date() }).where(eq(members.id, locked.id));
    expect(await refused('sl_locked', 'sl-l')).toEqual([403, 'ACCOUNT_LOCKED', 1_500]);
    expect(await settleLocked()).toEqual([200, 200, 2_600]);

    const due = await newMember(db, 'sl_due', 2_000n);
    await db.update(members).set({ mustChangePassword: true }).where(eq(members.id, due.id));
    expect(await refused('sl_due', 'sl-d')).toEqual([403, 'PASSWORD_CHANGE_REQUIRED', 2_000]);

    const excluded = await newMember(db, 'sl_excluded', 2_000n);
    const settleExcluded = await open('sl_excluded');
    await db.insert(exclusions).values({ memberId: excluded.id, kind: 'SELF_EXCLUSION', endsAt: null });
    const [status, , bal] = await refused('sl_excluded', 'sl-e');
    expect([status, bal]).toEqual([403, 1_500]);
    expect(await settleExcluded()).toEqual([200, 200, 2_600]);

    const limited = await newMember(db, 'sl_limited', 2_000n);
    await db.insert(gamblingLimits).values({ memberId: limited.id, kind: 'LOSS', period: 'D', amount: 300n });
    const p = { account: 'sl_limited', vassalage: vendor() };
    await send('bet', { ...p, nodeId: nodeId(), txId: 'sl-m1', roundId: 'sl-mr', amount: 300 });
    await send('win', { ...p, txId: 'sl-mw', roundId: 'sl-mr', amount: 0 });
    const [limitStatus, , limitBalance] = await refused('sl_limited', 'sl-m2');
    expect([limitStatus, limitBalance]).toEqual([403, 1_700]);

    const lotus = await newMember(db, 'sl_lotus', 2_000n, 'LOTUS');
    const settleLotus = await open('sl_lotus', 'LOTUS');
    await db
      .update(merchants)
      .set({ maintenance: true, maintenanceEnd: null })
      .where(eq(merchants.code, 'LOTUS'));
    try {
      expect(await refused('sl_lotus', 'sl-lo', 'LOTUS')).toEqual([403, 'MAINTENANCE', 1_500]);
      expect(await settleLotus()).toEqual([200, 200, 2_600]);
    } finally {
      await db.update(merchants).set({ maintenance: false }).where(eq(merchants.code, 'LOTUS'));
    }
    expect(lotus.id).toBeGreaterThan(0);
  });

  it('writes an audit row for each bet, win and rollback, and the chain still verifies', async () => {
    const m = await newMember(t.database.db, 'audited', 3_000n);
    const p = { account: 'audited', vassalage: vendor() };
    await send('bet', { ...p, nodeId: nodeId(), txId: 'a-b', roundId: 'a-r', amount: 700 });
    await send('bet', { ...p, nodeId: nodeId(), txId: 'a-b', roundId: 'a-r', amount: 700 });
    await send('bet', { ...p, nodeId: nodeId(), txId: 'a-b2', roundId: 'a-r', amount: 300 });
    await send('rollback', { ...p, txId: 'a-x', betTxId: 'a-b2' });
    await send('win', { ...p, txId: 'a-w', roundId: 'a-r', amount: 1_200 });
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.subject}->>'memberId' = ${String(m.id)}`)
      .orderBy(auditLog.id);
    expect(rows.map((r) => [r.actor, r.action, r.subject.txId, r.subject.amount])).toEqual([
      [`vendor:${vendor()}`, 'SEAMLESS_BET', 'a-b', 700],
      [`vendor:${vendor()}`, 'SEAMLESS_BET', 'a-b2', 300],
      [`vendor:${vendor()}`, 'SEAMLESS_ROLLBACK', 'a-x', 300],
      [`vendor:${vendor()}`, 'SEAMLESS_WIN', 'a-w', 1_200],
    ]);
    expect(rows[3]!.subject).toMatchObject({ roundId: 'a-r', roundClosed: true, balance: 3_500 });
    expect(await createAuditLog(t.database.db).verify()).toMatchObject({ ok: true });
  });

  it('answers signed bad input with 400 and field messages, unknown players and games with 404', async () => {
    const malformed = await send('bet', '{not json');
    expect([malformed.status, malformed.body.code]).toEqual([400, 'VALIDATION']);
    const bad = await send('bet', {
      ...who(),
      nodeId: nodeId(),
      txId: 'has space',
      roundId: 'r',
      amount: -5,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(expect.arrayContaining(['txId', 'amount']));
    const fractional = await send('win', { ...who(), txId: 'h-f', roundId: 'h-r1', amount: 1.5 });
    expect(fractional.status).toBe(400);
    const nobody = await send('balance', { account: 'nobody', vassalage: vendor() });
    expect([nobody.status, nobody.body.code]).toEqual([404, 'NOT_FOUND']);
    const nogame = await send('bet', { ...who(), nodeId: 'NOPE_1', txId: 'h-n', roundId: 'h-rn', amount: 1 });
    expect([nogame.status, nogame.body.fields]).toEqual([404, { nodeId: 'Unknown game' }]);
  });

  it('is off without a master secret', async () => {
    const off = await testApp();
    const res = await off.app.inject({
      method: 'POST',
      url: '/seamless/balance',
      headers: { merchant: 'PORTICO' },
    });
    expect(res.statusCode).toBe(404);
    await off.close();
  });
});
