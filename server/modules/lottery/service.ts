import {
  and,
  count,
  desc,
  eq,
  inArray,
  isNull,
  lte,
  max,
  or,
  type Placeholder,
  type SQL,
  type Subquery,
  sql,
} from 'drizzle-orm';
import type { z } from 'zod';
import type {
  DrawResult,
  LotteryBet,
  LotteryGame,
  LotteryTag,
  PlayRule,
  PlayType,
  PrizeMode,
  placeBets,
} from '../../../contract/lottery.ts';
import type { Db } from '../../db/client.ts';
import {
  lotteryBets,
  lotteryDraws,
  memberLotteries,
  merchantRules,
  vendors,
  wallets,
} from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import { requestHash } from '../../lib/idempotency.ts';
import { artPath } from '../art/paths.ts';
import type { Member } from '../auth/sessions.ts';
import type { RulesStore } from '../rules/store.ts';
import { HOUSE_GAMES, insufficientFunds } from '../seamless/service.ts';
import { createLedger, postingObservers } from '../wallet/ledger.ts';
import { LOTTERIES, type Lottery, lotteryByCode } from './catalogue.ts';
import { type DrawEngine, drawnResults, publicResult, type ResultRow, resultColumns } from './draws.ts';
import { priceLine } from './plays.ts';
import { betsPerLottery } from './popular.ts';
import { LOTTERY_RULES } from './rules.ts';
import { type DrawSlot, drawsBetween, saleState } from './schedule.ts';
import { type PlayVerdict, placeStatement, rulesOf, slipProblems } from './slip.ts';

/**
 * Spec §9 prize modes: Lott are the daily Vietnam lotteries (North, Central, South), Elott the fast ones and Keno
 * (its group only when the merchant's catalogue has the GPI vendor).
 */
const TAGS_OF: Record<PrizeMode, readonly LotteryTag[]> = {
  Lott: ['MB', 'MT', 'MN'],
  Elott: ['FAST', 'KENO'],
  ZY: [],
  SEA: [],
};
const TAG_NAME: Record<LotteryTag, string> = {
  MB: 'Miền Bắc',
  MT: 'Miền Trung',
  MN: 'Miền Nam',
  FAST: 'Xổ số nhanh',
  KENO: 'Keno',
};
const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];
const DAY = 86_400_000;
const POPULAR_DAYS = 7;
const RECENT_LOTTERIES = 20;

type PlaceBody = z.output<(typeof placeBets)['body']>;
type BetRow = typeof lotteryBets.$inferSelect;
type DrawKey = { gameCode: string; issue: string };

const notFound = (what: string) => new DomainError(404, 'NOT_FOUND', what);
const closedForBets = () => new DomainError(409, 'CONFLICT', 'Betting is closed for this draw');

const gameIdOf = new Map(LOTTERIES.map((l, i) => [l.code, i + 1]));
const menuSortOf = new Map(LOTTERIES.map((l, i) => [l.code, i]));

/**
 * The odds column of a lottery's bets. Keno draws 20 of 01–80 in one prize: the Vietnamese play types (lô, đề,
 * 3 càng, xiên: endings of DB and G1…G8) do not apply to it, so a slip on a Keno game is refused whole, every line
 * on its `playType`, before anything is checked or moved; its results are shown, it takes no bets.
 */
function betStructure(l: Lottery, lines: number): 'NORTH' | 'SOUTH' {
  if (l.structure !== 'KENO') return l.structure;
  throw new DomainError(
    400,
    'VALIDATION',
    'Keno takes no lô/đề bets',
    Object.fromEntries(
      Array.from({ length: lines }, (_, i) => [`bets.${i}.playType`, 'Keno takes no lô/đề bets']),
    ),
  );
}

/**
 * The lotteries a member bet on at a merchant, their last bet first (then by code), at most `n`: from the member's
 * rows of `member_lotteries` (at most one per lottery, kept by lottery_bets' triggers, migration 0042), the same
 * answer as every bet of the member grouped by its draw's lottery — cancelled and refunded bets included.
 */
export const recentLotteries = (
  db: Db,
  merchantCode: string | Placeholder,
  memberId: number | Placeholder,
  n: number,
) =>
  db
    .select({ gameCode: memberLotteries.gameCode, lastBetAt: memberLotteries.lastBetAt })
    .from(memberLotteries)
    .where(and(eq(memberLotteries.merchantCode, merchantCode), eq(memberLotteries.memberId, memberId)))
    .orderBy(desc(memberLotteries.lastBetAt), memberLotteries.gameCode)
    .limit(n);

