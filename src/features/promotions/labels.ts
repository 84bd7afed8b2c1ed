import { useLingui } from '@lingui/react/macro';
import type { ActivityStatus, PromotionCategory, PromotionKind } from '../../../contract/promotions.ts';

/** The words of the promotions pages for the contract's codes (spec §4 activity status, §2 promotions by type). */
export function usePromotionLabels() {
  const { t } = useLingui();
  const status: Record<ActivityStatus, string> = {
    JOIN: t`Join`,
    CLAIM: t`Claim`,
    APPLYING: t`Applying`,
    REJECTED: t`Rejected`,
    ISSUED: t`Issued`,
    CLAIMED: t`Claimed`,
    PROCESS: t`Process`,
    JOINED: t`Joined`,
  };
  const kind: Record<PromotionKind, string> = {
    APPLY: t`Apply`,
    CODE: t`Promo code`,
    RESCUE: t`Rescue fund`,
    DAILY_TASK: t`Daily task`,
    SIGN_IN: t`Sign-in`,
    RAFFLE: t`Raffle`,
  };
  const category: Record<PromotionCategory, string> = {
    NEW_MEMBER: t`New members`,
    DEPOSIT: t`Deposit`,
    DAILY: t`Daily`,
    VIP: t`VIP`,
    OTHER: t`Other`,
  };
  return { status, kind, category };
}

/** Statuses the member can act on (join, claim, apply again): their button stands out. */
export const ACTIONABLE: readonly ActivityStatus[] = ['JOIN', 'CLAIM', 'REJECTED'];
