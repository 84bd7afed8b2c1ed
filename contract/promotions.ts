import { z } from 'zod';
import { defineCall, emptyQuery, paging, wpsReply } from './call.ts';
import { change } from './changes.ts';
import { APPLY_RULES, PROMOTION_CATEGORIES } from './constants.ts';
import { locale, merchantCode } from './merchant.ts';
import { perLanguage } from './texts.ts';
import { minorUnits } from './wallet.ts';

/** The tab a promotion is listed under (spec §2 "promotions by type"). */
export const promotionCategory = z.enum(PROMOTION_CATEGORIES);
export type PromotionCategory = z.infer<typeof promotionCategory>;

/**
 * How a member takes part: APPLY (remark and pictures, reviewed by an operator), CODE (a promo code), RESCUE (a share of
 * the previous day's net loss), DAILY_TASK (a day's bet target), SIGN_IN (once a day), RAFFLE (join, drawn, claim).
 */
export const promotionKind = z.enum(['APPLY', 'CODE', 'RESCUE', 'DAILY_TASK', 'SIGN_IN', 'RAFFLE']);
export type PromotionKind = z.infer<typeof promotionKind>;

/** Spec §4 activity status, as the member's button reads it. */
export const activityStatus = z.enum([
  'JOIN',
  'CLAIM',
  'APPLYING',
  'REJECTED',
  'ISSUED',
  'CLAIMED',
  'PROCESS',
  'JOINED',
]);
export type ActivityStatus = z.infer<typeof activityStatus>;

/** Spec §5: an application's remark and pictures (kept in constants.ts: the pages read them without zod). */
export { APPLY_RULES };

const bp = z.number().int().min(1).max(10_000);
const positive = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Each kind's figures (minor units for amounts, basis points for rates). */
export const promotionSettings = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('APPLY') }),
  z.object({
    kind: z.literal('CODE'),
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{4,20}$/, 'Code is 4–20 letters or digits'),
    maxUses: positive.optional(),
  }),
  z.object({ kind: z.literal('RESCUE'), minLoss: positive, rateBp: bp, maxReward: positive }),
  z.object({ kind: z.literal('DAILY_TASK'), target: positive }),
  z.object({ kind: z.literal('SIGN_IN') }),
  z.object({
    kind: z.literal('RAFFLE'),
    drawAt: z.iso.datetime({ offset: true }),
    winners: z.number().int().min(1).max(10_000),
  }),
]);
export type PromotionSettings = z.infer<typeof promotionSettings>;

/** What a visitor sees of a promotion (the code of a CODE promotion stays secret). */
export const promotion = z.object({
  id: z.number().int(),
  category: promotionCategory,
  kind: promotionKind,
  title: z.string(),
  summary: z.string(),
  /** Minor units: the fixed reward (RESCUE: the most it pays). */
  reward: minorUnits,
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  /** RESCUE minLoss / rateBp, DAILY_TASK target, RAFFLE drawAt / winners. */
  minLoss: minorUnits.optional(),
  rateBp: z.number().int().optional(),
  target: minorUnits.optional(),
  drawAt: z.string().optional(),
  winners: z.number().int().optional(),
});
export type Promotion = z.infer<typeof promotion>;

export const promotionList = defineCall({
  method: 'GET',
  path: '/wps/promotions',
  class: 'read',
  summary:
    'The merchant’s running promotions (optionally of one category), in display order, in the caller’s language',
  query: z.object({ category: promotionCategory.optional() }),
  response: wpsReply(z.object({ categories: z.array(promotionCategory), list: z.array(promotion) })),
});

export const promotionDetail = defineCall({
  method: 'GET',
  path: '/wps/promotion/:id',
  class: 'read',
  summary: 'One promotion with its terms (sanitised HTML); 404 when it is not running',
  params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
  response: wpsReply(z.object({ promotion: promotion.extend({ content: z.string() }) })),
});

/** The caller's state in one promotion. */
export const promotionState = z.object({
  promotionId: z.number().int(),
  status: activityStatus,
  /** DAILY_TASK: today's settled bets; RESCUE: yesterday's net loss (minor units). */
  progress: minorUnits.optional(),
  /** What a claim pays now, or what was paid (minor units). */
  reward: minorUnits.nullable(),
  /** The operator's reason for a rejection. */
  reviewRemark: z.string().nullable(),
  /** RAFFLE after the draw: whether the member was drawn. */
  won: z.boolean().optional(),
});
/*
 * Per kind: APPLY JOIN → APPLYING → ISSUED or REJECTED (apply again); CODE JOIN → CLAIMED; RESCUE, DAILY_TASK PROCESS
 * → CLAIM → CLAIMED (each merchant day); SIGN_IN CLAIM → CLAIMED (each day); RAFFLE JOIN → JOINED → after the draw
 * CLAIM (won) → CLAIMED, or JOINED with won false. A raffle not joined by its draw time reads PROCESS (nothing to do).
 */
