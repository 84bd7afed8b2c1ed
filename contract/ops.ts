import { z } from 'zod';
import { defineCall, wpsReply } from './call.ts';
import { change } from './changes.ts';
import { featureFlag, languages, merchantCode, theme, tyLanguage } from './merchant.ts';
import { messageCategory, messageText } from './messages.ts';
import { paymentKind, paymentOrder, paymentStatus } from './payments.ts';
import { rewardTicket, ticketType } from './rewards.ts';
import { firebaseOptions } from './system.ts';

const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colour is #rrggbb');
const countryList = z.array(z.string().regex(/^[A-Z]{2}$/, 'Country is a 2-letter ISO code'));

/** Operator calls: bearer of a back-office session (POST /ops/login) or PORTICO_OPS_TOKEN (an ADMIN). */
export const updateMerchant = defineCall({
  method: 'PATCH',
  path: '/ops/merchants/:code',
  summary: 'Operator: maintenance window, region restriction, feature flags and languages of a merchant',
  auth: 'ops',
  params: z.object({ code: merchantCode }),
  body: z
    .object({
      maintenance: z.boolean(),
      maintenanceEnd: z.iso.datetime({ offset: true }).nullable(),
      restrictedCountries: countryList,
      features: z.partialRecord(featureFlag, z.boolean()),
      /** The catalogue behind the language switch's TY entry: one of `languages` (the server checks). */
      tyLanguage,
      /** The catalogues the merchant offers besides English; its TY language among them. */
      languages,
      /** Public Firebase web options of the merchant's project (null removes them). */
      firebase: firebaseOptions.nullable(),
    })
    .partial()
    .refine((b) => Object.keys(b).length > 0, 'Nothing to change'),
  response: wpsReply(z.object({ merchantCode })),
});

export const createMerchant = defineCall({
  method: 'POST',
  path: '/ops/merchants',
  summary: 'Operator: add a merchant with its domains, brand and a copy of another merchant’s catalogue',
  auth: 'ops',
  body: z.object({
    code: merchantCode,
    name: z.string().trim().min(2).max(40),
    domains: z.array(z.string().trim().toLowerCase().min(3).max(253)).min(1),
    primary: colour,
    accent: colour,
    defaultTheme: theme,
    copyCatalogueFrom: merchantCode,
  }),
  response: wpsReply(z.object({ merchantCode })),
});

/** What finance may do next with an order; the server derives it from the order's status. */
export const opsOrderAction = z.enum(['approve', 'reject', 'disburse', 'resolve']);
export type OpsOrderAction = z.infer<typeof opsOrderAction>;

/** An order as operators see it: the member's view plus whose it is and what may be done with it next. */
export const opsPaymentOrder = paymentOrder.extend({
  merchantCode: z.string(),
  memberId: z.number().int(),
  account: z.string(),
  next: z.array(opsOrderAction),
});

/** Orders waiting for finance: pending deposits; withdrawals requested, approved (to pay out) or disputed. */
export const NEEDS_ACTION = {
  DEPOSIT: ['PENDING'],
  WITHDRAWAL: ['REQUESTED', 'APPROVED', 'NOT_RECEIVED'],
} as const satisfies Record<z.infer<typeof paymentKind>, readonly z.infer<typeof paymentStatus>[]>;

export const opsPayments = defineCall({
  method: 'GET',
  path: '/ops/payments',
  summary: 'Operator: deposits and withdrawals by status (oldest first, so the queue reads in order)',
  auth: 'ops',
  opsRoles: ['FINANCE', 'SUPPORT'],
  query: z.object({
    status: paymentStatus.optional(),
    /** `ACTION`: only the orders waiting for finance (NEEDS_ACTION); a status narrows it further. */
    queue: z.literal('ACTION').optional(),
    kind: paymentKind.optional(),
    merchant: merchantCode.optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  }),
  response: wpsReply(z.object({ list: z.array(opsPaymentOrder) })),
});

export const opsPaymentQueues = defineCall({
  method: 'GET',
  path: '/ops/payments/queues',
  summary: 'Operator: how many orders wait for finance, by queue (disputes included)',
  auth: 'ops',
  opsRoles: ['FINANCE', 'SUPPORT'],
  query: z.object({ merchant: merchantCode.optional() }),
  response: wpsReply(
    z.object({
      deposits: z.number().int(),
      requested: z.number().int(),
      approved: z.number().int(),
      disputed: z.number().int(),
    }),
  ),
});

const orderParams = z.object({ id: z.coerce.number().int().positive() });
const remark = z.string().trim().max(140);
/** A transfer's reference at the bank (what the member finds on the statement). */
const transferRef = z.string().trim().min(1, 'Enter the transfer reference').max(60);

const opsPaymentAction = <B extends z.ZodRawShape>(
  action: 'approve' | 'reject' | 'disburse',
  summary: string,
  more: B,
) =>
  defineCall({
    method: 'POST',
    path: `/ops/payments/:id/${action}`,
    summary,
    auth: 'ops',
    opsRoles: ['FINANCE'],
    params: orderParams,
    /** Optional: a bodiless POST is fine. */
    body: z.object({ remark: remark.optional(), ...more }).nullish(),
    response: wpsReply(z.object({ order: opsPaymentOrder })),
  });

export const opsApprovePayment = opsPaymentAction(
  'approve',
  'Operator: approve a deposit (credits it) or a withdrawal (APPROVED); idempotent',
  {},
);
export const opsRejectPayment = opsPaymentAction(
  'reject',
  'Operator: reject a deposit, or a withdrawal not yet disbursed (its hold goes back to the main wallet); idempotent',
  {},
);
export const opsDisbursePayment = opsPaymentAction(
  'disburse',
  'Operator: an approved withdrawal has been paid out (DISBURSED; the member confirms or it is forced later)',
  { reference: transferRef.optional() },
);

