import { z } from 'zod';
import { defineCall, paging, wpsReply } from './call.ts';
import { locale, merchantCode } from './merchant.ts';
import { perLanguage } from './texts.ts';

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

/** A help item as the operator wrote it (contents already sanitised), all languages. */
export const opsHelpItem = z.object({
  id: z.number().int(),
  titles: z.partialRecord(locale, z.string()),
  contents: z.partialRecord(locale, z.string()),
  anchor: z.string().nullable(),
  sort: z.number().int(),
});
export type OpsHelpItem = z.infer<typeof opsHelpItem>;

/** The name a link opens an item by (/help#term): lower-case letters, digits and dashes. */
export const helpAnchor = z
  .string()
  .trim()
  .regex(/^[a-z0-9-]{1,40}$/, 'Lower-case letters, digits and - (up to 40)');

const helpItemFields = {
  titles: perLanguage(200, 'Title'),
  /** HTML per language: formatting, links, images and tables survive; scripts, styles and handlers do not. */
  contents: perLanguage(20_000, 'Content'),
  anchor: helpAnchor.nullable(),
};

const helpItemParams = z.object({
  code: merchantCode,
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

export const opsHelpItems = defineCall({
  method: 'GET',
  path: '/ops/merchants/:code/help-items',
  summary: 'Operator: a merchant’s help-centre items in display order, every language',
  auth: 'ops',
  opsRoles: ['CONTENT', 'SUPPORT'],
  params: z.object({ code: merchantCode }),
  response: wpsReply(z.object({ list: z.array(opsHelpItem) })),
});

export const opsCreateHelpItem = defineCall({
  method: 'POST',
  path: '/ops/merchants/:code/help-items',
  summary: 'Operator: add a help-centre item (last in order); its HTML is sanitised before it is stored',
  auth: 'ops',
  opsRoles: ['CONTENT'],
  params: z.object({ code: merchantCode }),
  body: z.object({ ...helpItemFields, anchor: helpItemFields.anchor.default(null) }),
  response: wpsReply(z.object({ item: opsHelpItem })),
});

export const opsUpdateHelpItem = defineCall({
  method: 'PATCH',
  path: '/ops/merchants/:code/help-items/:id',
  summary: 'Operator: change a help-centre item’s titles, contents or anchor (HTML sanitised)',
  auth: 'ops',
  opsRoles: ['CONTENT'],
  params: helpItemParams,
  body: z
    .object(helpItemFields)
    .partial()
    .refine((b) => Object.keys(b).length > 0, 'Nothing to change'),
  response: wpsReply(z.object({ item: opsHelpItem })),
});

export const opsDeleteHelpItem = defineCall({
  method: 'DELETE',
  path: '/ops/merchants/:code/help-items/:id',
  summary: 'Operator: remove a help-centre item',
  auth: 'ops',
  opsRoles: ['CONTENT'],
  params: helpItemParams,
  response: wpsReply(z.object({ id: z.number().int() })),
});

export const opsOrderHelpItems = defineCall({
  method: 'PUT',
  path: '/ops/merchants/:code/help-items/order',
  summary: 'Operator: put the help-centre items in this order (every item of the merchant, each once)',
  auth: 'ops',
  opsRoles: ['CONTENT'],
  params: z.object({ code: merchantCode }),
  body: z.object({
    ids: z
      .array(z.number().int().positive())
      .max(500)
      .refine((ids) => new Set(ids).size === ids.length, 'An item is listed twice'),
  }),
  response: wpsReply(z.object({ list: z.array(opsHelpItem) })),
});
