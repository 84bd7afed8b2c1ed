import { z } from 'zod';
import { isOutsideLink, isSitePath } from './banners.ts';
import { defineCall, paging, wpsReply } from './call.ts';
import { bannerGroup } from './content.ts';
import { drawResult } from './lottery.ts';
import { brand, featureFlag, languages, merchantCode, tyLanguage } from './merchant.ts';
import { perLanguage } from './texts.ts';
import { minorUnits } from './wallet.ts';

/**
 * Back-office roles. ADMIN may make every operator call; each other role only the calls that name it (`opsRoles`):
 * FINANCE money (payments, redemptions, rewards, settlements), CONTENT what members read (announcements, banners,
 * promotions, messages), SUPPORT reads (members, payments, audit) and member messages.
 */
export const opsRole = z.enum(['ADMIN', 'FINANCE', 'CONTENT', 'SUPPORT']);
export type OpsRole = z.infer<typeof opsRole>;

/** Every role: read-only overviews anyone in the back office may open. */
export const EVERY_ROLE = ['FINANCE', 'CONTENT', 'SUPPORT'] as const;

/**
 * The merchants an operator works on: `'*'` every merchant (the platform's own staff, and the only ones who manage
 * operators or add merchants), else the listed codes. Every operator call about a merchant outside it is answered
 * as if that merchant did not exist, and lists leave them out.
 */
export const merchantGrant = z.union([z.literal('*'), z.array(merchantCode).max(200)]);
export type MerchantGrant = z.infer<typeof merchantGrant>;

export const operator = z.object({
  id: z.number().int(),
  username: z.string(),
  role: opsRole,
  disabled: z.boolean(),
  lastLoginAt: z.string().nullable(),
  merchants: merchantGrant,
  /** Two-factor login (TOTP) is set up: signing in asks for the authenticator's code. */
  totp: z.boolean(),
});
export type Operator = z.infer<typeof operator>;

/** A code of an authenticator app (RFC 6238: 6 digits, a new one every 30 seconds). */
export const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'The code is 6 digits');

const username = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_]{3,32}$/, 'Username is 3–32 letters, digits or _');

export const opsLogin = defineCall({
  method: 'POST',
  path: '/ops/login',
  summary:
    'Operator login: a back-office session token (8 hours); with two-factor set up, 401 TOTP_REQUIRED until the code ' +
    'is given; wrong attempts are rate-limited, 5 wrong codes lock the login for 15 minutes (403 ACCOUNT_LOCKED)',
  body: z.object({
    username: z.string().trim().min(1, 'Input must not be empty').max(32),
    password: z.string().min(1, 'Input must not be empty').max(64),
    code: totpCode.optional(),
  }),
  response: wpsReply(
    z.object({
      token: z.string(),
      operator,
      expiresAt: z.string(),
      /** As in opsMe: the session may only enrol in two-factor login until it is on. */
      totpRequired: z.boolean(),
    }),
  ),
});

export const opsLogout = defineCall({
  method: 'POST',
  path: '/ops/logout',
  summary: 'Operator: end this back-office session',
  auth: 'ops',
  opsRoles: EVERY_ROLE,
  response: wpsReply(z.null()),
});

export const opsMe = defineCall({
  method: 'GET',
  path: '/ops/me',
  summary: 'Operator: who this token belongs to (the environment token is the ADMIN "ops")',
  auth: 'ops',
  opsRoles: EVERY_ROLE,
  response: wpsReply(
    z.object({
      operator,
      /** Two-factor is required of this operator and not set up: every call but enrolment answers 403 TOTP_REQUIRED. */
      totpRequired: z.boolean(),
    }),
  ),
});

export const opsTotpEnrol = defineCall({
  method: 'POST',
  path: '/ops/totp/enrol',
  summary:
    'Operator: start two-factor enrolment: a new secret and its otpauth:// address (for the QR code), shown this once',
  auth: 'ops',
  opsRoles: EVERY_ROLE,
  response: wpsReply(z.object({ secret: z.string(), uri: z.string() })),
});

