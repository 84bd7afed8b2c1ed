import { and, eq, gt, gte, inArray, isNotNull, isNull, lt, max, ne, or, sql } from 'drizzle-orm';
import {
  CONTRACT_FEATURES,
  type ContractKind,
  type ContractTier,
  contractKind,
} from '../../../contract/agent.ts';
import { TRIAL_AGENT_TYPE } from '../../../contract/member.ts';
import type { Db } from '../../db/client.ts';
import {
  agentContracts,
  contractSettlements,
  gameRounds,
  members,
  memberTree,
  merchants,
} from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import { zoneOf } from '../wallet/days.ts';
import type { Ledger } from '../wallet/ledger.ts';
import { type Window, windowsBetween } from './windows.ts';

export type ContractRow = typeof agentContracts.$inferSelect;

/** What a team did in an interval: members with a settled bet, their bets and wins (minor units). */
export interface Figures {
  activeMembers: number;
  bet: bigint;
  win: bigint;
}

const BP = 10_000n;
/** A job run settles at most this many windows of a contract; the next run goes on from there. */
const WINDOWS_PER_RUN = 500;

/** The rate of the highest tier the figures reach (none reached: 0). */
export function rateOf(tiers: ContractTier[], f: { activeMembers: number; bet: bigint }): number {
  let rate = 0;
  for (const t of tiers)
    if (f.activeMembers >= t.activeMembers && f.bet >= BigInt(t.betAmount)) rate = Math.max(rate, t.rateBp);
  return rate;
}

/** Salaries pay on the team's bets, a dividend on its net loss; the house never pays a fraction of a minor unit. */
export function payOf(kind: ContractKind, tiers: ContractTier[], f: Figures) {
  const rateBp = rateOf(tiers, f);
  const base = kind === 'DIVIDEND' ? (f.bet > f.win ? f.bet - f.win : 0n) : f.bet;
  return { rateBp, base, gross: (base * BigInt(rateBp)) / BP };
}

/** The part of `w` a contract was in force: clipped to [activeFrom, endedAt); null when they do not meet. */
function clip(w: Window, c: Pick<ContractRow, 'activeFrom' | 'endedAt'>): Window | null {
  if (!c.activeFrom) return null;
  const start = new Date(Math.max(c.activeFrom.getTime(), w.start.getTime()));
  const end = new Date(Math.min(c.endedAt?.getTime() ?? w.end.getTime(), w.end.getTime()));
  return start < end ? { start, end } : null;
}

/** Thrown inside a payment's transaction when another run wrote the window first: rolls the payment back. */
class AlreadySettled extends Error {}

/**
 * Contract settlement (spec §7): per contract and window, the agent earns its rate on its team's figures less what
 * its direct downline agents earn by their own contracts of that kind in the same window. A window pays exactly
 * once: the payment's idempotency key and the settlement row's unique key are both (contract, window start), and
 * the row is written in the payment's transaction.
 */
