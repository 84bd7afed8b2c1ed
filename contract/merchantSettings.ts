import { z } from 'zod';
import { registerFieldRule } from './auth.ts';
import { EVERY_ROLE } from './backoffice.ts';
import { isOutsideLink, isSitePath } from './banners.ts';
import { defineCall, wpsReply } from './call.ts';
import { change } from './changes.ts';
import { brand, merchantCode, theme } from './merchant.ts';
import { customerServiceType, downloadPackage, GTAG_ID_PATTERN } from './system.ts';

/**
 * A merchant's settings that players see (brand, domains, registration rules, links, app packages, analytics and
 * CDNs) and its payment details, as the back office reads and edits them. Writes to `merchants` and `domains` raise
 * merchant_config's version, so every process's merchant cache serves them from the next request.
 */

/** Letters, digits, punctuation and spaces: a control character (a new line, a NUL, a direction override) is refused. */
const CONTROL = /[\p{Cc}\p{Cf}]/u;
export const plainText = (max: number, min = 1) =>
  z
    .string()
    .trim()
    .min(min, min === 1 ? 'Input must not be empty' : `At least ${min} characters`)
    .max(max, `At most ${max} characters`)
    .refine((s) => !CONTROL.test(s), 'No control characters');

/**
 * A link players follow: https only (no javascript:, no http:), no spaces or control characters. A pattern besides
 * the check: the contract fuzzer (server/quality) generates valid links from patterns, not from checks.
 */
export const httpsLink = z
  .string()
  .trim()
  .max(500, 'At most 500 characters')
  .regex(/^https:\/\/[^\s\\/]+(\/\S*)?$/, 'An https:// address')
  .refine((s) => !CONTROL.test(s) && isOutsideLink(s), 'An https:// address');

/** A CDN: the https origin files are fetched from (no path, query or credentials). */
export const httpsOrigin = z
  .string()
  .trim()
  .toLowerCase()
  .max(200, 'At most 200 characters')
  .regex(/^https:\/\/[a-z0-9.-]+(:\d{1,5})?$/, 'An https:// origin, without a path');

/** A host name a merchant is served on (lower case, no scheme, port or path). */
export const domainName = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, 'At most 253 characters')
  .regex(
    /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
    'A host name such as play.example.com',
  );

/** Google Analytics 4 measurement id, or empty for none. */
export const gtagId = z
  .string()
  .trim()
  .toUpperCase()
  .regex(new RegExp(`^(${GTAG_ID_PATTERN})?$`), 'G- and letters or digits, e.g. G-ABC1234, or empty');

/** What an operator changes of the brand; the logo and icon (pictures) and the currency are not edited here. */
export const brandEdit = z.object({
  name: plainText(40, 2),
  primary: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colour is #rrggbb'),
  accent: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colour is #rrggbb'),
  defaultTheme: theme,
});

/** Fields a member can never register without: turning them off would close registration. */
const CREDENTIALS = ['username', 'password'] as const;

const patternCompiles = (p: string) => {
  if (p === '*') return true;
  try {
    new RegExp(p, 'u');
    return true;
  } catch {
    return false;
  }
};

export const registerFieldsEdit = z
  .array(
    registerFieldRule
      .extend({
        minLength: z.number().int().min(0).max(500),
        maxLength: z.number().int().min(1).max(500),
        acceptedPattern: z
          .string()
          .max(200, 'At most 200 characters')
          .refine((p) => !CONTROL.test(p) && patternCompiles(p), 'Not a valid pattern'),
      })
      .refine((r) => r.minLength <= r.maxLength, {
        message: 'The minimum must not exceed the maximum',
        path: ['maxLength'],
      }),
  )
  .max(64)
  .superRefine((rules, ctx) => {
    const seen = new Set<string>();
    rules.forEach((r, i) => {
      if (seen.has(r.field)) ctx.addIssue({ code: 'custom', message: 'Listed twice', path: [i, 'field'] });
      seen.add(r.field);
    });
    for (const field of CREDENTIALS) {
      const i = rules.findIndex((r) => r.field === field);
      if (i < 0 || !rules[i]!.enabled || !rules[i]!.required)
        ctx.addIssue({
          code: 'custom',
          message: 'Registration needs this field, shown and required',
          path: [Math.max(i, 0), 'enabled'],
        });
    }
  });

export const customerServiceLink = z.object({ csType: customerServiceType, path: httpsLink });

