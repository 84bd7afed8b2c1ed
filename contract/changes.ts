import { z } from 'zod';
import { EVERY_ROLE } from './backoffice.ts';
import { defineCall, wpsReply } from './call.ts';
import { merchantCode } from './merchant.ts';

/**
 * Maker-checker. What pays members — a rules topic (payments, referral, tickets, missions, rebate, lottery, points)
 * and a promotion's reward and terms — is drafted by one operator and takes effect only when a FINANCE or ADMIN
 * operator other than the drafter approves it (the environment token is one operator, "ops"). A new draft of the
 * same thing replaces the pending one, so an approver always decides on what they were shown.
 */
export const changeKind = z.enum(['RULES', 'PROMOTION']);
export type ChangeKind = z.infer<typeof changeKind>;

export const changeStatus = z.enum(['DRAFT', 'APPROVED', 'REJECTED', 'REPLACED']);
export type ChangeStatus = z.infer<typeof changeStatus>;

const value = z.record(z.string(), z.unknown());

export const change = z.object({
  id: z.number().int(),
  merchantCode: z.string(),
  kind: changeKind,
  /** RULES: the topic; PROMOTION: the promotion's id. */
  ref: z.string(),
  /** What it reads as: the topic, or the promotion's English title. */
  label: z.string(),
  /** The value in force now (null: none yet, a new promotion that does not run until approved). */
  current: value.nullable(),
  proposed: value,
  status: changeStatus,
  draftedBy: z.string(),
  draftedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  remark: z.string().nullable(),
  /** Drafted by the operator asking: someone else approves it. */
  mine: z.boolean(),
});
export type Change = z.infer<typeof change>;

export const opsChanges = defineCall({
  method: 'GET',
  path: '/ops/merchants/:code/changes',
  summary: 'Operator: a merchant’s changes to what pays members, pending ones by default (oldest first)',
  auth: 'ops',
  opsRoles: EVERY_ROLE,
  params: z.object({ code: merchantCode }),
  query: z.object({
    status: changeStatus.default('DRAFT'),
    limit: z.coerce.number().int().min(1).max(200).default(100),
  }),
  response: wpsReply(z.object({ list: z.array(change) })),
});

const changeParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const opsApproveChange = defineCall({
  method: 'POST',
  path: '/ops/changes/:id/approve',
  summary: 'Operator (FINANCE, ADMIN; not the drafter): the drafted value takes effect now',
  auth: 'ops',
  opsRoles: ['FINANCE'],
  params: changeParams,
  body: z.object({ remark: z.string().trim().max(140).optional() }).nullish(),
  response: wpsReply(z.object({ change })),
});

export const opsRejectChange = defineCall({
  method: 'POST',
  path: '/ops/changes/:id/reject',
  summary: 'Operator (FINANCE, ADMIN): the draft is dropped and the value in force stays',
  auth: 'ops',
  opsRoles: ['FINANCE'],
  params: changeParams,
  body: z.object({ remark: z.string().trim().max(140).optional() }).nullish(),
  response: wpsReply(z.object({ change })),
});
