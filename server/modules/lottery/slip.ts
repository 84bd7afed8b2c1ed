import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { placeBets } from '../../../contract/lottery.ts';
import { type Db, executePrepared } from '../../db/client.ts';
import {
  gameRounds,
  ledgerEntries,
  ledgerTransactions,
  lotteryBets,
  lotteryDraws,
  wallets,
} from '../../db/schema/index.ts';
import type { PlayVerdictRow } from '../responsible/service.ts';
import type { Lottery } from './catalogue.ts';
import { numbersProblem } from './plays.ts';
import { LOTTERY_RULES, type LotteryRules } from './rules.ts';

type PlaceBody = z.output<(typeof placeBets)['body']>;

/** The responsible-gambling check folded into the slip's statement (server/modules/responsible). */
export interface PlayVerdict {
  playVerdict(memberId: number, stake: SQL): SQL;
  playRefusal(row: PlayVerdictRow): Error | undefined;
}

/**
 * The merchant's lottery rules from their stored JSON text (null: none stored), parsed once per distinct text:
 * keyed by the text itself, a changed topic is parsed afresh on the first slip that reads it.
 */
const parsedRules = new Map<string | null, LotteryRules>();
export function rulesOf(text: string | null): LotteryRules {
  const known = parsedRules.get(text);
  if (known) return known;
  // As the rules store reads a topic: a row the schema no longer accepts reads as the defaults.
  const parsed = text === null ? undefined : LOTTERY_RULES.schema.safeParse(JSON.parse(text));
  const rules = parsed?.success ? parsed.data : LOTTERY_RULES.defaults;
  if (parsedRules.size > 100) parsedRules.clear();
  parsedRules.set(text, rules);
  return rules;
}

/** Each line's numbers and points against the play's limits, by field; undefined when every line holds. */
export function slipProblems(body: PlaceBody, r: LotteryRules): Record<string, string> | undefined {
  const fields: Record<string, string> = {};
  body.bets.forEach((b, i) => {
    const problem = numbersProblem(b.playType, b.numbers);
    if (problem) fields[`bets.${i}.numbers`] = problem;
    const { minPoints, maxPoints } = r.plays[b.playType];
    if (b.points < minPoints) fields[`bets.${i}.points`] = `The least is ${minPoints} points`;
    else if (b.points > maxPoints) fields[`bets.${i}.points`] = `The most is ${maxPoints} points`;
  });
  return Object.keys(fields).length > 0 ? fields : undefined;
}

interface PricedLine {
  playType: string;
  numbers: string[];
  points: number;
  stake: bigint;
  winPerHit: bigint;
}

export interface SlipInput {
  merchantCode: string;
  memberId: number;
  lottery: Lottery;
  issue: string;
  requestId: string;
  /** The ledger movement's idempotency key and the request's fingerprint. */
  betKey: string;
  request: string;
  priced: PricedLine[];
  total: bigint;
  maxPerDraw: bigint;
  /** The member's MAIN and the house's games wallet, locked by this transaction, and the MAIN balance. */
  wallets: { main: number; house: number; balance: bigint };
  now: Date;
}

/** What the slip's statement read, and what it wrote (`transaction_id` and `bet_ids` null when nothing). */
export interface SlipRow extends PlayVerdictRow {
  status: string;
  placed: string;
  seen: boolean;
  transaction_id: string | number | null;
  bet_ids: (string | number)[];
}

/**
 * The slip's reads and writes as one statement, in the transaction that locked the member's wallets (so its
 * snapshot, taken after that lock, counts every slip of the member that committed before): the draw share-locked
 * with what the member staked on it and whether this request id was placed, the break and loss limits with this
 * slip's stake; then, only when every check holds, one game round per line, the bets, and the ledger movement MAIN
 * → HOUSE_GAMES for the total (its transaction row, reply with the bet ids, balances, entries each with its wallet's
 * balance after), as `ledger.post` writes it. No row: the draw does not exist yet.
 */
