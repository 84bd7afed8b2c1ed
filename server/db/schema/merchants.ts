import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { RegisterFieldRule } from '../../../contract/auth.ts';
import type { Brand, FeatureFlag } from '../../../contract/merchant.ts';
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
