import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ContractKind, ContractPeriod } from '../../contract/agent.ts';
import type { OpsRole } from '../../contract/backoffice.ts';
import type { ChangeStatus } from '../../contract/changes.ts';
import type { MessageCategory } from '../../contract/messages.ts';
import type { PaymentStatus } from '../../contract/payments.ts';
import type { RedemptionStatus } from '../../contract/points.ts';
import type { entryStatus, PromotionCategory, PromotionKind } from '../../contract/promotions.ts';
import type { TicketType } from '../../contract/rewards.ts';

/** Names of the back office's codes (the server keeps codes; the operator reads words). */

export const ROLE_LABEL: Record<OpsRole, MessageDescriptor> = {
  ADMIN: msg`Administrator`,
  FINANCE: msg`Finance`,
  CONTENT: msg`Content`,
  SUPPORT: msg`Support`,
};

export const PAYMENT_STATUS_LABEL: Record<PaymentStatus, MessageDescriptor> = {
  PENDING: msg`Pending`,
  CREDITED: msg`Credited`,
  FAILED: msg`Failed`,
  REQUESTED: msg`Requested`,
  APPROVED: msg`Approved`,
  DISBURSED: msg`Disbursed`,
  RECEIVED: msg`Received`,
  NOT_RECEIVED: msg`Not received`,
  FORCED_RECEIVED: msg`Received (forced)`,
  REJECTED: msg`Rejected`,
  REFUNDED: msg`Refunded`,
};

export const REDEMPTION_STATUS_LABEL: Record<RedemptionStatus, MessageDescriptor> = {
  IN_PROCESS: msg`In process`,
  APPROVED: msg`Approved`,
  REJECTED: msg`Rejected`,
};

export const CHANGE_STATUS_LABEL: Record<ChangeStatus, MessageDescriptor> = {
  DRAFT: msg`Pending`,
  APPROVED: msg`Approved`,
  REJECTED: msg`Rejected`,
  REPLACED: msg`Replaced`,
};

/** Spec §3 announcement types. */
export const NOTICE_TYPE_LABEL: Record<'B' | 'PL' | 'PU' | 'PR' | 'H', MessageDescriptor> = {
  B: msg`Notice bar`,
  PL: msg`Player list`,
  PU: msg`Popup`,
  PR: msg`Promotion`,
  H: msg`Help`,
};

export const CATEGORY_LABEL: Record<PromotionCategory, MessageDescriptor> = {
  NEW_MEMBER: msg`New member`,
  DEPOSIT: msg`Deposit`,
  DAILY: msg`Daily`,
  VIP: msg`VIP`,
  OTHER: msg`Other`,
};

export const KIND_LABEL: Record<PromotionKind, MessageDescriptor> = {
  APPLY: msg`Application`,
  CODE: msg`Promo code`,
  RESCUE: msg`Rescue fund`,
  DAILY_TASK: msg`Daily task`,
  SIGN_IN: msg`Sign-in`,
  RAFFLE: msg`Raffle`,
};

export const ENTRY_STATUS_LABEL: Record<(typeof entryStatus.options)[number], MessageDescriptor> = {
  APPLYING: msg`Applying`,
  REJECTED: msg`Rejected`,
  ISSUED: msg`Issued`,
  CLAIMED: msg`Claimed`,
  JOINED: msg`Joined`,
  WON: msg`Won`,
  LOST: msg`Lost`,
};

export const TICKET_LABEL: Record<TicketType, MessageDescriptor> = {
  RED_ENVELOPE: msg`Red envelope`,
  PRIZE_WHEEL: msg`Prize wheel`,
  GOLDEN_EGG: msg`Golden egg`,
};

export const CONTRACT_KIND_LABEL: Record<ContractKind, MessageDescriptor> = {
  DIVIDEND: msg`Dividend`,
  DAILY_SALARY: msg`Daily salary`,
  HOURLY_SALARY: msg`Hourly salary`,
  REALTIME_SALARY: msg`Real-time salary`,
};

export const PERIOD_LABEL: Record<ContractPeriod, MessageDescriptor> = {
  D: msg`Daily`,
  W: msg`Weekly`,
  H: msg`Semimonthly`,
  M: msg`Monthly`,
};

export const MEMBER_TYPE_LABEL: Record<'MEMBER' | 'AGENT' | 'TRIAL', MessageDescriptor> = {
  MEMBER: msg`Members`,
  AGENT: msg`Agents`,
  TRIAL: msg`Trial accounts`,
};

/** One account's type, as the members table names it. */
export const ACCOUNT_TYPE_LABEL: Record<'MEMBER' | 'AGENT' | 'TRIAL', MessageDescriptor> = {
  MEMBER: msg`Member`,
  AGENT: msg`Agent`,
  TRIAL: msg`Trial account`,
};

export const MESSAGE_CATEGORY_LABEL: Record<MessageCategory, MessageDescriptor> = {
  SYSTEM: msg`System`,
  ACCOUNT: msg`Account`,
  PROMOTION: msg`Promotion`,
};