export const opsTotpConfirm = defineCall({
  method: 'POST',
  path: '/ops/totp/confirm',
  summary:
    'Operator: finish enrolment with a code of the authenticator; signing in asks for a code from then on',
  auth: 'ops',
  opsRoles: EVERY_ROLE,
  body: z.object({ code: totpCode }),
  response: wpsReply(z.object({ operator })),
});

export const opsTotpDisable = defineCall({
  method: 'POST',
  path: '/ops/totp/disable',
  summary: 'Operator: turn one’s own two-factor login off, with a current code',
  auth: 'ops',
  opsRoles: EVERY_ROLE,
  body: z.object({ code: totpCode }),
  response: wpsReply(z.object({ operator })),
});

export const opsOperators = defineCall({
  method: 'GET',
  path: '/ops/operators',
  summary: 'Operator (ADMIN): the back-office accounts',
  auth: 'ops',
  response: wpsReply(z.object({ list: z.array(operator) })),
});

export const opsCreateOperator = defineCall({
  method: 'POST',
  path: '/ops/operators',
  summary: 'Operator (ADMIN): add a back-office account with a role',
  auth: 'ops',
  body: z.object({
    username,
    password: z.string().min(10, 'At least 10 characters').max(64),
    role: opsRole,
    /** None until granted. */
    merchants: merchantGrant.default([]),
  }),
  response: wpsReply(z.object({ operator })),
});

export const opsUpdateOperator = defineCall({
  method: 'PATCH',
  path: '/ops/operators/:id',
  summary:
    'Operator (ADMIN): change a role or the merchants granted, disable (its sessions end) or enable an account',
  auth: 'ops',
  params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
  body: z
    .object({ role: opsRole, disabled: z.boolean(), merchants: merchantGrant })
    .partial()
    .refine((b) => Object.keys(b).length > 0, 'Nothing to change'),
  response: wpsReply(z.object({ operator })),
});

export const opsResetTotp = defineCall({
  method: 'DELETE',
  path: '/ops/operators/:id/totp',
  summary:
    'Operator (ADMIN): reset an account’s two-factor login (a lost phone); its sessions end, it enrols again',
  auth: 'ops',
  params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
  response: wpsReply(z.object({ operator })),
});

/** A merchant's settings as the back office edits them (updateMerchant writes them). */
export const opsMerchant = z.object({
  code: z.string(),
  name: z.string(),
  domains: z.array(z.string()),
  brand,
  maintenance: z.boolean(),
  maintenanceEnd: z.string().nullable(),
  restrictedCountries: z.array(z.string()),
  features: z.partialRecord(featureFlag, z.boolean()),
  tyLanguage,
  languages,
});
export type OpsMerchant = z.infer<typeof opsMerchant>;

export const opsMerchants = defineCall({
  method: 'GET',
  path: '/ops/merchants',
  summary:
    'Operator: every merchant granted to the operator with its maintenance, region rules and feature flags',
  auth: 'ops',
  opsRoles: EVERY_ROLE,
  response: wpsReply(z.object({ list: z.array(opsMerchant) })),
});

export const opsMember = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  agentType: z.number().int(),
  upline: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  clubRank: z.number().int(),
  /** Main wallet (minor units). */
  balance: minorUnits,
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  locked: z.boolean(),
});
export type OpsMember = z.infer<typeof opsMember>;

export const opsMembers = defineCall({
  method: 'GET',
  path: '/ops/merchants/:code/members',
  summary: 'Operator: a merchant’s members or agents, searched by account, newest first',
  auth: 'ops',
  opsRoles: EVERY_ROLE,
  params: z.object({ code: merchantCode }),
  query: z.object({
    /** MEMBER: agent type 0; AGENT: 1, 2, 41, 42; TRIAL: 4. */
    type: z.enum(['MEMBER', 'AGENT', 'TRIAL']).optional(),
    account: z.string().trim().max(64).optional(),
    ...paging(20),
  }),
  response: wpsReply(z.object({ list: z.array(opsMember), totalPages: z.number().int() })),
});

