import { z } from 'zod';
import { defineCall, wpsReply } from './call.ts';
import { announcementType } from './content.ts';
import { locale, merchantCode } from './merchant.ts';
import { perLanguage } from './texts.ts';

/** An announcement as the operator wrote it (contents already sanitised), all languages. */
export const opsNotice = z.object({
  id: z.number().int(),
  type: announcementType,
  titles: z.partialRecord(locale, z.string()),
  contents: z.partialRecord(locale, z.string()),
  sort: z.number().int(),
});
export type OpsNotice = z.infer<typeof opsNotice>;

const merchantParams = z.object({ code: merchantCode });

export const opsNotices = defineCall({
  method: 'GET',
  path: '/ops/merchants/:code/notices',
  summary: 'Operator: a merchant’s announcements of every type, in display order',
  auth: 'ops',
  opsRoles: ['CONTENT'],
  params: merchantParams,
  response: wpsReply(z.object({ list: z.array(opsNotice) })),
});

export const opsCreateNotice = defineCall({
  method: 'POST',
  path: '/ops/merchants/:code/notices',
  summary:
    'Operator: add an announcement (B, PL, PU popup, PR, H); its HTML is sanitised before it is stored',
  auth: 'ops',
  opsRoles: ['CONTENT'],
  params: merchantParams,
  body: z.object({
    type: announcementType,
    titles: perLanguage(200, 'Title'),
    /** HTML per language: formatting, links, images and tables survive; scripts, styles and handlers do not. */
    contents: perLanguage(20_000, 'Content'),
    /** Display order, lowest first (default: after the existing ones). */
    sort: z.number().int().min(0).max(1_000_000).optional(),
  }),
  response: wpsReply(z.object({ notice: opsNotice })),
});

export const opsDeleteNotice = defineCall({
  method: 'DELETE',
  path: '/ops/merchants/:code/notices/:id',
  summary: 'Operator: remove an announcement',
  auth: 'ops',
  opsRoles: ['CONTENT'],
  params: z.object({ code: merchantCode, id: z.coerce.number().int().positive() }),
  response: wpsReply(z.object({ id: z.number().int() })),
});
