import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PlayType } from '../../../contract/lottery.ts';
import type { Db } from '../../db/client.ts';
import {
  gameRounds,
  ledgerEntries,
  ledgerTransactions,
  lotteryBets,
  members,
  wallets,
  winners,
} from '../../db/schema/index.ts';
import { isBigWin, maskName } from '../seamless/rounds.ts';
import { HOUSE_GAMES } from '../seamless/service.ts';
import { createLedger, postingObservers } from '../wallet/ledger.ts';
import { settleLine, type tally } from './plays.ts';

/**
 * Bets settled per database transaction. A fast draw can take thousands of bets in its last seconds; a batch is a
 * handful of statements whatever its size, and the house's games wallet (which every bet placement locks too) is
 * locked only for its last two.
 */
export const SETTLE_BATCH = 500;

type Numbers = ReturnType<typeof tally>;

/**
 * Settles up to `limit` open bets of a revealed draw in one transaction, set-based: the bets and their game rounds
 * are locked while still OPEN (a second settler waits, then finds them settled and skips them), every bet and round
 * is written by one statement each, and each win is its own ledger movement HOUSE_GAMES → MAIN under
 * `lottery-win:<betId>`, all of them written by two statements. A loss settles its round with 0, moving nothing.
 * Returns how many bets it settled (0: none left open).
 */
export async function settleBatch(
  db: Db,
  draw: { id: number; numbers: string },
  numbers: Numbers,
  now: Date,
  limit = SETTLE_BATCH,
): Promise<number> {
  const posted: { merchantCode: string; win: bigint }[] = [];
  const settled = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const rows = await tx
      .select({ bet: lotteryBets, round: gameRounds })
      .from(lotteryBets)
      .innerJoin(gameRounds, eq(gameRounds.id, lotteryBets.roundId))
      .where(and(eq(lotteryBets.drawId, draw.id), eq(lotteryBets.status, 'OPEN')))
      .orderBy(asc(lotteryBets.id))
      .limit(limit)
      .for('update');
    if (rows.length === 0) return 0;
    const lines = rows.map(({ bet, round }) => ({
      bet,
      round,
      ...settleLine({ ...bet, playType: bet.playType as PlayType }, numbers),
    }));

    const betValues = sql.join(
      lines.map(
        (l) =>
          sql`(${l.bet.id}::bigint, ${l.units > 0 ? 'WON' : 'LOST'}::text, ${l.units}::int, ${l.win.toString()}::bigint)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      update ${lotteryBets} set status = v.status, win_units = v.units, payout = v.payout, settled_at = ${now.toISOString()}::timestamptz
      from (values ${betValues}) as v (id, status, units, payout)
      where ${lotteryBets.id} = v.id`);

    // A round another path closed meanwhile keeps its state (as `settle` would refuse it); the others settle here.
    const open = lines.filter((l) => l.round.status === 'OPEN');
    if (open.length > 0) {
      const roundValues = sql.join(
        open.map((l) => sql`(${l.round.id}::bigint, ${l.win.toString()}::bigint, ${l.units}::int)`),
        sql`, `,
      );
      await tx.execute(sql`
        update ${gameRounds} set win = ${gameRounds.win} + v.win, status = 'SETTLED', settled_at = ${new Date().toISOString()}::timestamptz,
          outcome = ${gameRounds.outcome} || jsonb_build_object('winningNumber', ${draw.numbers}::text, 'winUnits', v.units)
        from (values ${roundValues}) as v (id, win, units)
        where ${gameRounds.id} = v.id`);
      const big = open.filter((l) => isBigWin(l.round.bet, l.round.win + l.win));
      if (big.length > 0) {
        const accounts = new Map(
          (
            await tx
              .select({ id: members.id, account: members.account })
              .from(members)
              .where(
                inArray(
                  members.id,
                  big.map((l) => l.bet.memberId),
                ),
              )
          ).map((m) => [m.id, m.account]),
        );
        await tx.insert(winners).values(
          big.map((l) => ({
            merchantCode: l.bet.merchantCode,
            memberId: l.bet.memberId,
            customerName: maskName(accounts.get(l.bet.memberId) ?? '??'),
            nodeId: l.round.nodeId,
            winAmount: Number(l.round.win + l.win),
          })),
        );
      }
    }

    const wins = lines.filter((l) => l.win > 0n);
    if (wins.length > 0) await payWins(tx, wins, posted);
    return lines.length;
  });
  for (const p of posted) postingObservers.getStore()?.(p.merchantCode, 'LOTTERY_WIN', p.win);
  return settled;
}

