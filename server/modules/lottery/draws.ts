import { and, asc, desc, eq, inArray, lte, notExists, notInArray, sql } from 'drizzle-orm';
import type { DrawResult } from '../../../contract/lottery.ts';
import type { Db, Tx } from '../../db/client.ts';
import { gameRounds, lotteryBets, lotteryDraws } from '../../db/schema/index.ts';
import type { ResultsSource } from '../../ports/lotteryResults.ts';
import { cryptoRandom, type RandomInt } from '../inhouse/random.ts';
import { send } from '../messages/service.ts';
import { HOUSE_GAMES } from '../seamless/service.ts';
import { createLedger } from '../wallet/ledger.ts';
import { LOTTERIES, type Lottery, lotteryByCode, OFFICIAL_CODES } from './catalogue.ts';
import { tally } from './plays.ts';
import { commitDraw, drawNumbers, formatNumbers, parseNumbers, STRUCTURES } from './prizes.ts';
import { type DrawSlot, drawsBetween } from './schedule.ts';
import { settleBatch } from './settlement.ts';

export type DrawRow = typeof lotteryDraws.$inferSelect;

const MINUTE = 60_000;
const DAY = 86_400_000;

/** How many upcoming draws of each lottery are committed ahead: daily ones 2, fast ones 3. */
export const AHEAD = { daily: 2, every: 3 } as const;

/** The next draws of a lottery after `now` that should already be committed. */
export function upcoming(lottery: Lottery, now: Date): DrawSlot[] {
  const s = lottery.schedule;
  const after = new Date(now.getTime() + 1);
  if (s.kind === 'daily')
    return drawsBetween(lottery, after, new Date(now.getTime() + 15 * DAY)).slice(0, AHEAD.daily);
  const span = (AHEAD.every + 1) * s.everyMinutes * MINUTE;
  return drawsBetween(lottery, after, new Date(now.getTime() + span)).slice(0, AHEAD.every);
}

/**
 * The columns a result shows, and its status: a results list reads only these (a hundred rows of fourteen columns,
 * six of them timestamps, cost more to decode than to find).
 */
export const resultColumns = {
  gameCode: lotteryDraws.gameCode,
  issue: lotteryDraws.issue,
  drawAt: lotteryDraws.drawAt,
  status: lotteryDraws.status,
  numbers: lotteryDraws.numbers,
  commitment: lotteryDraws.commitment,
  salt: lotteryDraws.salt,
  source: lotteryDraws.source,
};
export type ResultRow = Pick<DrawRow, keyof typeof resultColumns>;

/** `resultColumns` named by their keys, for a statement that returns results as JSON. */
const resultsAsKeys = sql.join(
  Object.entries(resultColumns).map(([key, column]) => sql`${column} as ${sql.identifier(key)}`),
  sql`, `,
);

/**
 * A lottery's last `n` revealed draws, newest first, as one JSON array that the database builds: the driver hands
 * over one field, not eight a result. PGlite decodes each field on its own (~0.7 µs): 90 results took 0.6 ms to
 * hand over and 0.2 ms to map, against 0.1 ms to find (bench/RESULTS.md, 29 Nov, eighth round).
 */
export async function drawnResults(db: Db, gameCode: string, n: number): Promise<ResultRow[]> {
  const { rows } = (await db.execute(sql`select json_agg(r order by r."drawAt" desc) as list from (
      select ${resultsAsKeys} from ${lotteryDraws}
      where ${and(eq(lotteryDraws.gameCode, gameCode), inArray(lotteryDraws.status, ['DRAWN', 'SETTLED']))}
      order by ${desc(lotteryDraws.drawAt)} limit ${n}) r`)) as unknown as {
    rows: { list: (Omit<ResultRow, 'drawAt'> & { drawAt: string })[] | null }[];
  };
  // JSON has no instants: a timestamp comes as ISO 8601 text with the session's offset.
  return (rows[0]?.list ?? []).map((r) => ({ ...r, drawAt: new Date(r.drawAt) }));
}

