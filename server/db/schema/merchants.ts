import { bigint, boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { RegisterFieldRule } from '../../../contract/auth.ts';
import type { MessageSenders } from '../../../contract/deliveries.ts';
import type { Brand, FeatureFlag, TyLanguage } from '../../../contract/merchant.ts';
import type { DownloadPackage } from '../../../contract/system.ts';

/** Per-merchant configuration that the whitelabel call publishes (secrets never live here). */
export interface MerchantSettings {
  features: Record<FeatureFlag, boolean>;
  registerFields: RegisterFieldRule[];
  customerService: { csType: 'VIP' | 'LIVECHAT'; path: string }[];
  social: { facebook: string; telegram: string };
  gtagId: string;
  imageCDNs: string[];
  launchGameCDNs: string[];
  downloadResources: Partial<Record<DownloadPackage, { name: string; url: string }>>;
  siteResources: Record<string, { url: string; labelNameEn: string }>;
  timeZone: string;
  /** The catalogue of the language switch's TY entry (absent: Vietnamese); one of `languages`. */
  tyLanguage?: TyLanguage;
  /** The catalogues offered besides English (absent: the TY language alone; server/modules/ops/languages.ts). */
  languages?: TyLanguage[];
  /** 'dev' exposes captcha answers at /__dev/captcha/:id outside production, so end-to-end tests pass through. */
  captchaMode: 'image' | 'dev';
  /** The password agents and operators give new accounts; logging in with it forces a change (spec §4). */
  defaultPassword: string;
  /** With PASSWORD_EXPIRY on, a password older than this must be changed at login. */
  passwordMaxAgeDays: number;
  /** The minimum age to register, shown as the age notice and checked on the birthday; absent: 21 (spec §9). */
  ageLimit?: 18 | 21;
  countries: { countryCode: string; countryDialingCode: string }[];
  /** Public Firebase web options (social login, Firebase SMS); absent when the merchant has no Firebase project. */
  firebase?: { apiKey: string; authDomain: string; projectId: string; appId: string } | null;
  /** Whom its e-mails and SMS are from (set at /ops Deliveries); absent: PORTICO_SMTP_FROM / PORTICO_SMS_FROM. */
  senders?: Partial<MessageSenders>;
}

export const merchants = pgTable('merchants', {
  code: text('code').primaryKey(),
  brand: jsonb('brand').$type<Brand>().notNull(),
  settings: jsonb('settings').$type<MerchantSettings>().notNull(),
  maintenance: boolean('maintenance').notNull().default(false),
  maintenanceEnd: timestamp('maintenance_end', { withTimezone: true }),
  restrictedCountries: jsonb('restricted_countries').$type<string[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Domains a merchant is served on (spec: domain route); `speed` starts at 0. */
export const domains = pgTable('domains', {
  domain: text('domain').primaryKey(),
  merchantCode: text('merchant_code')
    .notNull()
    .references(() => merchants.code),
  speed: integer('speed').notNull().default(0),
});

/**
 * One row whose `version` triggers on `merchants` and `domains` raise with every write, in the writer's transaction
 * (migration 0016): a process's merchant cache is good while the version it was filled under is the current one.
 * `catalogueVersion` is the same for the public catalogue's tables (games, vendors, notices, banners; migration
 * 0036): read in the same statement, it tells the reply cache (server/http/replyCache.ts) at no extra query.
 */
export const merchantConfig = pgTable('merchant_config', {
  id: integer('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  catalogueVersion: bigint('catalogue_version', { mode: 'number' }).notNull().default(0),
});
