import { z } from 'zod';
import { EVERY_ROLE } from './backoffice.ts';
import { defineCall, paging, wpsReply } from './call.ts';
import { gameType } from './games.ts';
import { brand, merchantCode } from './merchant.ts';
import { vendorCode } from './vendors.ts';

/**
 * The game catalogue in the back office (issue 28): a merchant's games with their flags, edited one by one or as a
 * selection, and the pictures operators upload (checked by their bytes, re-encoded, sized for their slot).
 */

export const opsGame = z.object({
  nodeId: z.string(),
  names: z.record(z.string(), z.string()),
  vendor: z.string(),
  vendorName: z.string(),
  gameType,
  gameClassify: z.string(),
  isHot: z.boolean(),
  isNew: z.boolean(),
  sort: z.number().int(),
  /** Out of every lobby and launch until shown again. */
  hidden: z.boolean(),
  /** ISO time the game is down until (null: not under maintenance, or its time has passed). */
  maintenanceUntil: z.string().nullable(),
  iconUrl: z.string(),
  /** The icon is an operator's upload (it may be removed). */
  uploadedIcon: z.boolean(),
  /** The game comes from a vendor's feed: the fields set here are kept across its syncs. */
  fromFeed: z.boolean(),
});
export type OpsGame = z.infer<typeof opsGame>;

export const GAME_FLAGS = ['hot', 'new', 'hidden', 'maintenance'] as const;
export const gameFlag = z.enum(GAME_FLAGS);
export type GameFlag = z.infer<typeof gameFlag>;

export const OPS_GAMES_PAGE = 50;

export const opsGames = defineCall({
  method: 'GET',
  path: '/ops/merchants/:code/games',
  summary:
    'Operator: a merchant’s game catalogue (hidden games included) by vendor, type, name or flag, in lobby order',
  auth: 'ops',
  opsRoles: EVERY_ROLE,
  params: z.object({ code: merchantCode }),
  query: z.object({
    vendor: vendorCode.optional(),
    gameType: gameType.optional(),
    /** Part of the game's name in any language, or of its node id. */
    name: z.string().trim().max(64).optional(),
    flag: gameFlag.optional(),
    ...paging(OPS_GAMES_PAGE, 200),
  }),
  response: wpsReply(z.object({ list: z.array(opsGame), totalPages: z.number().int() })),
});

/** At most this many games are changed by one batch edit. */
export const MAX_GAME_BATCH = 200;

export const gameEdit = z
  .object({
    isHot: z.boolean(),
    isNew: z.boolean(),
    sort: z.number().int().min(0).max(1_000_000),
    hidden: z.boolean(),
    /** ISO time the game is down until; null ends its maintenance. */
    maintenanceUntil: z.iso.datetime({ offset: true }).nullable(),
  })
  .partial()
  .refine((s) => Object.keys(s).length > 0, 'Nothing to change');
export type GameEdit = z.infer<typeof gameEdit>;

export const opsEditGames = defineCall({
  method: 'PATCH',
  path: '/ops/merchants/:code/games',
  summary:
    'Operator: set hot, new, order, visibility or maintenance of one game or a selection (all or nothing); audited',
  auth: 'ops',
  opsRoles: ['CONTENT'],
  params: z.object({ code: merchantCode }),
  body: z.object({
    nodeIds: z
      .array(z.string().trim().min(1).max(80))
      .min(1, 'Pick at least one game')
      .max(MAX_GAME_BATCH, `At most ${MAX_GAME_BATCH} games at once`),
    set: gameEdit,
  }),
  response: wpsReply(z.object({ list: z.array(opsGame) })),
});

/**
 * Where an operator's picture goes, and the size it is stored at (the generated art's sizes at 2×: tiles 300 px,
 * banners 1200 × 360, the brand's icon 128 px).
 */
export const PICTURE_SLOTS = {
  /** The brand's logo in the header: fits inside, never enlarged. */
  logo: { width: 512, height: 256, fit: 'inside' },
  /** The site icon (home screen, QR codes): square, cropped to fill. */
  icon: { width: 256, height: 256, fit: 'cover' },
  banner: { width: 1200, height: 360, fit: 'cover' },
  gameIcon: { width: 480, height: 480, fit: 'cover' },
} as const;
export type PictureSlot = keyof typeof PICTURE_SLOTS;

/** An uploaded picture is refused past these (bytes; pixels of its longer side). */
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
export const MAX_PICTURE_SIDE = 8000;

const picture = z.object({ url: z.string() });

/** Multipart, one `file` (png, jpg or webp ≤ 5 MB); sets the brand's logo or icon. */
export const opsBrandPicture = defineCall({
  method: 'POST',
  path: '/ops/merchants/:code/brand/:slot',
  summary:
    'Operator: upload the brand’s logo or site icon (multipart `file`: png, jpg or webp ≤ 5 MB), seen by members at once',
  auth: 'ops',
  opsRoles: ['CONTENT'],
  params: z.object({ code: merchantCode, slot: z.enum(['logo', 'icon']) }),
  response: wpsReply(z.object({ brand })),
});

/** Multipart, one `file`: the banner shows it instead of the picture drawn from its title. */
export const opsBannerPicture = defineCall({
  method: 'POST',
  path: '/ops/merchants/:code/banners/:id/picture',
  summary:
    'Operator: upload a banner’s picture (multipart `file`: png, jpg or webp ≤ 5 MB, shown at 1200 × 360)',
  auth: 'ops',
  opsRoles: ['CONTENT'],
  params: z.object({ code: merchantCode, id: z.coerce.number().int().positive().max(2_147_483_647) }),
  response: wpsReply(picture),
});

/** Multipart, one `file`: the game's tile shows it instead of the feed's or the generated picture. */
export const opsGameIcon = defineCall({
  method: 'POST',
  path: '/ops/merchants/:code/games/:nodeId/icon',
  summary: 'Operator: upload a game’s icon (multipart `file`: png, jpg or webp ≤ 5 MB, shown at 480 × 480)',
  auth: 'ops',
  opsRoles: ['CONTENT'],
  params: z.object({ code: merchantCode, nodeId: z.string().trim().min(1).max(80) }),
  response: wpsReply(picture),
});

export const opsRemoveBannerPicture = defineCall({
  method: 'DELETE',
  path: '/ops/merchants/:code/banners/:id/picture',
  summary: 'Operator: remove a banner’s uploaded picture (it is drawn from its title again)',
  auth: 'ops',
  opsRoles: ['CONTENT'],
  params: z.object({ code: merchantCode, id: z.coerce.number().int().positive().max(2_147_483_647) }),
  response: wpsReply(picture),
});

export const opsRemoveGameIcon = defineCall({
  method: 'DELETE',
  path: '/ops/merchants/:code/games/:nodeId/icon',
  summary: 'Operator: remove a game’s uploaded icon (the feed’s or the generated picture is shown again)',
  auth: 'ops',
  opsRoles: ['CONTENT'],
  params: z.object({ code: merchantCode, nodeId: z.string().trim().min(1).max(80) }),
  response: wpsReply(picture),
});