/** A revealed draw as the calls show it; a draw not yet drawn is never passed here (its numbers are secret). */
export function publicResult(row: ResultRow): DrawResult {
  if (row.status === 'COMMITTED') throw new Error(`draw ${row.gameCode} ${row.issue} is not drawn yet`);
  return {
    gameCode: row.gameCode,
    issue: row.issue,
    drawTime: row.drawAt.toISOString(),
    winningNumber: row.numbers,
    commitment: row.commitment,
    salt: row.salt,
    source: row.source ?? 'HOUSE',
  };
}

/** Draw columns anyone may read before the draw: no numbers, no salt. */
export const sealedColumns = {
  id: lotteryDraws.id,
  gameCode: lotteryDraws.gameCode,
  issue: lotteryDraws.issue,
  drawAt: lotteryDraws.drawAt,
  lockAt: lotteryDraws.lockAt,
  status: lotteryDraws.status,
  commitment: lotteryDraws.commitment,
};
export type SealedDraw = { [K in keyof typeof sealedColumns]: (typeof sealedColumns)[K]['_']['data'] };

/** A draw awaiting official results has no numbers, salt or commitment yet. */
const AWAITING = { numbers: '', salt: '', commitment: '' };

/**
 * The draw engine over the database. Draws are global (one result per lottery and issue for every merchant):
 * committed ahead (numbers drawn from `random`, only sha256(salt:numbers) readable), revealed at their draw time,
 * then every open bet on them settled into the ledger. Every step is a conditional write, so several processes
 * running it at once still create, reveal and pay each draw and bet exactly once.
 *
 * Official lotteries (catalogue `results: 'OFFICIAL'`) follow `results`: with the development source they are drawn
 * like house draws and revealed labelled DEVELOPMENT; with the official one they wait, unrevealed, for results
 * confirmed by modules/lottery/results.ts (DRAWN), or are voided after the deadline and their bets refunded.
 */
