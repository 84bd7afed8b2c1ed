import { z } from 'zod';
import { EVERY_ROLE } from './backoffice.ts';
import { defineCall, wpsReply } from './call.ts';
import { merchantCode } from './merchant.ts';

/**
 * Game vendors in the back office: how each of a merchant's vendors is connected (game-vendor port, docs/
 * integrations.md), its catalogue sync, and operator overrides of a game's hot/new/order/maintenance that every
 * later sync keeps. Credentials come from PORTICO_VENDORS and are never returned.
 */
export const vendorCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_]{2,40}$/, 'A vendor code');

export const opsVendor = z.object({
  vendor: z.string(),
  name: z.string(),
  /** inhouse, demo (development stand-in), http (connected), off (production without settings). */
  driver: z.enum(['inhouse', 'demo', 'http', 'off']),
  wallet: z.enum(['seamless', 'transfer']),
  /** Whether the vendor has a catalogue feed to sync. */
  feed: z.boolean(),
  /** Hours between scheduled syncs (null: not connected; 0: on demand only). */
  syncHours: z.number().nullable(),
  /** Games listed now, and games hidden since they left the feed. */
  games: z.number().int(),
  hidden: z.number().int(),
  lastRunAt: z.string().nullable(),
  /** The last sync that applied its feed. */
  lastOkAt: z.string().nullable(),
  added: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int(),
  pictures: z.number().int(),
  /** Why the last sync changed nothing. */
  error: z.string().nullable(),
  /** What the last sync skipped (a picture it could not read, a code another vendor has). */
  problems: z.array(z.string()),
});
export type OpsVendor = z.infer<typeof opsVendor>;

export const opsVendors = defineCall({
  method: 'GET',
  path: '/ops/merchants/:code/vendors',
  summary: 'Operator: the merchant’s game vendors, how each is connected, and its last catalogue sync',
  auth: 'ops',
  opsRoles: EVERY_ROLE,
  params: z.object({ code: merchantCode }),
  response: wpsReply(z.object({ list: z.array(opsVendor) })),
});

export const opsVendorSync = defineCall({
  method: 'POST',
  path: '/ops/merchants/:code/vendors/:vendor/sync',
  summary:
    'Operator: sync a connected vendor’s catalogue now (a feed that cannot be read changes nothing; its error is recorded)',
  auth: 'ops',
  opsRoles: ['CONTENT'],
  params: z.object({ code: merchantCode, vendor: vendorCode }),
  response: wpsReply(opsVendor),
});

const gameFlags = z.object({
  isHot: z.boolean(),
  isNew: z.boolean(),
  sort: z.number().int().min(0).max(1_000_000),
  /** ISO time the game is down until; null: not under maintenance. */
  maintenanceUntil: z.iso.datetime({ offset: true }).nullable(),
});
const flagName = z.enum(['isHot', 'isNew', 'sort', 'maintenanceUntil']);

export const opsGameOverride = defineCall({
  method: 'PATCH',
  path: '/ops/merchants/:code/games/:nodeId',
  summary:
    'Operator: override a game’s hot/new/order/maintenance (kept across catalogue syncs); `reset` returns fields to the feed',
  auth: 'ops',
  opsRoles: ['CONTENT'],
  params: z.object({ code: merchantCode, nodeId: z.string().trim().min(1).max(80) }),
  body: z
    .object({ set: gameFlags.partial().default({}), reset: z.array(flagName).max(4).default([]) })
    .refine((b) => Object.keys(b.set).length + b.reset.length > 0, 'Nothing to change'),
  response: wpsReply(
    z.object({
      nodeId: z.string(),
      overrides: gameFlags.partial(),
      /** The feed's own values (null: the game is not from a feed). */
      feed: gameFlags.nullable(),
    }),
  ),
});