export function createSettlement(db: Db, deps: { ledger: Ledger }) {
  const { ledger } = deps;

  /**
   * Everyone below the agent (not the agent itself: no pay on one's own bets, as the team pages count), trial
   * accounts excluded, over settled rounds of the interval.
   */
  async function teamFigures(merchantCode: string, agentId: number, w: Window): Promise<Figures> {
    const [row] = await db
      .select({
        activeMembers:
          sql<number>`count(distinct ${gameRounds.memberId}) filter (where ${gameRounds.bet} > 0)`.mapWith(
            Number,
          ),
        bet: sql<string>`coalesce(sum(${gameRounds.bet}), 0)::text`,
        win: sql<string>`coalesce(sum(${gameRounds.win}), 0)::text`,
      })
      .from(memberTree)
      .innerJoin(
        members,
        and(eq(members.id, memberTree.descendantId), ne(members.agentType, TRIAL_AGENT_TYPE)),
      )
      .innerJoin(gameRounds, eq(gameRounds.memberId, memberTree.descendantId))
      .where(
        and(
          eq(memberTree.ancestorId, agentId),
          gt(memberTree.depth, 0),
          eq(gameRounds.merchantCode, merchantCode),
          eq(gameRounds.status, 'SETTLED'),
          gte(gameRounds.settledAt, w.start),
          lt(gameRounds.settledAt, w.end),
        ),
      );
    return { activeMembers: row?.activeMembers ?? 0, bet: BigInt(row?.bet ?? 0), win: BigInt(row?.win ?? 0) };
  }

  /**
   * The 5-minute marks (ms) at which the team has settled rounds in [from, to). Every window edge, in any zone, is
   * such a mark, so a window without one had no play: it is recorded without asking for its figures.
   */
  async function busyMarks(c: ContractRow, from: Date, to: Date): Promise<number[]> {
    const mark = sql<string>`date_bin('5 minutes', ${gameRounds.settledAt}, timestamptz '2000-01-01T00:00:00Z')`;
    const rows = await db
      .selectDistinct({ mark: sql<string>`${mark}::text` })
      .from(memberTree)
      .innerJoin(gameRounds, eq(gameRounds.memberId, memberTree.descendantId))
      .where(
        and(
          eq(memberTree.ancestorId, c.downlineId),
          gt(memberTree.depth, 0),
          eq(gameRounds.merchantCode, c.merchantCode),
          eq(gameRounds.status, 'SETTLED'),
          gte(gameRounds.settledAt, from),
          lt(gameRounds.settledAt, to),
        ),
      );
    return rows.map((r) => new Date(r.mark).getTime());
  }

  /** Records windows in which the team did not play (nothing to pay), in one statement. */
  async function settleQuiet(c: ContractRow, windows: Window[]): Promise<number> {
    if (windows.length === 0) return 0;
    const zero = payOf(c.kind, c.tiers, { activeMembers: 0, bet: 0n, win: 0n });
    const written = await db
      .insert(contractSettlements)
      .values(
        windows.map((w) => ({
          merchantCode: c.merchantCode,
          contractId: c.id,
          memberId: c.downlineId,
          kind: c.kind,
          windowStart: w.start,
          windowEnd: w.end,
          activeMembers: 0,
          bet: 0n,
          base: 0n,
          rateBp: zero.rateBp,
          gross: 0n,
          deducted: 0n,
          amount: 0n,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: contractSettlements.id });
    return written.length;
  }

  /** What contracts of this kind held by the agent's direct downlines earn in the interval (each on its own part). */
  async function downlineGross(c: ContractRow, interval: Window): Promise<bigint> {
    const held = await db
      .select({ contract: agentContracts })
      .from(agentContracts)
      .innerJoin(members, eq(members.id, agentContracts.downlineId))
      .where(
        and(
          eq(agentContracts.merchantCode, c.merchantCode),
          eq(agentContracts.kind, c.kind),
          eq(members.uplineId, c.downlineId),
          isNotNull(agentContracts.activeFrom),
          lt(agentContracts.activeFrom, interval.end),
          or(isNull(agentContracts.endedAt), gt(agentContracts.endedAt, interval.start)),
        ),
      );
    let sum = 0n;
    for (const { contract: d } of held) {
      const part = clip(interval, d);
      if (!part) continue;
      sum += payOf(d.kind, d.tiers, await teamFigures(d.merchantCode, d.downlineId, part)).gross;
    }
    return sum;
  }

  /** Settles one window of a contract; `paid` is what moved now (0 when the window was settled already). */
  async function settleWindow(c: ContractRow, w: Window): Promise<{ written: boolean; paid: bigint }> {
    const interval = clip(w, c);
    if (!interval) return { written: false, paid: 0n };
    const figures = await teamFigures(c.merchantCode, c.downlineId, interval);
    const pay = payOf(c.kind, c.tiers, figures);
    const deducted = pay.gross > 0n ? await downlineGross(c, interval) : 0n;
    const amount = pay.gross > deducted ? pay.gross - deducted : 0n;
    const row = {
      merchantCode: c.merchantCode,
      contractId: c.id,
      memberId: c.downlineId,
      kind: c.kind,
      windowStart: w.start,
      windowEnd: w.end,
      activeMembers: figures.activeMembers,
      bet: figures.bet,
      base: pay.base,
      rateBp: pay.rateBp,
      gross: pay.gross,
      deducted,
      amount,
    };
    if (amount === 0n) {
      const written = await db.insert(contractSettlements).values(row).onConflictDoNothing().returning();
      return { written: written.length > 0, paid: 0n };
    }
    const [promo, main] = await Promise.all([
      ledger.wallet(c.merchantCode, null, 'HOUSE_PROMO'),
      ledger.wallet(c.merchantCode, c.downlineId, 'MAIN'),
    ]);
    try {
      const posted = await ledger.post(
        c.merchantCode,
        `contract:${c.id}:${w.start.toISOString()}`,
        'CONTRACT_PAY',
        [
          { walletId: promo, amount: -amount },
          { walletId: main, amount },
        ],
        {
          contractId: c.id,
          memberId: c.downlineId,
          kind: c.kind,
          windowStart: w.start.toISOString(),
          amount: Number(amount),
        },
        async (tx) => {
          const written = await tx.insert(contractSettlements).values(row).onConflictDoNothing().returning();
          if (written.length === 0) throw new AlreadySettled();
        },
      );
      return posted.replayed ? { written: false, paid: 0n } : { written: true, paid: amount };
    } catch (err) {
      if (err instanceof AlreadySettled) return { written: false, paid: 0n };
      throw err;
    }
  }

  /**
   * Settles every window of the merchant's contracts that has ended by `until` and is not settled yet, from each
   * contract's activeFrom (earlier windows never pay). Kinds switched off for the merchant wait.
   */
  async function settle(merchantCode: string, until: Date) {
    const [merchant] = await db.select().from(merchants).where(eq(merchants.code, merchantCode));
    if (!merchant) throw new DomainError(404, 'NOT_FOUND', `Unknown merchant "${merchantCode}"`);
    const zone = zoneOf(merchant);
    const kinds = contractKind.options.filter((k) => merchant.settings.features[CONTRACT_FEATURES[k]]);
    if (kinds.length === 0) return { settled: 0, paid: 0n };
    const lastEnd = db
      .select({
        contractId: contractSettlements.contractId,
        end: max(contractSettlements.windowEnd).as('end'),
      })
      .from(contractSettlements)
      .where(eq(contractSettlements.merchantCode, merchantCode))
      .groupBy(contractSettlements.contractId)
      .as('last_end');
    const open = await db
      .select({ contract: agentContracts, lastEnd: lastEnd.end })
      .from(agentContracts)
      .leftJoin(lastEnd, eq(lastEnd.contractId, agentContracts.id))
      .where(
        and(
          eq(agentContracts.merchantCode, merchantCode),
          inArray(agentContracts.kind, kinds),
          isNotNull(agentContracts.activeFrom),
          lt(agentContracts.activeFrom, until),
          // A contract that ended and whose last window is settled has nothing left.
          or(isNull(agentContracts.endedAt), isNull(lastEnd.end), lt(lastEnd.end, agentContracts.endedAt)),
        ),
      )
      .orderBy(agentContracts.id);
    let settled = 0;
    let paid = 0n;
    for (const { contract: c, lastEnd: end } of open) {
      const from = end && end > c.activeFrom! ? end : c.activeFrom!;
      const windows = windowsBetween(
        c.kind,
        c.period,
        zone,
        { from, until, stop: c.endedAt },
        WINDOWS_PER_RUN,
      );
      if (windows.length === 0) continue;
      const marks = await busyMarks(c, windows[0]!.start, windows.at(-1)!.end);
      const busy = (w: Window) => marks.some((m) => m >= w.start.getTime() && m < w.end.getTime());
      // In window order, so the last recorded window always marks how far the contract is settled.
      let quiet: Window[] = [];
      for (const w of windows) {
        if (!busy(w)) {
          quiet.push(w);
          continue;
        }
        settled += await settleQuiet(c, quiet);
        quiet = [];
        const r = await settleWindow(c, w);
        if (r.written) settled += 1;
        paid += r.paid;
      }
      settled += await settleQuiet(c, quiet);
    }
    return { settled, paid };
  }

  return { teamFigures, settleWindow, settle };
}
export type Settlement = ReturnType<typeof createSettlement>;
