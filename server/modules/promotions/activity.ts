import { sql } from 'drizzle-orm';
import type { PromotionSettings, PromotionState } from '../../../contract/promotions.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { Period } from '../missions/periods.ts';
import { type EntryRow, type PromotionRow, settingsOf } from './view.ts';

/** What the daily kinds read from the member's settled rounds (minor units). */
export interface Figures {
  /** Bets of rounds settled today (DAILY_TASK). */
  todayBet: bigint;
  /** Bets less wins of rounds settled yesterday (RESCUE); negative when the member came out ahead. */
  yesterdayLoss: bigint;
}

export const NO_FIGURES: Figures = { todayBet: 0n, yesterdayLoss: 0n };

/**
 * Today's bets and yesterday's net loss, from SETTLED rounds only (an open round may still be cancelled, a rolled
 * back one never happened), placed in a day by when they settled.
 */
export async function figuresOf(
  db: Db | Tx,
  merchantCode: string,
  memberId: number,
  days: { today: Period; yesterday: Period },
): Promise<Figures> {
  const { today, yesterday } = days;
  const inToday = sql`settled_at >= ${today.start.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    select
      coalesce(sum(bet) filter (where ${inToday}), 0)::text as today_bet,
      coalesce(sum(bet - win) filter (where not (${inToday})), 0)::text as yesterday_loss
    from game_rounds
    where merchant_code = ${merchantCode} and member_id = ${memberId} and status = 'SETTLED'
      and settled_at >= ${yesterday.start.toISOString()}::timestamptz
      and settled_at < ${today.end.toISOString()}::timestamptz`);
  const [row] = (result as unknown as { rows: { today_bet: string; yesterday_loss: string }[] }).rows;
  return { todayBet: BigInt(row?.today_bet ?? 0), yesterdayLoss: BigInt(row?.yesterday_loss ?? 0) };
}

/** The rescue fund's pay for a loss: its rate, rounded down, up to its cap; nothing below the minimum loss. */
export function rescueReward(loss: bigint, s: Extract<PromotionSettings, { kind: 'RESCUE' }>): bigint {
  if (loss < BigInt(s.minLoss)) return 0n;
  const share = (loss * BigInt(s.rateBp)) / 10_000n;
  return share < BigInt(s.maxReward) ? share : BigInt(s.maxReward);
}

const amount = (v: bigint | null) => (v === null ? null : Number(v));

/**
 * The member's status in one promotion, from its entry of the current period (none yet: undefined) and the day's
 * figures. A claim pays exactly the `reward` of a CLAIM state.
 */
export function stateOf(p: PromotionRow, entry: EntryRow | undefined, f: Figures, at: Date): PromotionState {
  const base = { promotionId: p.id, reward: null, reviewRemark: null };
  const s = settingsOf(p);
  switch (s.kind) {
    case 'APPLY':
      if (!entry) return { ...base, status: 'JOIN' };
      return {
        ...base,
        status: entry.status as 'APPLYING' | 'REJECTED' | 'ISSUED',
        reward: entry.status === 'ISSUED' ? amount(entry.reward) : null,
        reviewRemark: entry.status === 'REJECTED' ? entry.reviewRemark : null,
      };
    case 'CODE':
      return entry
        ? { ...base, status: 'CLAIMED', reward: amount(entry.reward) }
        : { ...base, status: 'JOIN' };
    case 'RESCUE': {
      const progress = Number(f.yesterdayLoss > 0n ? f.yesterdayLoss : 0n);
      if (entry) return { ...base, status: 'CLAIMED', progress, reward: amount(entry.reward) };
      const pay = rescueReward(f.yesterdayLoss, s);
      return pay > 0n
        ? { ...base, status: 'CLAIM', progress, reward: Number(pay) }
        : { ...base, status: 'PROCESS', progress };
    }
    case 'DAILY_TASK': {
      const progress = Number(f.todayBet);
      if (entry) return { ...base, status: 'CLAIMED', progress, reward: amount(entry.reward) };
      return f.todayBet >= BigInt(s.target)
        ? { ...base, status: 'CLAIM', progress, reward: Number(p.reward) }
        : { ...base, status: 'PROCESS', progress };
    }
    case 'SIGN_IN':
      return entry
        ? { ...base, status: 'CLAIMED', reward: amount(entry.reward) }
        : { ...base, status: 'CLAIM', reward: Number(p.reward) };
    case 'RAFFLE':
      if (!entry) return { ...base, status: at < new Date(s.drawAt) ? 'JOIN' : 'PROCESS' };
      if (entry.status === 'WON')
        return { ...base, status: 'CLAIM', reward: amount(entry.reward), won: true };
      if (entry.status === 'CLAIMED')
        return { ...base, status: 'CLAIMED', reward: amount(entry.reward), won: true };
      return { ...base, status: 'JOINED', ...(entry.status === 'LOST' ? { won: false } : {}) };
  }
}

/** Whether a kind's status needs the day's figures. */
export const needsFigures = (p: PromotionRow) => ['RESCUE', 'DAILY_TASK'].includes(settingsOf(p).kind);
