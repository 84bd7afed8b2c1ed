import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { gameRounds, ledgerEntries, winners } from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { inhouseGames, invariantBreaches, newMember } from '../../test/play.ts';
import { createLedger } from '../wallet/ledger.ts';
import { createSeamlessWallet, HOUSE_GAMES, type Player } from './service.ts';

let t: TestApp;
let db: Db;
let wallet: ReturnType<typeof createSeamlessWallet>;
let nodeId: string;
beforeAll(async () => {
  t = await testApp();
  db = t.database.db;
  wallet = createSeamlessWallet(db);
  nodeId = (await inhouseGames(db)).slot.nodeId;
});
afterAll(() => t.close());

const VENDOR = 'ACME';
async function player(account: string, credit: bigint, trial = false): Promise<Player> {
  const m = await newMember(db, account, credit);
  return { merchantCode: 'PORTICO', memberId: m.id, vassalage: VENDOR, trial };
}
const balanceOf = async (p: Player) => (await wallet.balance(p)).balance;
const house = async () => {
  const ledger = createLedger(db);
  return Number(await ledger.walletBalance(await ledger.wallet('PORTICO', null, HOUSE_GAMES)));
};
const entries = async () => (await db.select({ n: count() }).from(ledgerEntries))[0]!.n;
const round = async (p: Player, ref: string) => (await wallet.round(p, ref))!;
const bet = (p: Player, txId: string, roundRef: string, amount: bigint) =>
  wallet.bet(p, { txId, roundRef, amount, nodeId, gameType: 'INHOUSE' });

