import { z } from 'zod';
import { registerFieldRule } from './auth.ts';
import { defineCall, emptyQuery, wpsReply } from './call.ts';
import { brand, featureFlag, languages, merchantCode, theme, tyLanguage } from './merchant.ts';

/** 0 normal, 1 maintenance, 2 region restricted (spec §4 System status). */
export const systemStatusCode = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type SystemStatusCode = z.infer<typeof systemStatusCode>;

export const location = z.object({ ip: z.string(), country: z.string() });

export const systemStatus = defineCall({
  method: 'GET',
  path: '/wps/system/status',
  class: 'open',
  summary: 'System status of the merchant for this visitor',
  query: emptyQuery,
  response: wpsReply(
    z.object({
      status: systemStatusCode,
      maintenanceEnd: z.string().datetime().nullable(),
      location,
    }),
  ),
});
export type SystemStatus = z.infer<typeof systemStatus.response>['value'];

/** Whitelabel module tree node: enabled is '1' or '0' as the spec's permission info has it. */
export interface ModuleNode {
  modId: string;
  enabled: '1' | '0';
  childrenNodes: ModuleNode[];
}
// Named: the API description can only point at a recursive schema's definition as a named component.
export const moduleNode: z.ZodType<ModuleNode> = z
  .lazy(() =>
    z.object({ modId: z.string(), enabled: z.enum(['1', '0']), childrenNodes: z.array(moduleNode) }),
  )
  .meta({ id: 'ModuleNode' });

export const downloadPackage = z.enum(['MOBILECONFIG', 'Android']);
export type DownloadPackage = z.infer<typeof downloadPackage>;

export const firebaseOptions = z.object({
  apiKey: z.string(),
  authDomain: z.string(),
  projectId: z.string(),
  appId: z.string(),
});
export type FirebaseOptions = z.infer<typeof firebaseOptions>;

export const customerServiceType = z.enum(['VIP', 'LIVECHAT']);

// The GA4 id lives with the plain values: the first page's analytics start reads it without loading zod.
export { GTAG_ID, GTAG_ID_PATTERN } from './constants.ts';

export const whitelabelInfo = z.object({
  merchantCode,
  brand,
  modules: z.array(moduleNode),
  features: z.record(featureFlag, z.boolean()),
  registerFields: z.array(registerFieldRule),
  resources: z.array(z.object({ resourceType: z.string(), url: z.string(), qrCodeUrl: z.string() })),
  downloadResources: z.partialRecord(downloadPackage, z.object({ name: z.string(), url: z.string() })),
  siteResources: z.record(z.string(), z.object({ url: z.string(), labelNameEn: z.string() })),
  customerService: z.array(z.object({ csType: customerServiceType, path: z.string() })),
  social: z.object({ facebook: z.string(), telegram: z.string() }),
  /** The catalogue behind the language switch's TY entry. */
  tyLanguage,
  /** The catalogues the merchant offers besides English (TY among them); listed in the switch with LANGUAGE_LIST on. */
  languages,
  analytics: z.object({ gtagId: z.string() }),
  imageCDNs: z.array(z.string()),
  launchGameCDNs: z.array(z.string()),
  location,
  maintenance: z.boolean(),
  maintenanceEnd: z.string().datetime().nullable(),
  regionRestriction: z.boolean(),
  defaultTheme: theme,
  /** Public Firebase web options; social login and Firebase SMS show only when set (spec §6). */
  firebase: firebaseOptions.nullable(),
});
export type WhitelabelInfo = z.infer<typeof whitelabelInfo>;

export const whitelabel = defineCall({
  method: 'GET',
  path: '/wps/system/whitelabel',
  class: 'open',
  summary: 'Permission info: brand, module tree, feature flags, register rules, resources, customer service',
  query: emptyQuery,
  response: wpsReply(whitelabelInfo),
});

export const domainRoute = defineCall({
  method: 'GET',
  path: '/wps/system/domainRoute',
  class: 'open',
  summary: 'Domains (routers) of the merchant, each with its speed value',
  query: emptyQuery,
  response: wpsReply(
    z.object({
      merchantCode,
      routers: z.array(z.object({ domain: z.string(), speed: z.number().int() })),
    }),
  ),
});
