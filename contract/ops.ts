import { z } from 'zod';
import { defineCall, wpsReply } from './call.ts';
import { featureFlag, merchantCode, theme } from './merchant.ts';
import { firebaseOptions } from './system.ts';

const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colour is #rrggbb');
const countryList = z.array(z.string().regex(/^[A-Z]{2}$/, 'Country is a 2-letter ISO code'));

/** Operator calls (until the back office exists): bearer PORTICO_OPS_TOKEN, off when it is unset. */
export const updateMerchant = defineCall({
  method: 'PATCH',
  path: '/ops/merchants/:code',
  summary: 'Operator: maintenance window, region restriction and feature flags of a merchant',
  auth: 'ops',
  params: z.object({ code: merchantCode }),
  body: z
    .object({
      maintenance: z.boolean(),
      maintenanceEnd: z.iso.datetime({ offset: true }).nullable(),
      restrictedCountries: countryList,
      features: z.partialRecord(featureFlag, z.boolean()),
      /** Public Firebase web options of the merchant's project (null removes them). */
      firebase: firebaseOptions.nullable(),
    })
    .partial()
    .refine((b) => Object.keys(b).length > 0, 'Nothing to change'),
  response: wpsReply(z.object({ merchantCode })),
});

export const createMerchant = defineCall({
  method: 'POST',
  path: '/ops/merchants',
  summary: 'Operator: add a merchant with its domains, brand and a copy of another merchant’s catalogue',
  auth: 'ops',
  body: z.object({
    code: merchantCode,
    name: z.string().trim().min(2).max(40),
    domains: z.array(z.string().trim().toLowerCase().min(3).max(253)).min(1),
    primary: colour,
    accent: colour,
    defaultTheme: theme,
    copyCatalogueFrom: merchantCode,
  }),
  response: wpsReply(z.object({ merchantCode })),
});