/** Lotteries as a relation `wanted(game_code)`, for a statement to read each one's draws beside the others'. */
const wantedCodes = (codes: string[]) =>
  sql`(values ${sql.join(
    codes.map((c) => sql`(${c})`),
    sql`, `,
  )}) as wanted(game_code)`;

/** The slot of an issue ('YYYYMMDD' daily, 'YYYYMMDD-NNNN' fast), or undefined when the lottery has no such draw. */
export function slotOfIssue(lottery: Lottery, issue: string): DrawSlot | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})(?:-\d{4})?$/.exec(issue);
  if (!m) return undefined;
  const day = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (Number.isNaN(day)) return undefined;
  return drawsBetween(lottery, new Date(day - DAY), new Date(day + 2 * DAY)).find((s) => s.issue === issue);
}

const betOf = (b: BetRow, draw: DrawKey): LotteryBet => ({
  id: b.id,
  gameCode: draw.gameCode,
  issue: draw.issue,
  playType: b.playType as PlayType,
  numbers: b.numbers,
  points: b.points,
  stake: Number(b.stake),
  winPerHit: Number(b.winPerHit),
  status: b.status,
  winUnits: b.winUnits,
  payout: b.payout === null ? null : Number(b.payout),
  createdAt: b.createdAt.toISOString(),
  settledAt: b.settledAt?.toISOString() ?? null,
});

/**
 * The lottery calls: menus with sale state and previous numbers, results, the next draw's commitment, the
 * merchant's odds, and bet slips (each bet a game round; the slip's money one ledger movement to the house).
 */