/** How a dispute (a withdrawal reported not received) ends. */
export const disputeResolution = z.enum(['RESENT', 'RECEIVED', 'REFUNDED']);
export type DisputeResolution = z.infer<typeof disputeResolution>;

export const opsResolveDispute = defineCall({
  method: 'POST',
  path: '/ops/payments/:id/resolve',
  summary:
    'Operator: resolve a withdrawal reported not received, once: resent (a new reference; DISBURSED again), confirmed received (RECEIVED) or refunded to the main wallet (REFUNDED)',
  auth: 'ops',
  opsRoles: ['FINANCE'],
  params: orderParams,
  body: z
    .object({
      resolution: disputeResolution,
      remark: remark.min(1, 'Say why'),
      reference: transferRef.optional(),
    })
    .refine((b) => b.resolution !== 'RESENT' || b.reference !== undefined, {
      message: 'Enter the new transfer reference',
      path: ['reference'],
    }),
  response: wpsReply(z.object({ order: opsPaymentOrder })),
});

export const opsPaymentProof = defineCall({
  method: 'GET',
  path: '/ops/payments/:id/proofs/:n',
  summary:
    'Operator: the n-th proof picture (from 1) of a withdrawal reported not received (image/png or image/jpeg, never cached)',
  auth: 'ops',
  opsRoles: ['FINANCE'],
  params: orderParams.extend({ n: z.coerce.number().int().min(1).max(100) }),
  response: z.custom<Uint8Array>((v) => v instanceof Uint8Array).meta({ description: 'The picture' }),
});

/** One step of an order's life, from the audit log. */
export const opsOrderStep = z.object({
  at: z.string(),
  /** 'member:<id>', 'ops:<username>', 'system', 'gateway:…'. */
  actor: z.string(),
  /** The audit action, e.g. WITHDRAWAL_APPROVED, WITHDRAWAL_NOT_RECEIVED, WITHDRAWAL_REFUNDED. */
  action: z.string(),
  remark: z.string().nullable(),
  reference: z.string().nullable(),
});
export type OpsOrderStep = z.infer<typeof opsOrderStep>;

export const opsPaymentHistory = defineCall({
  method: 'GET',
  path: '/ops/payments/:id/history',
  summary: 'Operator: an order’s steps (request, decisions, disbursal, dispute, resolution), oldest first',
  auth: 'ops',
  opsRoles: ['FINANCE', 'SUPPORT'],
  params: orderParams,
  response: wpsReply(z.object({ list: z.array(opsOrderStep) })),
});

export const opsAuditVerify = defineCall({
  method: 'GET',
  path: '/ops/audit/verify',
  summary: 'Operator: walk the audit log’s hash chain; the first broken row if any',
  auth: 'ops',
  opsRoles: ['SUPPORT', 'FINANCE'],
  query: z.object({}),
  response: wpsReply(
    z.object({
      ok: z.boolean(),
      rows: z.number().int(),
      brokenAt: z.number().int().optional(),
      why: z.string().optional(),
    }),
  ),
});

export const opsSendMessage = defineCall({
  method: 'POST',
  path: '/ops/merchants/:code/messages',
  summary: 'Operator: an internal message to one member (by account) or, with account null, to every member',
  auth: 'ops',
  opsRoles: ['CONTENT', 'SUPPORT'],
  params: z.object({ code: merchantCode }),
  body: z.object({
    account: z.string().trim().min(1).max(64).nullable(),
    category: messageCategory.default('SYSTEM'),
    ...messageText,
  }),
  response: wpsReply(z.object({ id: z.number().int() })),
});

export const opsAwardTicket = defineCall({
  method: 'POST',
  path: '/ops/merchants/:code/tickets',
  summary: 'Operator: give a member (by account) a reward ticket of a type',
  auth: 'ops',
  opsRoles: ['FINANCE'],
  params: z.object({ code: merchantCode }),
  body: z.object({ account: z.string().trim().min(1).max(64), type: ticketType }),
  response: wpsReply(z.object({ ticket: rewardTicket })),
});

/** Topics of per-merchant rules an operator reads and sets (each validated by its module's schema). */
export const ruleTopicName = z.enum([
  'payments',
  'referral',
  'tickets',
  'missions',
  'rebate',
  'lottery',
  'points',
  'agentTransfers',
]);
export type RuleTopicName = z.infer<typeof ruleTopicName>;
const ruleParams = z.object({ code: merchantCode, topic: ruleTopicName });

export const opsGetRules = defineCall({
  method: 'GET',
  path: '/ops/merchants/:code/rules/:topic',
  summary:
    'Operator: a merchant’s rules of one topic (the defaults until set) and the draft waiting for approval',
  auth: 'ops',
  opsRoles: ['FINANCE'],
  params: ruleParams,
  response: wpsReply(
    z.object({
      topic: ruleTopicName,
      rules: z.record(z.string(), z.unknown()),
      /** False while the merchant uses the defaults. */
      custom: z.boolean(),
      pending: change.nullable(),
    }),
  ),
});

/** Every topic pays members or says where their money goes: a new value is a draft until another operator approves it. */
export const opsSetRules = defineCall({
  method: 'PUT',
  path: '/ops/merchants/:code/rules/:topic',
  summary:
    'Operator: draft a merchant’s rules of one topic (checked whole; nothing stored when invalid); in force once approved',
  auth: 'ops',
  opsRoles: ['FINANCE'],
  params: ruleParams,
  body: z.record(z.string(), z.unknown()),
  response: wpsReply(z.object({ change })),
});
