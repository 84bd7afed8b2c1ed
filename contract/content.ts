import { z } from 'zod';
import { defineCall, wpsReply } from './call.ts';

/** Announcement types of spec §3: B banner-bar notice, PL player list, PU popup, PR promotion, H help. */
export const announcementType = z.enum(['B', 'PL', 'PU', 'PR', 'H']);

/** Banner groups chosen by route group (spec §2), plus the help and download groups. */
export const bannerGroup = z.enum([
  'home',
  'rng',
  'live',
  'fish',
  'pvp',
  'sports',
  'esports',
  'cockfight',
  'lottery',
  'download',
  'promotion',
  'shop',
  'help',
  'register',
  'inhouse',
  'w_help',
  'w_download',
]);
export type BannerGroup = z.infer<typeof bannerGroup>;

export const notice = z.object({
  id: z.number().int(),
  type: announcementType,
  title: z.string(),
  content: z.string(),
});
export type Notice = z.infer<typeof notice>;

export const banner = z.object({
  bannerId: z.number().int(),
  url: z.string(),
  linkageType: z.enum(['NONE', 'ROUTE', 'URL']),
  link: z.string(),
  groupName: bannerGroup,
  title: z.string(),
});
export type Banner = z.infer<typeof banner>;

const typeList = z
  .string()
  .default('B,PL,PU,PR')
  .transform((s) => s.split(',').map((t) => t.trim()))
  .pipe(z.array(announcementType).min(1));

export const noticeIndex = defineCall({
  method: 'GET',
  path: '/wps/notice/index',
  class: 'read',
  summary: 'Notice data for the language: player notices (marquee), banners, popup announcements',
  query: z.object({
    types: typeList,
    platform: z.literal('W').default('W'),
    execution: announcementType.default('B'),
    language: z.string().optional(),
  }),
  response: wpsReply(
    z.object({ notices: z.array(notice), banners: z.array(banner), popup: z.array(notice) }),
  ),
});