/** A package's address: https, or a path of this site (the iOS profile the server makes, /downloads/<code>.mobileconfig). */
const PACKAGE_URL = 'An https:// address or a path of this site';
const packageUrl = z
  .string()
  .trim()
  .max(500, 'At most 500 characters')
  .regex(/^(https:\/\/[^\s\\/]+(\/\S*)?|\/[\w\-/?=&#.%~]*)$/, PACKAGE_URL)
  .refine((s) => !CONTROL.test(s) && (isOutsideLink(s) || isSitePath(s)), PACKAGE_URL);
const downloadResource = z.object({ name: plainText(60), url: packageUrl });

/** A link a player may leave empty (no button). */
const optionalLink = z.union([z.literal(''), httpsLink]);

/** The parts of a merchant's settings an operator edits; each PATCH sends the sections it changes, each whole. */
export const merchantSettingsEdit = z.object({
  brand: brandEdit,
  registerFields: registerFieldsEdit,
  /** The minimum age to register (spec §9). */
  ageLimit: z.union([z.literal(18), z.literal(21)]),
  customerService: z
    .array(customerServiceLink)
    .max(10)
    .refine((links) => new Set(links.map((l) => l.csType)).size === links.length, 'One link of each kind'),
  social: z.object({ facebook: optionalLink, telegram: optionalLink }),
  /** App packages the download dialog offers (Android: a signed APK the operator hosts). */
  downloadResources: z.partialRecord(downloadPackage, downloadResource),
  gtagId,
  imageCDNs: z.array(httpsOrigin).max(10),
  launchGameCDNs: z.array(httpsOrigin).max(10),
});
export type MerchantSettingsEdit = z.infer<typeof merchantSettingsEdit>;

/** A merchant's settings as the back office shows them: what it edits, plus what it shows read-only. */
export const opsSettings = z.object({
  code: z.string(),
  /** The whole brand: the currency, logo and icon read-only. */
  brand,
  domains: z.array(z.string()),
  registerFields: z.array(registerFieldRule),
  ageLimit: z.union([z.literal(18), z.literal(21)]),
  customerService: z.array(z.object({ csType: customerServiceType, path: z.string() })),
  social: z.object({ facebook: z.string(), telegram: z.string() }),
  downloadResources: z.partialRecord(downloadPackage, z.object({ name: z.string(), url: z.string() })),
  gtagId: z.string(),
  imageCDNs: z.array(z.string()),
  launchGameCDNs: z.array(z.string()),
});
export type OpsSettings = z.infer<typeof opsSettings>;

const codeParams = z.object({ code: merchantCode });

export const opsMerchantSettings = defineCall({
  method: 'GET',
  path: '/ops/merchants/:code/settings',
  summary:
    'Operator: a merchant’s brand, domains, registration rules, links, app packages, analytics and CDNs',
  auth: 'ops',
  opsRoles: EVERY_ROLE,
  params: codeParams,
  response: wpsReply(z.object({ settings: opsSettings })),
});

export const opsUpdateMerchantSettings = defineCall({
  method: 'PATCH',
  path: '/ops/merchants/:code/settings',
  summary:
    'Operator: change sections of a merchant’s settings (each sent whole; audited before and after); players see ' +
    'them from their next request',
  auth: 'ops',
  opsRoles: ['CONTENT'],
  params: codeParams,
  body: merchantSettingsEdit.partial().refine((b) => Object.keys(b).length > 0, 'Nothing to change'),
  response: wpsReply(z.object({ settings: opsSettings })),
});

/** Domains point the DNS and TLS of a brand: the platform's administrators add and remove them. */
export const opsAddDomain = defineCall({
  method: 'POST',
  path: '/ops/merchants/:code/domains',
  summary: 'Operator (ADMIN): serve a merchant on one more domain (409 when another merchant has it)',
  auth: 'ops',
  params: codeParams,
  body: z.object({ domain: domainName }),
  response: wpsReply(z.object({ domains: z.array(z.string()) })),
});

export const opsRemoveDomain = defineCall({
  method: 'DELETE',
  path: '/ops/merchants/:code/domains/:domain',
  summary: 'Operator (ADMIN): stop serving a merchant on a domain (it keeps at least one)',
  auth: 'ops',
  params: z.object({ code: merchantCode, domain: domainName }),
  response: wpsReply(z.object({ domains: z.array(z.string()) })),
});

/** The house bank account members transfer deposits to (the payments rules' `bank`). */
export const bankDetails = z.object({
  bankName: plainText(80),
  accountName: plainText(80),
  accountNo: plainText(80),
});
export type BankDetails = z.infer<typeof bankDetails>;

export const opsPaymentDetails = defineCall({
  method: 'GET',
  path: '/ops/merchants/:code/payment-details',
  summary: 'Operator: the house bank account members transfer to, and a change of it waiting for approval',
  auth: 'ops',
  opsRoles: ['FINANCE'],
  params: codeParams,
  response: wpsReply(z.object({ bank: bankDetails, pending: change.nullable() })),
});

/**
 * Where members' money goes: a new account is a draft of the payments rules (the one place it is kept) that
 * another FINANCE or ADMIN operator approves (contract/changes.ts).
 */
export const opsSetPaymentDetails = defineCall({
  method: 'PUT',
  path: '/ops/merchants/:code/payment-details',
  summary:
    'Operator: draft a new house bank account (the payments rules with it); in force once another operator approves',
  auth: 'ops',
  opsRoles: ['FINANCE'],
  params: codeParams,
  body: bankDetails,
  response: wpsReply(z.object({ change })),
});
