import { z } from 'zod';
import { defineCall, paging, wpsReply } from './call.ts';
import { merchantCode } from './merchant.ts';

/** Where a message stands (server/db/schema/accounts.ts `outbox`). */
export const deliveryStatus = z.enum(['OUTBOX', 'PENDING', 'SENDING', 'SENT', 'FAILED']);
export type DeliveryStatus = z.infer<typeof deliveryStatus>;
export const deliveryChannel = z.enum(['sms', 'email']);

/** A sent or queued SMS or e-mail as operators see it: the recipient partly hidden, the code masked. */
export const opsDelivery = z.object({
  id: z.number().int(),
  merchantCode: z.string(),
  channel: deliveryChannel,
  /** `+8490•••••67`, `pl•••@example.com`. */
  recipient: z.string(),
  subject: z.string().nullable(),
  /** The text with its code masked. */
  preview: z.string(),
  language: z.string(),
  status: deliveryStatus,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** A failed message that may be sent again (its code has not expired). */
  retryable: z.boolean(),
});
export type OpsDelivery = z.infer<typeof opsDelivery>;

export const opsDeliveries = defineCall({
  method: 'GET',
  path: '/ops/deliveries',
  summary: 'Operator: SMS and e-mail sends, newest first, by merchant, channel and status',
  auth: 'ops',
  opsRoles: ['SUPPORT'],
  query: z.object({
    merchant: merchantCode.optional(),
    channel: deliveryChannel.optional(),
    status: deliveryStatus.optional(),
    ...paging(50),
  }),
  response: wpsReply(z.object({ list: z.array(opsDelivery), totalPages: z.number().int() })),
});

export const opsRetryDelivery = defineCall({
  method: 'POST',
  path: '/ops/deliveries/:id/retry',
  summary:
    'Operator: send a failed message again, with a fresh set of attempts (409 when it has not failed or its code expired)',
  auth: 'ops',
  opsRoles: ['SUPPORT'],
  params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
  response: wpsReply(z.object({ delivery: opsDelivery })),
});

const phoneOrId = z
  .string()
  .trim()
  .max(40)
  .regex(
    /^(\+\d{6,15}|[A-Za-z0-9 ]{1,11}|MG[0-9a-fA-F]{32})$/,
    'A +number, an 11-character sender id or MG…',
  );

/** Whom a merchant's messages are from; empty fields fall back to PORTICO_SMTP_FROM / PORTICO_SMS_FROM. */
export const messageSenders = z.object({
  emailFrom: z.union([z.literal(''), z.email('An e-mail address').max(254)]),
  emailName: z.string().trim().max(80),
  smsFrom: z.union([z.literal(''), phoneOrId]),
});
export type MessageSenders = z.infer<typeof messageSenders>;

export const opsSenders = defineCall({
  method: 'GET',
  path: '/ops/merchants/:code/senders',
  summary: 'Operator: whom the merchant’s e-mails and SMS are from',
  auth: 'ops',
  opsRoles: ['SUPPORT'],
  params: z.object({ code: merchantCode }),
  response: wpsReply(z.object({ senders: messageSenders })),
});

export const opsSetSenders = defineCall({
  method: 'PUT',
  path: '/ops/merchants/:code/senders',
  summary: 'Operator (ADMIN): set whom the merchant’s e-mails and SMS are from',
  auth: 'ops',
  params: z.object({ code: merchantCode }),
  body: messageSenders,
  response: wpsReply(z.object({ senders: messageSenders })),
});
