import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { MerchantGrant } from '../../../contract/backoffice.ts';
import type { Db } from '../../db/client.ts';
import {
  changes,
  members,
  outbox,
  paymentOrders,
  pointRedemptions,
  promotionEntries,
  promotions,
} from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';

/**
 * Which merchants an operator call may reach. Every operator call is one of:
 * - about the operator's own account (`OWN`): open to all;
 * - the platform's (`PLATFORM`): managing operators, adding merchants, walking the whole audit chain, entering official lottery results — only for an
 *   operator of every merchant;
 * - about one merchant named in its path (`:code`) or query (`merchant`);
 * - about one object named by id, whose merchant `OWNERS` looks up;
 * - a list across merchants (`LISTS`), whose handler leaves out what is not granted (`grantedMerchants`).
 * A call that is none of these is refused to an operator with a narrower grant, so a new operator call is closed to
 * them until it is placed here (server/modules/backoffice/scope.test.ts walks every one).
 */
export const OWN = new Set([
  '/ops/logout',
  '/ops/me',
  '/ops/totp/enrol',
  '/ops/totp/confirm',
  '/ops/totp/disable',
]);

export const PLATFORM = new Set([
  'GET /ops/operators',
  'POST /ops/operators',
  'PATCH /ops/operators/:id',
  'DELETE /ops/operators/:id/totp',
  'POST /ops/merchants',
  'GET /ops/audit/verify',
  // Official results settle the tickets of every merchant that sells the lottery.
  'GET /ops/lottery/results',
  'POST /ops/lottery/results/:gameCode/:issue',
]);

export const LISTS = new Set([
  'GET /ops/merchants',
  'GET /ops/payments',
  'GET /ops/payments/queues',
  'GET /ops/audit',
  'GET /ops/lottery/draws',
  'GET /ops/deliveries',
  // The live stream: events of the granted merchants only.
  'GET /ops/events',
]);

type Owner = (db: Db, ref: string) => Promise<string | undefined>;
/** Tables are named when asked (not at load: the schema may still be loading when this module is). */
const byId =
  (table: () => PgTable & { id: PgColumn; merchantCode: PgColumn }): Owner =>
  async (db, ref) => {
    const t = table();
    const [row] = await db
      .select({ code: t.merchantCode })
      .from(t)
      .where(eq(t.id, Number(ref)));
    return row?.code as string | undefined;
  };

/** The merchant of an object an operator call names by id (by the path's second part: `/ops/<kind>/:id/…`). */
export const OWNERS: Record<string, Owner> = {
  payments: byId(() => paymentOrders),
  members: byId(() => members),
  promotions: byId(() => promotions),
  'promotion-entries': byId(() => promotionEntries),
  redemptions: byId(() => pointRedemptions),
  changes: byId(() => changes),
  deliveries: byId(() => outbox),
  // An application's picture: the entry it was sent with.
  uploads: async (db, name) => {
    const [row] = await db
      .select({ code: promotionEntries.merchantCode })
      .from(promotionEntries)
      .where(sql`${promotionEntries.uploads} @> ${JSON.stringify([name])}::jsonb`)
      .limit(1);
    return row?.code;
  },
};

export const mayReach = (grant: MerchantGrant, code: string) => grant === '*' || grant.includes(code);

/** The merchants a list call may show: undefined for every merchant. */
export const grantedMerchants = (who: { merchants: MerchantGrant }): string[] | undefined =>
  who.merchants === '*' ? undefined : [...who.merchants];

/** A merchant outside the grant is answered as one that does not exist: its existence is not told either. */
const hidden = () => new DomainError(404, 'NOT_FOUND', 'Not found');

export function requireMerchant(who: { merchants: MerchantGrant }, code: string): void {
  if (!mayReach(who.merchants, code)) throw hidden();
}

/** Ids the routes take (positive 32-bit integers); anything else is left to the route's own validation. */
const ID = /^[1-9]\d{0,9}$/;
const MAX_ID = 2_147_483_647;

export type ScopeCheck = (req: FastifyRequest, who: { merchants: MerchantGrant }) => Promise<void>;

/** Refuses a call that reaches a merchant outside the operator's grant (run before the call's input is read). */
export function createScopeCheck(db: Db): ScopeCheck {
  return async (req, who) => {
    if (who.merchants === '*') return;
    const url = req.routeOptions.url ?? '';
    if (OWN.has(url)) return;
    const call = `${req.method} ${url}`;
    if (PLATFORM.has(call))
      throw new DomainError(403, 'FORBIDDEN', 'Only an operator of every merchant may do this');
    const params = (req.params ?? {}) as Record<string, string | undefined>;
    const query = (req.query ?? {}) as Record<string, unknown>;
    let placed = false;
    if (params.code !== undefined) {
      requireMerchant(who, params.code);
      placed = true;
    }
    // A merchant the query names places the call too; an object named by id is still checked by its owner below.
    const queried = typeof query.merchant === 'string';
    if (queried) requireMerchant(who, query.merchant as string);
    const owner = OWNERS[url.split('/')[2] ?? ''];
    const ref = params.id ?? params.name;
    if (owner && ref !== undefined && !placed) {
      const numeric = params.id !== undefined;
      if (numeric && (!ID.test(ref) || Number(ref) > MAX_ID)) return;
      const code = await owner(db, ref);
      // An unknown id is the handler's 404; another merchant's is the same 404.
      if (code !== undefined) requireMerchant(who, code);
      return;
    }
    if (!placed && !queried && !LISTS.has(call))
      throw new DomainError(403, 'FORBIDDEN', 'This call is not open to operators of some merchants');
  };
}