export type PromotionState = z.infer<typeof promotionState>;

export const myPromotions = defineCall({
  method: 'GET',
  path: '/wps/promotion/mine',
  class: 'read',
  summary: 'The member’s status in every running promotion (today’s, for the daily kinds)',
  auth: 'token',
  registeredOnly: true,
  query: emptyQuery,
  response: wpsReply(z.object({ list: z.array(promotionState) })),
});

const promotionParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Multipart/form-data: `remark` (≤ 140 characters) and 1–3 png/jpg files of ≤ 5 MB, checked by their bytes. */
export const applyPromotion = defineCall({
  method: 'POST',
  path: '/wps/promotion/:id/apply',
  class: 'claim',
  summary:
    'Apply to an APPLY promotion with a remark and up to 3 pictures (again after a rejection); an operator reviews it',
  auth: 'token',
  registeredOnly: true,
  params: promotionParams,
  response: wpsReply(z.object({ state: promotionState })),
});

export const claimPromotion = defineCall({
  method: 'POST',
  path: '/wps/promotion/:id/claim',
  class: 'claim',
  summary:
    'Claim what a RESCUE, DAILY_TASK, SIGN_IN or won RAFFLE promotion pays now, into the main wallet (once per period)',
  auth: 'token',
  registeredOnly: true,
  params: promotionParams,
  response: wpsReply(z.object({ state: promotionState, reward: minorUnits, balance: minorUnits })),
});

export const joinPromotion = defineCall({
  method: 'POST',
  path: '/wps/promotion/:id/join',
  class: 'claim',
  summary: 'Join a RAFFLE before its draw',
  auth: 'token',
  registeredOnly: true,
  params: promotionParams,
  response: wpsReply(z.object({ state: promotionState })),
});

export const redeemPromoCode = defineCall({
  method: 'POST',
  path: '/wps/promotion/code',
  class: 'claim',
  summary:
    'Redeem a promo code: its reward into the main wallet, once per member (and within the code’s uses)',
  auth: 'token',
  registeredOnly: true,
  body: z.object({
    code: z.string().trim().toUpperCase().min(1, 'Input must not be empty').max(20, 'Unknown promo code'),
  }),
  response: wpsReply(z.object({ promotionId: z.number().int(), reward: minorUnits, balance: minorUnits })),
});

// Operator calls.

/** A promotion as the operator wrote it: every language, the settings, the code. */
export const opsPromotion = z.object({
  id: z.number().int(),
  category: promotionCategory,
  titles: z.partialRecord(locale, z.string()),
  summaries: z.partialRecord(locale, z.string()),
  contents: z.partialRecord(locale, z.string()),
  reward: minorUnits,
  settings: promotionSettings,
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  hidden: z.boolean(),
  /** Its reward and terms were approved by a FINANCE or ADMIN operator; until then it does not run. */
  approved: z.boolean(),
  sort: z.number().int(),
  /** Entries so far, and how many wait for review. */
  entries: z.number().int(),
  pending: z.number().int(),
});
export type OpsPromotion = z.infer<typeof opsPromotion>;

const merchantParams = z.object({ code: merchantCode });

export const opsPromotions = defineCall({
  method: 'GET',
  path: '/ops/merchants/:code/promotions',
  summary: 'Operator: a merchant’s promotions, hidden and ended ones too',
  auth: 'ops',
  opsRoles: ['CONTENT', 'FINANCE', 'SUPPORT'],
  params: merchantParams,
  response: wpsReply(z.object({ list: z.array(opsPromotion) })),
});

const promotionInput = z.object({
  category: promotionCategory,
  titles: perLanguage(120, 'Title'),
  summaries: perLanguage(300, 'Summary').optional(),
  /** Terms as HTML per language, sanitised before they are stored. */
  contents: perLanguage(20_000, 'Content').optional(),
  /** Minor units (RESCUE: the most one claim pays is settings.maxReward; this is ignored). */
  reward: z.number().int().min(0).max(1_000_000_000),
  settings: promotionSettings,
  startsAt: z.iso.datetime({ offset: true }).optional(),
  endsAt: z.iso.datetime({ offset: true }).nullable().optional(),
  sort: z.number().int().min(0).max(1_000_000).optional(),
});

