import { z } from 'zod';
import { defineCall, paging, wpsReply } from './call.ts';
import { merchantCode } from './merchant.ts';

/** Spec §9: the help modal shows the first 4 items, the help page 8 per page. */
export const HELP_MODAL_ITEMS = 4;
export const HELP_PAGE_SIZE = 8;

/** Spec §5: feedback holds at most 140 characters. */
export const FEEDBACK_MAX = 140;

/** Characters as a reader counts them (an emoji is one), the same on both sides of the call. */
export const characterCount = (text: string) => [...text].length;

export const helpItem = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  /** The name a link opens the item by (/help#term); null for most items. */
  anchor: z.string().nullable(),
});
export type HelpItem = z.infer<typeof helpItem>;

export const helpCenter = defineCall({
  method: 'GET',
  path: '/wps/system/helpCenter',
  class: 'read',
  summary: 'Help centre items of the merchant in the language (English where a text is missing), in order',
  query: z.object({
    language: z.string().optional(),
    device: z.literal('WEB').default('WEB'),
  }),
  response: wpsReply(z.object({ list: z.array(helpItem) })),
});

export const feedbackContent = z
  .string()
  .trim()
  .min(1, 'Input must not be empty')
  .refine((s) => characterCount(s) <= FEEDBACK_MAX, `At most ${FEEDBACK_MAX} characters`);

/**
 * Feedback from anyone: a visitor may send it; with a session token the member is kept with it (a token that is
 * sent must be valid). Rate-limited per address.
 */
export const sendFeedback = defineCall({
  method: 'PUT',
  path: '/wps/feedback',
  class: 'account',
  summary: 'Send feedback (up to 140 characters); a visitor may, a member’s token keeps who sent it',
  body: z.object({ content: feedbackContent }),
  response: wpsReply(z.object({ id: z.number().int() })),
});

export const opsFeedbackEntry = z.object({
  id: z.number().int(),
  /** Null: a visitor's. */
  account: z.string().nullable(),
  content: z.string(),
  createdAt: z.string(),
});

export const opsFeedback = defineCall({
  method: 'GET',
  path: '/ops/merchants/:code/feedback',
  summary: 'Operator: a merchant’s feedback, newest first',
  auth: 'ops',
  opsRoles: ['CONTENT', 'SUPPORT'],
  params: z.object({ code: merchantCode }),
  query: z.object({ ...paging(20) }),
  response: wpsReply(z.object({ list: z.array(opsFeedbackEntry), totalPages: z.number().int() })),
});