describe('seamless wallet', () => {
  it('debits a bet to the house, credits the win back, and settles the round', async () => {
    const p = await player('sw_basic', 10_000n);
    const houseBefore = await house();
    expect(await bet(p, 'b1', 'r1', 1_000n)).toEqual({
      txId: 'b1',
      roundRef: 'r1',
      amount: 1_000,
      balance: 9_000,
    });
    expect(await bet(p, 'b2', 'r1', 500n)).toMatchObject({ balance: 8_500 });
    expect(await round(p, 'r1')).toMatchObject({ status: 'OPEN', bet: 1_500n, win: 0n, nodeId });
    expect(await wallet.win(p, { txId: 'w1', roundRef: 'r1', amount: 4_000n })).toEqual({
      txId: 'w1',
      roundRef: 'r1',
      amount: 4_000,
      balance: 12_500,
    });
    expect(await round(p, 'r1')).toMatchObject({ status: 'SETTLED', bet: 1_500n, win: 4_000n });
    expect(await balanceOf(p)).toBe(12_500);
    expect(await house()).toBe(houseBefore - 2_500);
    // A settled round takes no more bets or wins.
    await expect(bet(p, 'b3', 'r1', 100n)).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(wallet.win(p, { txId: 'w2', roundRef: 'r1', amount: 1n })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(await invariantBreaches(db)).toBe(0);
  });

  it('settles a round with a zero win, moving nothing', async () => {
    const p = await player('sw_zero', 1_000n);
    await bet(p, 'zb', 'zr', 1_000n);
    const before = await entries();
    expect(await wallet.win(p, { txId: 'zw', roundRef: 'zr', amount: 0n })).toMatchObject({
      amount: 0,
      balance: 0,
    });
    expect(await entries()).toBe(before);
    expect((await round(p, 'zr')).status).toBe('SETTLED');
  });

  it('answers a replayed transaction id with the first reply and moves nothing; another body is a duplicate', async () => {
    const p = await player('sw_replay', 5_000n);
    const first = await bet(p, 'rb', 'rr', 2_000n);
    const won = await wallet.win(p, { txId: 'rw', roundRef: 'rr', amount: 3_000n });
    const [before, houseBefore] = [await entries(), await house()];
    const duplicate = { statusCode: 409, code: 'DUPLICATE_TRANSACTION' };
    // Same ids, other amounts, rounds, games or kinds: refused, never the first reply.
    await expect(bet(p, 'rb', 'rr', 9_999n)).rejects.toMatchObject(duplicate);
    await expect(bet(p, 'rb', 'rr2', 2_000n)).rejects.toMatchObject(duplicate);
    await expect(
      wallet.bet(p, { txId: 'rb', roundRef: 'rr', amount: 2_000n, nodeId: 'OTHER', gameType: 'INHOUSE' }),
    ).rejects.toMatchObject(duplicate);
    await expect(wallet.win(p, { txId: 'rw', roundRef: 'rr', amount: 1n })).rejects.toMatchObject(duplicate);
    await expect(wallet.win(p, { txId: 'rb', roundRef: 'rr', amount: 1n })).rejects.toMatchObject(duplicate);
    expect(await wallet.win(p, { txId: 'rw', roundRef: 'rr', amount: 3_000n })).toEqual(won);
    const replays = await Promise.all([1, 2, 3].map(() => bet(p, 'rb', 'rr', 2_000n)));
    expect(replays).toEqual([first, first, first]);
    expect([await entries(), await house(), await balanceOf(p)]).toEqual([before, houseBefore, 6_000]);
    expect(await round(p, 'rr')).toMatchObject({ bet: 2_000n, win: 3_000n });
  });

  it('rolls a bet back by its id, once, and closes a round left without bets', async () => {
    const p = await player('sw_rollback', 3_000n);
    await bet(p, 'kb', 'kr', 1_200n);
    const back = await wallet.rollback(p, { txId: 'kx', betTxId: 'kb' });
    expect(back).toEqual({ txId: 'kx', roundRef: 'kr', amount: 1_200, balance: 3_000 });
    expect(await round(p, 'kr')).toMatchObject({ status: 'ROLLED_BACK', bet: 0n });
    const before = await entries();
    expect(await wallet.rollback(p, { txId: 'kx', betTxId: 'kb' })).toEqual(back);
    // Another rollback of the same bet moves nothing again.
    expect(await wallet.rollback(p, { txId: 'ky', betTxId: 'kb' })).toMatchObject({
      amount: 0,
      balance: 3_000,
    });
    expect(await entries()).toBe(before);
    await expect(wallet.win(p, { txId: 'kw', roundRef: 'kr', amount: 10n })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(await balanceOf(p)).toBe(3_000);
  });

  it('keeps a round open while other bets remain, and refuses to roll back a settled round', async () => {
    const p = await player('sw_partial', 3_000n);
    await bet(p, 'pb1', 'pr', 1_000n);
    await bet(p, 'pb2', 'pr', 500n);
    await wallet.rollback(p, { txId: 'px1', betTxId: 'pb1' });
    expect(await round(p, 'pr')).toMatchObject({ status: 'OPEN', bet: 500n });
    await wallet.win(p, { txId: 'pw', roundRef: 'pr', amount: 0n });
    await expect(wallet.rollback(p, { txId: 'px2', betTxId: 'pb2' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(await balanceOf(p)).toBe(2_500);
  });

  it('records the rollback of a bet it never saw, and refuses that bet when it comes late', async () => {
    const p = await player('sw_late', 3_000n);
    expect(await wallet.rollback(p, { txId: 'lx', betTxId: 'lb' })).toEqual({
      txId: 'lx',
      roundRef: null,
      amount: 0,
      balance: 3_000,
    });
    const before = await entries();
    await expect(bet(p, 'lb', 'lr', 1_000n)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect([await entries(), await balanceOf(p)]).toEqual([before, 3_000]);
    expect(await wallet.round(p, 'lr')).toBeUndefined();
  });

  it('refuses a bet above the balance with the real balance, writing nothing', async () => {
    const p = await player('sw_short', 700n);
    const before = await entries();
    await expect(bet(p, 'sb', 'sr', 701n)).rejects.toMatchObject({
      statusCode: 409,
      code: 'INSUFFICIENT_FUNDS',
      extra: { balance: 700 },
    });
    expect([await entries(), await balanceOf(p), await wallet.round(p, 'sr')]).toEqual([
      before,
      700,
      undefined,
    ]);
    // The id was not spent: the same bet with money enough goes through.
    expect(await bet(p, 'sb', 'sr', 700n)).toMatchObject({ balance: 0 });
  });

  it('never lets another member touch a member’s rounds or transactions', async () => {
    const a = await player('sw_owner', 5_000n);
    const b = await player('sw_other', 5_000n);
    await bet(a, 'ob', 'or', 1_000n);
    const before = await entries();
    // Its transaction id is a duplicate for anyone else; its round is not theirs.
    await expect(bet(b, 'ob', 'or', 1_000n)).rejects.toMatchObject({ code: 'DUPLICATE_TRANSACTION' });
    await expect(bet(b, 'ob2', 'or', 1_000n)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(wallet.win(b, { txId: 'ow', roundRef: 'or', amount: 50_000n })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(wallet.rollback(b, { txId: 'ox', betTxId: 'ob' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(wallet.round(b, 'or')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect([await entries(), await balanceOf(a), await balanceOf(b)]).toEqual([before, 4_000, 5_000]);
    // The owner's round is intact: its rollback still works.
    expect(await wallet.rollback(a, { txId: 'ox', betTxId: 'ob' })).toMatchObject({ amount: 1_000 });
  });

  it('puts big settled wins (≥ 20 × the bet or ≥ 500.00) on the winner board, masked; play money never', async () => {
    const boardOf = async (memberId: number) =>
      db
        .select()
        .from(winners)
        .where(and(eq(winners.merchantCode, 'PORTICO'), eq(winners.memberId, memberId)));
    const p = await player('bigwinner', 100_000n);
    await bet(p, 'g1', 'gr1', 100n);
    await wallet.win(p, { txId: 'gw1', roundRef: 'gr1', amount: 1_900n }); // 19 ×: not big
    await bet(p, 'g2', 'gr2', 100n);
    await wallet.win(p, { txId: 'gw2', roundRef: 'gr2', amount: 2_000n }); // 20 ×
    await bet(p, 'g3', 'gr3', 10_000n);
    await wallet.win(p, { txId: 'gw3', roundRef: 'gr3', amount: 50_000n }); // 5 ×, but 500.00
    const rows = await boardOf(p.memberId);
    expect(rows.map((r) => [r.customerName, r.nodeId, r.winAmount])).toEqual([
      ['bi***er', nodeId, 2_000],
      ['bi***er', nodeId, 50_000],
    ]);
    const trial = await player('trialwin', 1_000n, true);
    await bet(trial, 'tb', 'tr', 100n);
    await wallet.win(trial, { txId: 'tw', roundRef: 'tr', amount: 60_000n });
    expect(await boardOf(trial.memberId)).toEqual([]);
  });

  it('keeps every wallet equal to the sum of its entries under concurrent bets, wins and rollbacks', async () => {
    const p = await player('sw_storm', 10_000n);
    const ops = Array.from({ length: 30 }, (_, i) => async () => {
      const ref = `st${i % 10}`;
      if (i % 3 === 0) return bet(p, `sb${i}`, ref, 700n);
      if (i % 3 === 1) return wallet.rollback(p, { txId: `sx${i}`, betTxId: `sb${i - 1}` });
      return wallet.win(p, { txId: `sw${i}`, roundRef: ref, amount: 300n });
    });
    await Promise.allSettled(ops.map((op) => op()));
    expect(await invariantBreaches(db)).toBe(0);
    expect(await balanceOf(p)).toBeGreaterThanOrEqual(0);
    const rounds = await db.select().from(gameRounds).where(eq(gameRounds.memberId, p.memberId));
    const inRounds = rounds.reduce((s, r) => s + r.win - r.bet, 0n);
    expect(BigInt(await balanceOf(p))).toBe(10_000n + inRounds);
  });
});