export const opsCreatePromotion = defineCall({
  method: 'POST',
  path: '/ops/merchants/:code/promotions',
  summary:
    'Operator: add a promotion (a CODE promotion’s code is unique in the merchant); it runs once another operator approves its reward and terms',
  auth: 'ops',
  opsRoles: ['CONTENT'],
  params: merchantParams,
  body: promotionInput,
  response: wpsReply(z.object({ promotion: opsPromotion, change })),
});

export const opsUpdatePromotion = defineCall({
  method: 'PATCH',
  path: '/ops/promotions/:id',
  summary:
    'Operator: change a promotion’s texts, dates, order, or hide it at once (its kind and settings stay); a new reward is a draft until approved',
  auth: 'ops',
  opsRoles: ['CONTENT'],
  params: promotionParams,
  body: promotionInput
    .omit({ settings: true, category: true })
    .partial()
    .extend({ hidden: z.boolean().optional() })
    .refine((b) => Object.keys(b).length > 0, 'Nothing to change'),
  /** `change`: the reward's draft, when the reward was changed. */
  response: wpsReply(z.object({ promotion: opsPromotion, change: change.nullable() })),
});

export const entryStatus = z.enum(['APPLYING', 'REJECTED', 'ISSUED', 'CLAIMED', 'JOINED', 'WON', 'LOST']);

export const opsPromotionEntry = z.object({
  id: z.number().int(),
  promotionId: z.number().int(),
  title: z.string(),
  kind: promotionKind,
  memberId: z.number().int(),
  account: z.string(),
  period: z.string(),
  status: entryStatus,
  remark: z.string().nullable(),
  /** Names to fetch with GET /ops/uploads/:name (operator token). */
  uploads: z.array(z.string()),
  reward: minorUnits.nullable(),
  reviewRemark: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type OpsPromotionEntry = z.infer<typeof opsPromotionEntry>;

export const opsPromotionEntries = defineCall({
  method: 'GET',
  path: '/ops/merchants/:code/promotion-entries',
  summary: 'Operator: promotion entries (applications waiting first when filtered by APPLYING), newest first',
  auth: 'ops',
  opsRoles: ['CONTENT', 'FINANCE', 'SUPPORT'],
  params: merchantParams,
  query: z.object({
    status: entryStatus.optional(),
    promotionId: z.coerce.number().int().positive().optional(),
    ...paging(20),
  }),
  response: wpsReply(z.object({ list: z.array(opsPromotionEntry), totalPages: z.number().int() })),
});

const entryParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const opsApproveEntry = defineCall({
  method: 'POST',
  path: '/ops/promotion-entries/:id/approve',
  summary:
    'Operator: approve an application; its reward (the promotion’s, or the one given) is paid once: Issued',
  auth: 'ops',
  opsRoles: ['FINANCE'],
  params: entryParams,
  body: z
    .object({
      reward: z.number().int().positive().max(1_000_000_000).optional(),
      remark: z.string().trim().max(140).optional(),
    })
    .nullish(),
  response: wpsReply(z.object({ entry: opsPromotionEntry })),
});

export const opsRejectEntry = defineCall({
  method: 'POST',
  path: '/ops/promotion-entries/:id/reject',
  summary: 'Operator: reject an application with a reason the member sees; nothing is paid',
  auth: 'ops',
  opsRoles: ['FINANCE', 'CONTENT'],
  params: entryParams,
  body: z.object({ remark: z.string().trim().min(1, 'Give the member a reason').max(140) }),
  response: wpsReply(z.object({ entry: opsPromotionEntry })),
});

export const opsDrawRaffle = defineCall({
  method: 'POST',
  path: '/ops/promotions/:id/draw',
  summary: 'Operator: draw a raffle whose draw time has passed (once): its winners may then claim',
  auth: 'ops',
  opsRoles: ['CONTENT'],
  params: promotionParams,
  response: wpsReply(z.object({ winners: z.array(z.string()), entries: z.number().int() })),
});

/** Upload names as stored: a random UUID and the type found in the bytes. */
export const uploadName = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg)$/, 'Unknown upload');

export const opsUpload = defineCall({
  method: 'GET',
  path: '/ops/uploads/:name',
  summary:
    'Operator: one picture of a promotion application (image/png or image/jpeg, the bytes as uploaded)',
  auth: 'ops',
  opsRoles: ['CONTENT', 'FINANCE', 'SUPPORT'],
  params: z.object({ name: uploadName }),
  response: z.custom<Uint8Array>((v) => v instanceof Uint8Array).meta({ description: 'The picture' }),
});