export async function placeStatement(tx: Db, s: SlipInput, guard: PlayVerdict): Promise<SlipRow | undefined> {
  const { merchantCode, memberId, lottery: l, issue, now } = s;
  const total = sql`${s.total.toString()}::bigint`;
  const at = sql`${now.toISOString()}::timestamptz`;
  const lines = sql.join(
    s.priced.map(
      (b, line) =>
        sql`(${line}::int, ${`lottery:${memberId}:${s.requestId}:${line}`}::text, ${b.playType}::text,
          ${JSON.stringify(b.numbers)}::jsonb, ${b.points}::int, ${b.stake.toString()}::bigint,
          ${b.winPerHit.toString()}::bigint,
          ${JSON.stringify({ gameCode: l.code, issue, playType: b.playType, numbers: b.numbers })}::jsonb)`,
    ),
    sql`, `,
  );
  const { rows } = await executePrepared<SlipRow>(
    tx,
    sql`
    with line (ord, round_ref, play_type, numbers, points, stake, win_per_hit, outcome) as (values ${lines}),
    draw as (
      select d.id, d.status,
        (select coalesce(sum(b.stake), 0) from ${lotteryBets} b
          where b.member_id = ${memberId}::int and b.draw_id = d.id) as placed,
        exists (select 1 from ${lotteryBets} b
          where b.member_id = ${memberId}::int and b.request_id = ${s.requestId}::text) as seen
      from ${lotteryDraws} d
      where d.game_code = ${l.code}::text and d.issue = ${issue}::text
      for share of d
    ),
    verdict as (
      select draw.*, play.*,
        not draw.seen and draw.status = 'COMMITTED' and play.play_break is null and play.play_over is null
          and draw.placed + ${total} <= ${s.maxPerDraw.toString()}::bigint
          and ${s.wallets.balance.toString()}::bigint >= ${total} as go
      from draw cross join (select ${guard.playVerdict(memberId, total)}) play
    ),
    rounds as (
      insert into ${gameRounds} (merchant_code, member_id, vassalage, node_id, game_type, round_ref, bet, status,
        created_at, outcome)
      select ${merchantCode}::text, ${memberId}::int, ${l.vendor}::text, ${l.code}::text, ${l.gameType}::text,
        line.round_ref, line.stake, 'OPEN', ${at}, line.outcome
      from line cross join verdict where verdict.go
      returning id, round_ref
    ),
    bets as (
      insert into ${lotteryBets} (merchant_code, member_id, draw_id, round_id, play_type, numbers, points, stake,
        win_per_hit, request_id, line, created_at)
      select ${merchantCode}::text, ${memberId}::int, verdict.id, rounds.id, line.play_type, line.numbers,
        line.points, line.stake, line.win_per_hit, ${s.requestId}::text, line.ord, ${at}
      from line join rounds on rounds.round_ref = line.round_ref cross join verdict
      returning id, line
    ),
    created as (
      insert into ${ledgerTransactions} (merchant_code, idempotency_key, kind, reply, request_hash)
      select ${merchantCode}::text, ${s.betKey}::text, 'LOTTERY_BET',
        jsonb_build_object('memberId', ${memberId}::int, 'gameCode', ${l.code}::text, 'issue', ${issue}::text,
          'betIds', (select jsonb_agg(id order by line) from bets)),
        ${s.request}::text
      from verdict where verdict.go
      on conflict do nothing
      returning id
    ),
    leg (ord, wallet_id, amount) as (
      values (0, ${s.wallets.main}::int, -${total}), (1, ${s.wallets.house}::int, ${total})
    ),
    moved as (
      update ${wallets} w set balance = w.balance + leg.amount
      from leg where w.id = leg.wallet_id and exists (select 1 from created)
      returning w.id, w.balance
    ),
    entered as (
      insert into ${ledgerEntries} (transaction_id, wallet_id, amount, balance_after)
      select created.id, leg.wallet_id, leg.amount, moved.balance
      from created cross join leg join moved on moved.id = leg.wallet_id
      order by leg.ord
    )
    select verdict.status, verdict.placed::text as placed, verdict.seen, verdict.play_break, verdict.play_over,
      (select id from created) as transaction_id,
      (select coalesce(json_agg(id order by line), '[]'::json) from bets) as bet_ids
    from verdict`,
  );
  return rows[0];
}