export const opsLockMember = defineCall({
  method: 'POST',
  path: '/ops/members/:id/lock',
  summary: 'Operator: lock (its sessions end, logins refused) or unlock an account',
  auth: 'ops',
  opsRoles: ['SUPPORT'],
  params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
  body: z.object({ locked: z.boolean(), remark: z.string().trim().max(140).optional() }),
  response: wpsReply(z.object({ member: opsMember })),
});

export const opsBanner = z.object({
  id: z.number().int(),
  groupName: bannerGroup,
  linkageType: z.enum(['NONE', 'ROUTE', 'URL']),
  link: z.string(),
  titles: z.record(z.string(), z.string()),
  sort: z.number().int(),
  /** The operator's uploaded picture (null: drawn from the title). */
  pictureUrl: z.string().nullable(),
});
export type OpsBanner = z.infer<typeof opsBanner>;

export const opsBanners = defineCall({
  method: 'GET',
  path: '/ops/merchants/:code/banners',
  summary: 'Operator: a merchant’s banners of every group',
  auth: 'ops',
  opsRoles: EVERY_ROLE,
  params: z.object({ code: merchantCode }),
  response: wpsReply(z.object({ list: z.array(opsBanner) })),
});

export const opsCreateBanner = defineCall({
  method: 'POST',
  path: '/ops/merchants/:code/banners',
  summary:
    'Operator: add a banner (its picture is drawn from its title); a ROUTE link is a portal path, a URL https',
  auth: 'ops',
  opsRoles: ['CONTENT'],
  params: z.object({ code: merchantCode }),
  body: z
    .object({
      groupName: bannerGroup,
      linkageType: z.enum(['NONE', 'ROUTE', 'URL']).default('NONE'),
      link: z.string().trim().max(500).default(''),
      titles: perLanguage(80, 'Title'),
      sort: z.number().int().min(0).max(1_000_000).optional(),
    })
    .refine((b) => b.linkageType !== 'ROUTE' || isSitePath(b.link), {
      message: 'A route is a path of this site, starting with a single /',
      path: ['link'],
    })
    .refine((b) => b.linkageType !== 'URL' || isOutsideLink(b.link), {
      message: 'A link is an https:// address',
      path: ['link'],
    }),
  response: wpsReply(z.object({ banner: opsBanner })),
});

export const opsDeleteBanner = defineCall({
  method: 'DELETE',
  path: '/ops/merchants/:code/banners/:id',
  summary: 'Operator: remove a banner',
  auth: 'ops',
  opsRoles: ['CONTENT'],
  params: z.object({ code: merchantCode, id: z.coerce.number().int().positive().max(2_147_483_647) }),
  response: wpsReply(z.object({ id: z.number().int() })),
});

export const opsDraw = drawResult.extend({
  status: z.string(),
  /** Bets on the draw and their total (minor units), of the merchants the operator is granted. */
  bets: z.number().int(),
  stake: minorUnits,
});
export type OpsDraw = z.infer<typeof opsDraw>;

export const opsDraws = defineCall({
  method: 'GET',
  path: '/ops/lottery/draws',
  summary: 'Operator: lottery draws, newest first (numbers of a draw not yet revealed stay hidden here too)',
  auth: 'ops',
  opsRoles: EVERY_ROLE,
  query: z.object({ game: z.string().trim().max(20).optional(), ...paging(20) }),
  response: wpsReply(z.object({ list: z.array(opsDraw), totalPages: z.number().int() })),
});

export const opsAuditEntry = z.object({
  id: z.number().int(),
  merchantCode: z.string(),
  actor: z.string(),
  action: z.string(),
  subject: z.record(z.string(), z.unknown()),
  at: z.string(),
});
export type OpsAuditEntry = z.infer<typeof opsAuditEntry>;

export const opsAudit = defineCall({
  method: 'GET',
  path: '/ops/audit',
  summary: 'Operator: the audit log, newest first, by merchant, actor or action',
  auth: 'ops',
  opsRoles: ['SUPPORT', 'FINANCE'],
  query: z.object({
    merchant: merchantCode.optional(),
    actor: z.string().trim().max(64).optional(),
    action: z.string().trim().max(64).optional(),
    ...paging(50),
  }),
  response: wpsReply(z.object({ list: z.array(opsAuditEntry), totalPages: z.number().int() })),
});