export function createLotteryService(
  db: Db,
  deps: { rules: RulesStore; guard: PlayVerdict; engine: DrawEngine; now?: () => Date },
) {
  const { rules, guard, engine } = deps;
  const clock = deps.now ?? (() => new Date());

  /**
   * The lotteries each merchant sells, under the catalogue version they were read at (the request's, read with its
   * merchant: vendors' writes raise it, migration 0036): a slip costs no read for them while the catalogue stands.
   */
  const offeredAt = new Map<string, { version: number; list: Lottery[] }>();

  /** The lotteries the merchant sells: those whose vendor is in its catalogue. `catalogue`: the version, if known. */
  async function offered(merchantCode: string, catalogue = -1): Promise<Lottery[]> {
    const hit = offeredAt.get(merchantCode);
    if (catalogue >= 0 && hit?.version === catalogue) return hit.list;
    const rows = await db
      .select({ vassalage: vendors.vassalage, gameType: vendors.gameType })
      .from(vendors)
      .where(and(eq(vendors.merchantCode, merchantCode), inArray(vendors.gameType, ['LOTT', 'ELOTT'])));
    const has = new Set(rows.map((r) => `${r.gameType}|${r.vassalage}`));
    const list = LOTTERIES.filter((l) => has.has(`${l.gameType}|${l.vendor}`));
    // Rows read after the version are at least as new as it (a write since raised it: the next request misses).
    if (catalogue >= 0) offeredAt.set(merchantCode, { version: catalogue, list });
    return list;
  }

  async function lottery(merchantCode: string, gameCode: string, catalogue = -1): Promise<Lottery> {
    const l = lotteryByCode.get(gameCode);
    if (!l || !(await offered(merchantCode, catalogue)).includes(l))
      throw notFound(`Unknown lottery "${gameCode.slice(0, 40)}"`);
    return l;
  }

  /**
   * The last `n` revealed draws of each lottery, by game code then newest first. Each lottery's draws are read back
   * from its newest along (game_code, draw_at), so the cost stays that of `n` rows however many draws are kept: the
   * lists read the latest results after every draw time.
   */
  async function latestDraws(codes: string[], n: number): Promise<ResultRow[]> {
    if (codes.length === 0) return [];
    const latest = db
      .select(resultColumns)
      .from(lotteryDraws)
      .where(
        and(
          sql`${lotteryDraws.gameCode} = wanted.game_code`,
          inArray(lotteryDraws.status, ['DRAWN', 'SETTLED']),
        ),
      )
      .orderBy(desc(lotteryDraws.drawAt))
      .limit(n)
      .as('latest');
    return db
      .select(
        Object.fromEntries(Object.keys(resultColumns).map((k) => [k, latest[k as keyof ResultRow]])) as {
          [K in keyof ResultRow]: (typeof latest)[K];
        },
      )
      .from(wantedCodes(codes))
      .crossJoinLateral(latest)
      .orderBy(latest.gameCode, desc(latest.drawAt));
  }

  /**
   * What a menu shows of the draws of each lottery in `wanted` (a relation with a `game_code` column), in one
   * statement however many lotteries it holds: the last revealed draw, read back from the newest along (game_code,
   * draw_at) so the cost stays one row however many draws are kept, and the latest past draw still awaiting its
   * reveal or (official lotteries, see `gameOf`) confirmed results, read along (status, draw_at): few ever wait.
   */
  function menuDraws(wanted: SQL | Subquery, now: Date | Placeholder) {
    const last = db
      .select({ numbers: lotteryDraws.numbers, drawAt: lotteryDraws.drawAt })
      .from(lotteryDraws)
      .where(
        and(
          sql`${lotteryDraws.gameCode} = wanted.game_code`,
          inArray(lotteryDraws.status, ['DRAWN', 'SETTLED']),
        ),
      )
      .orderBy(desc(lotteryDraws.drawAt))
      .limit(1)
      .as('last');
    const awaiting = db
      .select({ gameCode: lotteryDraws.gameCode, issue: max(lotteryDraws.issue).as('issue') })
      .from(lotteryDraws)
      .where(and(eq(lotteryDraws.status, 'COMMITTED'), lte(lotteryDraws.drawAt, now)))
      .groupBy(lotteryDraws.gameCode)
      .as('awaiting');
    return db
      .select({
        gameCode: sql<string>`wanted.game_code`,
        numbers: last.numbers,
        drawAt: last.drawAt,
        awaiting: awaiting.issue,
      })
      .from(wanted)
      .leftJoinLateral(last, sql`true`)
      .leftJoin(awaiting, sql`${awaiting.gameCode} = wanted.game_code`);
  }

  /** The member's last 20 lotteries (any prize mode, sold or not) with their draws, newest bet first. */
  const recentDraws = (() => {
    const wanted = recentLotteries(
      db,
      sql.placeholder('merchantCode'),
      sql.placeholder('memberId'),
      RECENT_LOTTERIES,
    ).as('wanted');
    return menuDraws(wanted, sql.placeholder('now'))
      .orderBy(desc(wanted.lastBetAt), wanted.gameCode)
      .prepare('lottery_recent_menu');
  })();

  type MenuDraw = Awaited<ReturnType<typeof menuDraws>>[number];

  function gameOf(merchantCode: string, l: Lottery, draws: MenuDraw | undefined, now: Date): LotteryGame {
    const sale = saleState(l, now);
    const vendor = l.vendor;
    const s = l.schedule;
    return {
      gameId: gameIdOf.get(l.code)!,
      code: l.code,
      remark: s.kind === 'daily' ? `${s.time}` : `${s.everyMinutes}'`,
      tag: l.tag,
      gameType: l.gameType,
      vendor,
      accountTypeName: vendor,
      defaultPlayType: 'LO2',
      webIconUrl: artPath.vendor(merchantCode, vendor),
      isSale: sale.isSale,
      remainTime: sale.remainTime,
      lockTime: sale.lockTime,
      issue: sale.issue,
      drawTime: sale.drawAt.toISOString(),
      previousWinningNumber: draws?.numbers ?? null,
      previousWinningTime: draws?.drawAt?.toISOString() ?? null,
      drawDayOfWeek: s.kind === 'daily' ? [...s.days] : ALL_DAYS,
      gameMenuSort: menuSortOf.get(l.code)!,
      labelName: l.name,
      results: l.results,
      awaitingIssue: (l.results === 'OFFICIAL' && draws?.awaiting) || null,
    };
  }

  async function games(merchantCode: string, list: Lottery[], now: Date): Promise<LotteryGame[]> {
    if (list.length === 0) return [];
    const wanted = wantedCodes(list.map((l) => l.code));
    const draws = new Map((await menuDraws(wanted, now)).map((r) => [r.gameCode, r]));
    return list.map((l) => gameOf(merchantCode, l, draws.get(l.code), now));
  }

  const inMode = (mode: PrizeMode, list: readonly Lottery[]) =>
    list.filter((l) => TAGS_OF[mode].includes(l.tag));

  /** A prize mode's menu groups of `all` (each lottery in its tag's group, in the order given). */
  const grouped = (mode: PrizeMode, all: LotteryGame[]) =>
    TAGS_OF[mode]
      .map((tag) => ({ tag, tagName: TAG_NAME[tag], gameMenus: all.filter((g) => g.tag === tag) }))
      .filter((g) => g.gameMenus.length > 0);

  /**
   * The member's MAIN wallet and the house's games account, locked in id order like the ledger locks them, in one
   * statement (each is created on first use, then read again), with the merchant's lottery rules as stored (JSON
   * text, or null for the defaults) read beside them.
   */
  async function lockWallets(tx: Db, merchantCode: string, memberId: number) {
    const ledger = createLedger(tx);
    const lock = () =>
      tx
        .select({
          id: wallets.id,
          memberId: wallets.memberId,
          balance: wallets.balance,
          rules: sql<string | null>`(select ${merchantRules.rules}::text from ${merchantRules}
            where ${merchantRules.merchantCode} = ${merchantCode} and ${merchantRules.topic} = ${LOTTERY_RULES.name})`,
        })
        .from(wallets)
        .where(
          and(
            eq(wallets.merchantCode, merchantCode),
            or(
              and(eq(wallets.memberId, memberId), eq(wallets.kind, 'MAIN')),
              and(isNull(wallets.memberId), eq(wallets.kind, HOUSE_GAMES)),
            ),
          ),
        )
        .orderBy(wallets.id)
        .for('update');
    let rows = await lock();
    if (rows.length < 2) {
      await ledger.wallet(merchantCode, memberId, 'MAIN');
      await ledger.wallet(merchantCode, null, HOUSE_GAMES);
      rows = await lock();
    }
    const main = rows.find((w) => w.memberId === memberId)!;
    const house = rows.find((w) => w.memberId === null)!;
    return { main: main.id, house: house.id, balance: main.balance, rules: main.rules };
  }

  async function slip(exec: Db, memberId: number, requestId: string): Promise<LotteryBet[]> {
    const rows = await exec
      .select({ bet: lotteryBets, gameCode: lotteryDraws.gameCode, issue: lotteryDraws.issue })
      .from(lotteryBets)
      .innerJoin(lotteryDraws, eq(lotteryDraws.id, lotteryBets.drawId))
      .where(and(eq(lotteryBets.memberId, memberId), eq(lotteryBets.requestId, requestId)))
      .orderBy(lotteryBets.line);
    return rows.map((r) => betOf(r.bet, r));
  }

  const mainBalance = async (merchantCode: string, memberId: number) => {
    const ledger = createLedger(db);
    return Number(await ledger.walletBalance(await ledger.wallet(merchantCode, memberId, 'MAIN')));
  };

  return {
    /** Spec §7 lottery menu: the prize mode's groups (MB, MT, MN for Lott; FAST for Elott) with sale state. */
    async menu(merchantCode: string, mode: PrizeMode, now = clock()) {
      const list = inMode(mode, await offered(merchantCode));
      return { groups: grouped(mode, await games(merchantCode, list, now)), serverTime: now.toISOString() };
    },

    /**
     * The lotteries the member bet on lately (most recent first within each group): of the member's last 20, those
     * of the prize mode the merchant sells, read with their draws in one statement beside the merchant's catalogue.
     */
    async recentMenu(merchantCode: string, member: Member, mode: PrizeMode, now = clock()) {
      const [sold, rows] = await Promise.all([
        offered(merchantCode),
        recentDraws.execute({ merchantCode, memberId: member.id, now: now.toISOString() }),
      ]);
      const list = new Set(inMode(mode, sold));
      const all = rows.flatMap((r) => {
        const l = lotteryByCode.get(r.gameCode);
        return l && list.has(l) ? [gameOf(merchantCode, l, r, now)] : [];
      });
      return { groups: grouped(mode, all), serverTime: now.toISOString() };
    },

    /** A lottery's revealed results, newest first (numbers and salt only once drawn). */
    async opened(merchantCode: string, gameCode: string, n: number): Promise<{ list: DrawResult[] }> {
      await lottery(merchantCode, gameCode);
      return { list: (await drawnResults(db, gameCode, n)).map(publicResult) };
    },

    /** The last `n` results of every lottery of a prize mode, by game code. */
    async recent(merchantCode: string, mode: PrizeMode, n: number) {
      const codes = (await offered(merchantCode))
        .filter((l) => TAGS_OF[mode].includes(l.tag))
        .map((l) => l.code);
      const results: Record<string, DrawResult[]> = Object.fromEntries(codes.map((c) => [c, []]));
      for (const draw of await latestDraws(codes, n)) results[draw.gameCode]!.push(publicResult(draw));
      return { results };
    },

    /** The merchant's lotteries with the most bets of the last 7 days, then the rest in menu order. */
    async popular(merchantCode: string, n: number, now = clock()) {
      const bets = await betsPerLottery(db, merchantCode, new Date(now.getTime() - POPULAR_DAYS * DAY), now);
      const list = [...(await offered(merchantCode))]
        .sort(
          (a, b) =>
            (bets.get(b.code) ?? 0) - (bets.get(a.code) ?? 0) ||
            menuSortOf.get(a.code)! - menuSortOf.get(b.code)!,
        )
        .slice(0, n);
      return { list: await games(merchantCode, list, now) };
    },

    /** The draw on sale (or next, while closed) with the commitment its numbers are fixed to. */
    async next(merchantCode: string, gameCode: string, now = clock()) {
      const l = await lottery(merchantCode, gameCode);
      const sale = saleState(l, now);
      const slot = slotOfIssue(l, sale.issue)!;
      const draw = await engine.ensureDraw(l, slot);
      return {
        gameCode: l.code,
        issue: draw.issue,
        drawTime: draw.drawAt.toISOString(),
        lockTime: draw.lockAt.toISOString(),
        commitment: draw.commitment,
      };
    },

    /** The merchant's point cost, win per point and point limits per play type. */
    async rules(merchantCode: string): Promise<{ rules: PlayRule[] }> {
      const r = await rules.get(merchantCode, LOTTERY_RULES);
      return {
        rules: Object.entries(r.plays).map(([playType, p]) => ({ playType: playType as PlayType, ...p })),
      };
    },

    /**
     * Places a slip on the issue on sale: every line checked (numbers, point limits) and priced here (points × the
     * play's point cost for the lottery's structure; the client sends points only), then in one transaction
     * each bet and its game round and one ledger movement MAIN → HOUSE_GAMES for the total, keyed
     * `lottery-bet:<member>:<requestId>`. All or nothing; a resent requestId answers the first slip.
     */
    async place(merchantCode: string, member: Member, body: PlaceBody, now = clock(), catalogue = -1) {
      const betKey = `lottery-bet:${member.id}:${body.requestId}`;
      // A resent slip must be the same slip: its request id reused for another one is refused.
      const request = requestHash({
        gameCode: body.gameCode,
        issue: body.issue,
        bets: JSON.stringify(body.bets.map((b) => [b.playType, b.numbers, b.points])),
      });
      // A resent slip answers the first one's bets, whenever it comes (after the close too); looked for only when
      // the slip cannot be placed as new, so a fresh slip costs no read for it.
      const firstReply = async () => {
        const first = await slip(db, member.id, body.requestId);
        if (first.length === 0) return undefined;
        await createLedger(db).assertSameRequest(merchantCode, betKey, request);
        return { bets: first, balance: await mainBalance(merchantCode, member.id) };
      };

      const l = await lottery(merchantCode, body.gameCode, catalogue);
      const structure = betStructure(l, body.bets.length);
      const slot = slotOfIssue(l, body.issue);
      if (!slot) throw notFound(`Unknown draw "${body.issue.slice(0, 20)}" of ${l.code}`);
      const closed = slot.lockAt.getTime() <= now.getTime();
      if (closed || saleState(l, now).issue !== slot.issue) {
        const first = await firstReply();
        if (first) return first;
        throw closed ? closedForBets() : new DomainError(409, 'CONFLICT', 'This draw is not on sale yet');
      }

      /**
       * The slip in one transaction of two statements: the member's wallets locked with the merchant's prices read
       * beside them, then (the lines checked and priced here) `placeStatement`: the draw share-locked (its reveal
       * waits for this slip, and a slip that comes after the reveal is refused), what the member already staked on
       * it, whether this request id was placed already, the break and loss limits with this slip's stake, all read
       * after the wallet lock (a slip of the same member that committed meanwhile counts), and when every check
       * holds the rounds, the bets and the ledger movement.
       */
      const attempt = () =>
        db.transaction(async (txRaw) => {
          const tx = txRaw as unknown as Db;
          const w = await lockWallets(tx, merchantCode, member.id);
          const r = rulesOf(w.rules);
          const fields = slipProblems(body, r);
          if (fields) return { invalid: fields } as const;
          const priced = body.bets.map((b) => ({
            ...b,
            ...priceLine(r.plays[b.playType], structure, b.points),
          }));
          const total = priced.reduce((sum, b) => sum + b.stake, 0n);
          const row = await placeStatement(
            tx,
            {
              merchantCode,
              memberId: member.id,
              lottery: l,
              issue: slot.issue,
              requestId: body.requestId,
              betKey,
              request,
              priced,
              total,
              maxPerDraw: BigInt(r.maxPerDraw),
              wallets: w,
              now,
            },
            guard,
          );
          if (!row) return 'NO_DRAW' as const;
          if (row.seen) return 'SEEN' as const;
          const refusal =
            row.status !== 'COMMITTED'
              ? closedForBets()
              : (guard.playRefusal(row) ??
                (BigInt(row.placed) + total > BigInt(r.maxPerDraw)
                  ? new DomainError(400, 'VALIDATION', 'Over the most you may stake on one draw', {
                      bets: `At most ${r.maxPerDraw} per draw (${row.placed} already placed)`,
                    })
                  : w.balance < total
                    ? insufficientFunds(w.balance)
                    : undefined));
          // The statement wrote exactly when every check held: anything else is a defect, and rolls back.
          if ((refusal === undefined) !== (row.transaction_id !== null))
            throw new Error(`slip ${betKey}: checks and statement disagree`);
          if (refusal) throw refusal;
          const key = { gameCode: l.code, issue: slot.issue };
          const bets = priced.map(
            (b, line): LotteryBet => ({
              id: Number(row.bet_ids[line]),
              gameCode: key.gameCode,
              issue: key.issue,
              playType: b.playType,
              numbers: b.numbers,
              points: b.points,
              stake: Number(b.stake),
              winPerHit: Number(b.winPerHit),
              status: 'OPEN',
              winUnits: null,
              payout: null,
              createdAt: now.toISOString(),
              settledAt: null,
            }),
          );
          return { bets, balance: Number(w.balance - total), total };
        });

      let placed = await attempt();
      if (placed === 'NO_DRAW') {
        // The job commits draws ahead of their sales; without it (a fresh start, tests) the slip commits this one.
        await engine.ensureDraw(l, slot);
        placed = await attempt();
      }
      if (placed === 'SEEN' || placed === 'NO_DRAW' || 'invalid' in placed) {
        const first = await firstReply();
        if (first) return first;
        if (placed !== 'SEEN' && placed !== 'NO_DRAW')
          throw new DomainError(400, 'VALIDATION', 'Some bets are not valid', placed.invalid);
        throw closedForBets();
      }
      postingObservers.getStore()?.(merchantCode, 'LOTTERY_BET', placed.total);
      return { bets: placed.bets, balance: placed.balance };
    },

    /** The member's bets, newest first. */
    async myBets(
      merchantCode: string,
      member: Member,
      q: { gameCode?: string; status?: BetRow['status']; pageNo: number; pageSize: number },
    ) {
      const where = and(
        eq(lotteryBets.merchantCode, merchantCode),
        eq(lotteryBets.memberId, member.id),
        ...(q.gameCode ? [eq(lotteryDraws.gameCode, q.gameCode)] : []),
        ...(q.status ? [eq(lotteryBets.status, q.status)] : []),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ bet: lotteryBets, gameCode: lotteryDraws.gameCode, issue: lotteryDraws.issue })
          .from(lotteryBets)
          .innerJoin(lotteryDraws, eq(lotteryDraws.id, lotteryBets.drawId))
          .where(where)
          .orderBy(desc(lotteryBets.createdAt), desc(lotteryBets.id))
          .limit(q.pageSize)
          .offset((q.pageNo - 1) * q.pageSize),
        // Every bet has its draw (a foreign key): the draws are joined only to filter by lottery, else the count
        // reads the member's bets alone, not a draw lookup per bet of the member's whole history.
        q.gameCode
          ? db
              .select({ n: count() })
              .from(lotteryBets)
              .innerJoin(lotteryDraws, eq(lotteryDraws.id, lotteryBets.drawId))
              .where(where)
          : db.select({ n: count() }).from(lotteryBets).where(where),
      ]);
      return {
        list: rows.map((r) => betOf(r.bet, r)),
        totalPages: Math.ceil((total?.n ?? 0) / q.pageSize),
      };
    },
  };
}
export type LotteryService = ReturnType<typeof createLotteryService>;