type Win = { bet: typeof lotteryBets.$inferSelect; win: bigint };

/**
 * The wins of a batch as ledger movements, one per bet like `ledger.post` writes them (its transaction row keyed
 * `lottery-win:<betId>`, the house leg then the member's, each entry with its wallet's balance after), in three
 * statements: the wallets locked in id order (as the ledger locks them), the transactions, then the entries and the
 * balances together.
 */
async function payWins(tx: Db, wins: Win[], posted: { merchantCode: string; win: bigint }[]) {
  const mainOf = async () => {
    const memberIds = [...new Set(wins.map((w) => w.bet.memberId))];
    const merchantCodes = [...new Set(wins.map((w) => w.bet.merchantCode))];
    const rows = await tx
      .select({
        id: wallets.id,
        merchantCode: wallets.merchantCode,
        memberId: wallets.memberId,
        kind: wallets.kind,
      })
      .from(wallets)
      .where(
        sql`(${wallets.kind} = 'MAIN' and ${inArray(wallets.memberId, memberIds)})
          or (${wallets.kind} = ${HOUSE_GAMES} and ${wallets.memberId} is null and ${inArray(wallets.merchantCode, merchantCodes)})`,
      );
    return new Map(rows.map((w) => [`${w.merchantCode}|${w.memberId ?? 'house'}`, w.id]));
  };
  // The bets' wallets exist (the stakes moved through them); a house wallet created since is looked up alone.
  const walletIds = await mainOf();
  const ledger = createLedger(tx);
  const walletOf = async (merchantCode: string, memberId: number | null) =>
    walletIds.get(`${merchantCode}|${memberId ?? 'house'}`) ??
    (await ledger.wallet(merchantCode, memberId, memberId === null ? HOUSE_GAMES : 'MAIN'));
  const legs: { key: string; merchantCode: string; house: number; main: number; win: Win }[] = [];
  for (const w of wins)
    legs.push({
      key: `lottery-win:${w.bet.id}`,
      merchantCode: w.bet.merchantCode,
      house: await walletOf(w.bet.merchantCode, null),
      main: await walletOf(w.bet.merchantCode, w.bet.memberId),
      win: w,
    });

  const ids = [...new Set(legs.flatMap((l) => [l.house, l.main]))].sort((a, b) => a - b);
  const locked = await tx
    .select({ id: wallets.id, balance: wallets.balance })
    .from(wallets)
    .where(inArray(wallets.id, ids))
    .orderBy(wallets.id)
    .for('update');
  const balance = new Map(locked.map((w) => [w.id, w.balance]));

  const created = await tx
    .insert(ledgerTransactions)
    .values(
      legs.map((l) => ({
        merchantCode: l.merchantCode,
        idempotencyKey: l.key,
        kind: 'LOTTERY_WIN',
        reply: { betId: l.win.bet.id, memberId: l.win.bet.memberId, amount: Number(l.win.win) },
      })),
    )
    // A win already paid (its bet was settled and rolled back by hand?) is not paid twice.
    .onConflictDoNothing()
    .returning({ id: ledgerTransactions.id, key: ledgerTransactions.idempotencyKey });
  const txOf = new Map(created.map((c) => [c.key, c.id]));

  const entries: { transactionId: number; walletId: number; amount: bigint; after: bigint }[] = [];
  for (const l of legs) {
    const transactionId = txOf.get(l.key);
    if (transactionId === undefined) continue;
    for (const [walletId, amount] of [
      [l.house, -l.win.win],
      [l.main, l.win.win],
    ] as const) {
      const after = balance.get(walletId)! + amount;
      balance.set(walletId, after);
      entries.push({ transactionId, walletId, amount, after });
    }
    posted.push({ merchantCode: l.merchantCode, win: l.win.win });
  }
  if (entries.length === 0) return;
  const legRows = sql.join(
    entries.map(
      (e, i) =>
        sql`(${i}::int, ${e.transactionId}::bigint, ${e.walletId}::int, ${e.amount.toString()}::bigint, ${e.after.toString()}::bigint)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    with leg (ord, transaction_id, wallet_id, amount, balance_after) as (values ${legRows}),
    moved as (
      update ${wallets} set balance = ${wallets.balance} + d.amount
      from (select wallet_id, sum(amount)::bigint as amount from leg group by wallet_id) d
      where ${wallets.id} = d.wallet_id
    )
    insert into ${ledgerEntries} (transaction_id, wallet_id, amount, balance_after)
    select transaction_id, wallet_id, amount, balance_after from leg order by ord`);
}
