import { z } from 'zod';
import { defineCall, emptyQuery, paging, wpsReply } from './call.ts';

/** Internal messages (spec §2 messageV2, §7 "Unread messages | relay (token)"). */
export const messageCategory = z.enum(['SYSTEM', 'ACCOUNT', 'PROMOTION']);
export type MessageCategory = z.infer<typeof messageCategory>;

/**
 * System messages the SPA renders in the member's language: each template and the params it needs (amounts are
 * minor units written as digits). A message of an unknown template, or missing a param, shows its title and body.
 */
export const MESSAGE_TEMPLATES = {
  DEPOSIT_CREDITED: ['amount'],
  WITHDRAWAL_DISBURSED: ['amount'],
  WITHDRAWAL_REJECTED: ['amount', 'remark'],
  /** A disputed withdrawal paid out again under a new transfer reference. */
  WITHDRAWAL_RESENT: ['amount', 'reference'],
  /** A disputed withdrawal the bank's records show as received. */
  WITHDRAWAL_CONFIRMED: ['amount'],
  /** A disputed withdrawal refunded to the main wallet. */
  WITHDRAWAL_REFUNDED: ['amount'],
  REBATE_CLAIMED: ['amount'],
  TICKET_AWARDED: ['ticketType'],
  REFERRAL_BONUS: ['amount', 'friend'],
  LOTTERY_REFUNDED: ['amount', 'lottery', 'issue', 'bet'],
  TRANSFER_FROM_UPLINE: ['amount', 'upline'],
} as const;
export type MessageTemplate = keyof typeof MESSAGE_TEMPLATES;
export type MessageParams<T extends MessageTemplate> = Record<
  (typeof MESSAGE_TEMPLATES)[T][number],
  string | number | bigint
>;

export const MESSAGE_LIMITS = { title: 100, body: 2000, pageSize: 50, ids: 100 } as const;

export const messageView = z.object({
  id: z.number().int(),
  category: messageCategory,
  /** A key of MESSAGE_TEMPLATES, or one this client does not know yet (it falls back to title/body). */
  template: z.string().nullable(),
  params: z.record(z.string(), z.string()),
  title: z.string(),
  /** Plain text: shown as text, never as HTML. */
  body: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type MessageView = z.infer<typeof messageView>;

const messageIds = z
  .array(z.number().int().positive(), { error: 'Choose the messages' })
  .min(1, 'Choose at least one message')
  .max(MESSAGE_LIMITS.ids, `At most ${MESSAGE_LIMITS.ids} messages at a time`);

/** After a read or delete: what is left unread (the header badge's count). */
const unreadReply = wpsReply(z.object({ unread: z.number().int() }));

export const messageList = defineCall({
  method: 'GET',
  path: '/wps/relay/messageList',
  class: 'read',
  summary:
    'The member’s messages (personal and the merchant’s broadcasts), newest first, with the unread count',
  auth: 'token',
  registeredOnly: true,
  query: z.object({
    ...paging(10, MESSAGE_LIMITS.pageSize),
    category: messageCategory.optional(),
  }),
  response: wpsReply(
    z.object({ list: z.array(messageView), totalPages: z.number().int(), unread: z.number().int() }),
  ),
});

export const unreadCount = defineCall({
  method: 'GET',
  path: '/wps/relay/unreadCount',
  class: 'read',
  summary: 'How many of the member’s messages are unread (the header badge)',
  auth: 'token',
  registeredOnly: true,
  query: emptyQuery,
  response: wpsReply(z.object({ count: z.number().int() })),
});

export const readMessages = defineCall({
  method: 'POST',
  path: '/wps/relay/readMessages',
  class: 'account',
  summary:
    'Mark messages read: the given ids (all the member’s, else 404 and nothing changes) or all of them',
  auth: 'token',
  registeredOnly: true,
  body: z
    .object({ ids: messageIds.optional(), all: z.literal(true).optional() })
    .refine((b) => (b.ids === undefined) !== (b.all === undefined), {
      message: 'Send either ids or all',
      path: ['ids'],
    }),
  response: unreadReply,
});

export const deleteMessages = defineCall({
  method: 'POST',
  path: '/wps/relay/deleteMessages',
  class: 'account',
  summary: 'Delete messages from the member’s inbox (all the member’s, else 404 and nothing changes)',
  auth: 'token',
  registeredOnly: true,
  body: z.object({ ids: messageIds }),
  response: unreadReply,
});

/** A message as an operator writes it (also what `send` accepts besides a template). */
export const messageText = {
  title: z.string().trim().min(1, 'Enter a title').max(MESSAGE_LIMITS.title),
  body: z.string().trim().min(1, 'Enter the message').max(MESSAGE_LIMITS.body),
};
