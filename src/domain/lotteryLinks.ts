import type { GameType } from '../../contract/games.ts';
import type { LotteryTag } from '../../contract/lottery.ts';

/** The lottery centre's categories (its category selector, and the `prizeMode` of its link). */
export type LotteryCategory = 'Lott' | 'Elott';

/** The lottery centre on a category, and on one tab of it (e.g. the Keno vendor's KENO tab). */
export interface LotteryCentreSearch {
  prizeMode: LotteryCategory;
  tag?: LotteryTag;
}

/** Where a lottery entry of the header, a lobby tile or the home page leads. */
export type LotteryEntry =
  | { kind: 'centre'; to: '/lotteryCenter'; search: LotteryCentreSearch }
  /** Spec §2: a lottery entry of the TCG_SEA vendor starts its game directly (login first, spec §4). */
  | { kind: 'start'; to: '/lottery'; search: { vendor: string } };

export const isLotteryType = (gameType: GameType): gameType is 'LOTT' | 'ELOTT' =>
  gameType === 'LOTT' || gameType === 'ELOTT';

/** Spec §9 vendors: TCG_SEA sells the fast lotteries, GPI the Keno (spec §2 Lottery widget); others the daily ones. */
const VENDOR_TAG: Record<string, LotteryTag> = { TCG_SEA: 'FAST', GPI: 'KENO' };

/** The tab a lottery vendor's games are on, when it has one of its own. */
export const vendorTag = (vendor: string | undefined): LotteryTag | undefined =>
  vendor ? VENDOR_TAG[vendor] : undefined;

/**
 * Spec §2 path map (lottery → /lotteryCenter): a lottery category, or one of its vendors, opens the centre on that
 * category (a vendor with a tab of its own on that tab); the TCG_SEA vendor starts its game instead (the first of its
 * lotteries, on the betting page).
 */
export function lotteryEntry(gameType: 'LOTT' | 'ELOTT', vendor?: string): LotteryEntry {
  if (vendor === 'TCG_SEA') return { kind: 'start', to: '/lottery', search: { vendor } };
  const tag = vendorTag(vendor);
  return {
    kind: 'centre',
    to: '/lotteryCenter',
    search: { prizeMode: gameType === 'LOTT' ? 'Lott' : 'Elott', ...(tag ? { tag } : {}) },
  };
}