export function createDrawEngine(db: Db, deps: { random?: RandomInt; results?: ResultsSource } = {}) {
  const random = deps.random ?? cryptoRandom;
  const development = (deps.results?.kind ?? 'development') === 'development';

  const rowOf = (lottery: Lottery, slot: DrawSlot) => ({
    gameCode: lottery.code,
    issue: slot.issue,
    drawAt: slot.drawAt,
    lockAt: slot.lockAt,
    ...(lottery.results === 'OFFICIAL' && !development
      ? AWAITING
      : commitDraw(STRUCTURES[lottery.structure], random)),
  });

  /** The committed draw of a slot, created when missing (sealed: no numbers, no salt). */
  async function ensureDraw(lottery: Lottery, slot: DrawSlot): Promise<SealedDraw> {
    const find = async () =>
      (
        await db
          .select(sealedColumns)
          .from(lotteryDraws)
          .where(and(eq(lotteryDraws.gameCode, lottery.code), eq(lotteryDraws.issue, slot.issue)))
      )[0];
    const found = await find();
    if (found) return found;
    await db.insert(lotteryDraws).values(rowOf(lottery, slot)).onConflictDoNothing();
    return (await find())!;
  }

  /** Commits the upcoming draws of every lottery that are missing; returns how many this call created. */
  async function ensureDraws(now: Date): Promise<number> {
    const wanted = LOTTERIES.flatMap((l) => upcoming(l, now).map((slot) => ({ lottery: l, slot })));
    const existing = await db
      .select({ gameCode: lotteryDraws.gameCode, issue: lotteryDraws.issue })
      .from(lotteryDraws)
      .where(
        and(
          inArray(lotteryDraws.gameCode, [...new Set(wanted.map((w) => w.lottery.code))]),
          inArray(lotteryDraws.issue, [...new Set(wanted.map((w) => w.slot.issue))]),
        ),
      );
    const have = new Set(existing.map((e) => `${e.gameCode}|${e.issue}`));
    const missing = wanted.filter((w) => !have.has(`${w.lottery.code}|${w.slot.issue}`));
    if (missing.length === 0) return 0;
    // Another process may insert the same draws meanwhile: the unique (game, issue) keeps the first.
    const created = await db
      .insert(lotteryDraws)
      .values(missing.map((w) => rowOf(w.lottery, w.slot)))
      .onConflictDoNothing()
      .returning({ id: lotteryDraws.id });
    return created.length;
  }

  const due = (now: Date) => and(eq(lotteryDraws.status, 'COMMITTED'), lte(lotteryDraws.drawAt, now));

  /**
   * Reveals every committed house draw whose time has come (each once: the update is conditional on COMMITTED);
   * with the development source, the official lotteries' draws too, labelled DEVELOPMENT.
   */
  async function revealDue(now: Date): Promise<DrawRow[]> {
    const house = await db
      .update(lotteryDraws)
      .set({ status: 'DRAWN', drawnAt: now, source: 'HOUSE' })
      .where(and(due(now), notInArray(lotteryDraws.gameCode, [...OFFICIAL_CODES])))
      .returning();
    if (!development) return house;
    const official = and(due(now), inArray(lotteryDraws.gameCode, [...OFFICIAL_CODES]));
    // A draw made while official results were configured has no numbers: the development source draws them now.
    const blank = await db
      .select({ id: lotteryDraws.id, gameCode: lotteryDraws.gameCode })
      .from(lotteryDraws)
      .where(and(official, eq(lotteryDraws.numbers, '')));
    for (const d of blank) {
      const slots = STRUCTURES[lotteryByCode.get(d.gameCode)!.structure];
      await db
        .update(lotteryDraws)
        .set({ numbers: formatNumbers(drawNumbers(slots, random)) })
        .where(and(eq(lotteryDraws.id, d.id), eq(lotteryDraws.numbers, '')));
    }
    const dev = await db
      .update(lotteryDraws)
      .set({ status: 'DRAWN', drawnAt: now, source: 'DEVELOPMENT' })
      .where(official)
      .returning();
    return [...house, ...dev];
  }

  /** The bet, locked, while it is still OPEN: a second settler or refunder waits, then finds it done. */
  async function lockOpenBet(tx: Tx, betId: number) {
    const [bet] = await tx
      .select()
      .from(lotteryBets)
      .where(and(eq(lotteryBets.id, betId), eq(lotteryBets.status, 'OPEN')))
      .for('update');
    return bet;
  }

  /**
   * Settles every open bet of every revealed draw, then marks the draw SETTLED once no bet of it is open.
   * Returns the bets this call settled and the draws it closed.
   */
  async function settleDrawn(now: Date): Promise<{ bets: number; draws: number }> {
    // Most revealed draws have no bet (a fast lottery draws every minute): they close in one statement, under the
    // same condition as `close`, and only those with open bets are settled one by one.
    const quiet = await db
      .update(lotteryDraws)
      .set({ status: 'SETTLED', settledAt: now })
      .where(
        and(
          eq(lotteryDraws.status, 'DRAWN'),
          lte(lotteryDraws.drawAt, now),
          notExists(
            db
              .select({ one: sql`1` })
              .from(lotteryBets)
              .where(and(eq(lotteryBets.drawId, lotteryDraws.id), eq(lotteryBets.status, 'OPEN'))),
          ),
        ),
      )
      .returning({ id: lotteryDraws.id });
    const drawn = await db
      .select()
      .from(lotteryDraws)
      .where(and(eq(lotteryDraws.status, 'DRAWN'), lte(lotteryDraws.drawAt, now)))
      .orderBy(asc(lotteryDraws.drawAt));
    let bets = 0;
    let draws = quiet.length;
    for (const draw of drawn) {
      const r = await settleDraw(draw, now);
      bets += r.bets;
      draws += r.closed ? 1 : 0;
    }
    return { bets, draws };
  }

  /** The ids of a draw's open bets, in order. */
  const openBets = async (drawId: number) =>
    (
      await db
        .select({ id: lotteryBets.id })
        .from(lotteryBets)
        .where(and(eq(lotteryBets.drawId, drawId), eq(lotteryBets.status, 'OPEN')))
        .orderBy(asc(lotteryBets.id))
    ).map((b) => b.id);

  /** Closes a draw (DRAWN → SETTLED) once none of its bets is open. */
  async function close(drawId: number, now: Date): Promise<boolean> {
    const closed = await db
      .update(lotteryDraws)
      .set({ status: 'SETTLED', settledAt: now })
      .where(
        and(
          eq(lotteryDraws.id, drawId),
          eq(lotteryDraws.status, 'DRAWN'),
          notExists(
            db
              .select({ one: sql`1` })
              .from(lotteryBets)
              .where(and(eq(lotteryBets.drawId, drawId), eq(lotteryBets.status, 'OPEN'))),
          ),
        ),
      )
      .returning({ id: lotteryDraws.id });
    return closed.length > 0;
  }

  /** Settles every open bet of one revealed draw, a batch per transaction (settlement.ts), then closes it. */
  async function settleDraw(draw: DrawRow, now: Date): Promise<{ bets: number; closed: boolean }> {
    const lottery = lotteryByCode.get(draw.gameCode)!;
    const numbers = tally(parseNumbers(draw.numbers, STRUCTURES[lottery.structure]));
    let bets = 0;
    for (
      let n = await settleBatch(db, draw, numbers, now);
      n > 0;
      n = await settleBatch(db, draw, numbers, now)
    )
      bets += n;
    return { bets, closed: await close(draw.id, now) };
  }

  /**
   * Refunds one open bet of a voided draw in its own transaction, like settleBet: the bet locked while OPEN, its
   * stake back HOUSE_GAMES → MAIN under `lottery-refund:<betId>`, its round rolled back, and a message in the
   * member's inbox in the same transaction.
   */
  async function refundBet(betId: number, draw: DrawRow, now: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const bet = await lockOpenBet(tx, betId);
      if (!bet) return false;
      await tx
        .update(lotteryBets)
        .set({ status: 'REFUNDED', settledAt: now })
        .where(eq(lotteryBets.id, bet.id));
      const ledger = createLedger(tx as unknown as Db);
      const main = await ledger.wallet(bet.merchantCode, bet.memberId, 'MAIN');
      const house = await ledger.wallet(bet.merchantCode, null, HOUSE_GAMES);
      await ledger.post(
        bet.merchantCode,
        `lottery-refund:${bet.id}`,
        'LOTTERY_REFUND',
        [
          { walletId: house, amount: -bet.stake },
          { walletId: main, amount: bet.stake },
        ],
        { betId: bet.id, memberId: bet.memberId, amount: Number(bet.stake) },
      );
      await tx
        .update(gameRounds)
        .set({ status: 'ROLLED_BACK', settledAt: now })
        .where(and(eq(gameRounds.id, bet.roundId), eq(gameRounds.status, 'OPEN')));
      const name = lotteryByCode.get(draw.gameCode)?.name ?? draw.gameCode;
      await send(tx, {
        merchantCode: bet.merchantCode,
        memberId: bet.memberId,
        category: 'SYSTEM',
        title: 'Lottery draw cancelled, stake refunded',
        body: `The official results of ${name} (${draw.gameCode}) draw ${draw.issue} were not confirmed in time, so the draw is cancelled. Your stake on bet #${bet.id} has been refunded to your main wallet.`,
        template: 'LOTTERY_REFUNDED',
        params: { amount: bet.stake, lottery: name, issue: draw.issue, bet: bet.id },
      });
      return true;
    });
  }

  /** Refunds every open bet of every voided draw; returns the bets this call refunded. */
  async function refundVoided(now: Date): Promise<number> {
    const voided = await db
      .select()
      .from(lotteryDraws)
      .where(
        and(
          eq(lotteryDraws.status, 'VOID'),
          sql`exists (select 1 from ${lotteryBets} where ${lotteryBets.drawId} = ${lotteryDraws.id} and ${lotteryBets.status} = 'OPEN')`,
        ),
      );
    let refunded = 0;
    for (const draw of voided)
      for (const id of await openBets(draw.id)) if (await refundBet(id, draw, now)) refunded += 1;
    return refunded;
  }

  return { ensureDraw, ensureDraws, revealDue, settleDrawn, settleDraw, refundVoided, development };
}
export type DrawEngine = ReturnType<typeof createDrawEngine>;
