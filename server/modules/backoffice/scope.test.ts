import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyCall } from '../../../contract/call.ts';
import type { Db } from '../../db/client.ts';
import {
  members,
  merchantRules,
  outbox,
  paymentOrders,
  pointRedemptions,
  pointRewards,
  promotionEntries,
  promotions,
} from '../../db/schema/index.ts';
import { contractCalls } from '../../quality/calls.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { newMember } from '../../test/play.ts';
import { OWN, OWNERS } from './scope.ts';

/**
 * Operators scoped to merchants: an ADMIN granted LOTUS alone walks every operator call of the contract (found by
 * iterating it, so a new call needs a line in EXPECTED) with PORTICO's objects and code. Calls about PORTICO
 * answer 404 and change nothing, the platform's calls 403, lists leave PORTICO out; the same calls with LOTUS's
 * objects are not refused, so the check is the grant and not the role.
 */

const ENV = 'scope-env-token';
const FOREIGN = 'PORTICO';
const MINE = 'LOTUS';

/** `stream`: a list that stays open (server-sent events): server/modules/opsEvents/events.test.ts checks its scope. */
type Expect = 'own' | 'platform' | 'merchant' | 'object' | 'list' | 'stream';
/** How each operator call reaches a merchant (server/modules/backoffice/scope.ts decides; this states it). */
const EXPECTED: Record<string, Expect> = {
  'agent.opsAgentTransfers': 'merchant',
  'agent.opsGrantContract': 'merchant',
  'agent.opsSettleContracts': 'merchant',
  'backoffice.opsAudit': 'list',
  'backoffice.opsBanners': 'merchant',
  'backoffice.opsCreateBanner': 'merchant',
  'backoffice.opsCreateOperator': 'platform',
  'backoffice.opsDeleteBanner': 'merchant',
  'backoffice.opsDraws': 'list',
  'backoffice.opsLockMember': 'object',
  'backoffice.opsLogout': 'own',
  'backoffice.opsMe': 'own',
  'backoffice.opsMembers': 'merchant',
  'backoffice.opsMerchants': 'list',
  'backoffice.opsOperators': 'platform',
  'backoffice.opsResetTotp': 'platform',
  'backoffice.opsTotpConfirm': 'own',
  'backoffice.opsTotpDisable': 'own',
  'backoffice.opsTotpEnrol': 'own',
  'backoffice.opsUpdateOperator': 'platform',
  'catalogue.opsBannerPicture': 'merchant',
  'catalogue.opsBrandPicture': 'merchant',
  'catalogue.opsEditGames': 'merchant',
  'catalogue.opsGameIcon': 'merchant',
  'catalogue.opsGames': 'merchant',
  'catalogue.opsRemoveBannerPicture': 'merchant',
  'catalogue.opsRemoveGameIcon': 'merchant',
  'changes.opsApproveChange': 'object',
  'changes.opsChanges': 'merchant',
  'changes.opsRejectChange': 'object',
  'dashboard.opsDashboard': 'merchant',
  'deliveries.opsDeliveries': 'list',
  'deliveries.opsRetryDelivery': 'object',
  'deliveries.opsSenders': 'merchant',
  'deliveries.opsSetSenders': 'merchant',
  'help.opsCreateHelpItem': 'merchant',
  'help.opsDeleteHelpItem': 'merchant',
  'help.opsFeedback': 'merchant',
  'help.opsHelpItems': 'merchant',
  'help.opsOrderHelpItems': 'merchant',
  'help.opsUpdateHelpItem': 'merchant',
  'notices.opsCreateNotice': 'merchant',
  'notices.opsDeleteNotice': 'merchant',
  'notices.opsNotices': 'merchant',
  'merchantSettings.opsAddDomain': 'merchant',
  'merchantSettings.opsMerchantSettings': 'merchant',
  'merchantSettings.opsPaymentDetails': 'merchant',
  'merchantSettings.opsRemoveDomain': 'merchant',
  'merchantSettings.opsSetPaymentDetails': 'merchant',
  'merchantSettings.opsUpdateMerchantSettings': 'merchant',
  'lotteryResults.opsAwaitingResults': 'platform',
  'lotteryResults.opsEnterResults': 'platform',
  'opsEvents.opsEvents': 'stream',
  'ops.createMerchant': 'platform',
  'ops.opsApprovePayment': 'object',
  'ops.opsAuditVerify': 'platform',
  'ops.opsAwardTicket': 'merchant',
  'ops.opsDisbursePayment': 'object',
  'ops.opsGetRules': 'merchant',
  'ops.opsPaymentHistory': 'object',
  'ops.opsPaymentProof': 'object',
  'ops.opsPaymentQueues': 'list',
  'ops.opsPayments': 'list',
  'ops.opsRejectPayment': 'object',
  'ops.opsResolveDispute': 'object',
  'ops.opsSendMessage': 'merchant',
  'ops.opsSetRules': 'merchant',
  'ops.updateMerchant': 'merchant',
  'payments.opsAddPaymentChannel': 'merchant',
  'payments.opsPaymentChannels': 'merchant',
  'payments.opsUpdatePaymentChannel': 'merchant',
  'points.opsApproveRedemption': 'object',
  'points.opsRedemptions': 'merchant',
  'points.opsRejectRedemption': 'object',
  'promotions.opsApproveEntry': 'object',
  'promotions.opsCreatePromotion': 'merchant',
  'promotions.opsDrawRaffle': 'object',
  'promotions.opsPromotionEntries': 'merchant',
  'promotions.opsPromotions': 'merchant',
  'promotions.opsRejectEntry': 'object',
  'promotions.opsUpdatePromotion': 'object',
  'promotions.opsUpload': 'object',
  'vendors.opsGameOverride': 'merchant',
  'vendors.opsVendorSync': 'merchant',
  'vendors.opsVendors': 'merchant',
};

const opsCalls = contractCalls.filter((c) => c.call.auth === 'ops');

let t: TestApp;
let db: Db;
let scoped: string;
let ip = 0;
const send = async (method: string, url: string, token: string, payload?: object) => {
  ip += 1;
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: { 'x-forwarded-for': `10.31.${ip >> 8}.${ip & 255}`, authorization: `Bearer ${token}` },
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: payload ?? {} }),
  });
  // A picture's bytes are not JSON; every other reply is read as the envelope it is.
  return { status: res.statusCode, body: res.body.startsWith('{') ? res.json() : {} };
};

/** One object of each kind an operator call names by id, per merchant. */
type Objects = Record<string, string> & { code: string };
const objects: Record<string, Objects> = {};

async function objectsOf(code: string): Promise<Objects> {
  const member = await newMember(db, `scope_${code.toLowerCase()}`, 100_000n, code);
  const [order] = await db
    .insert(paymentOrders)
    .values({
      merchantCode: code,
      memberId: member.id,
      kind: 'DEPOSIT',
      channel: 'BANK',
      amount: 5_000n,
      status: 'PENDING',
      requestId: randomUUID(),
    })
    .returning();
  const [promotion] = await db.select().from(promotions).where(eq(promotions.merchantCode, code)).limit(1);
  const upload = `${randomUUID()}.png`;
  const [entry] = await db
    .insert(promotionEntries)
    .values({
      promotionId: promotion!.id,
      merchantCode: code,
      memberId: member.id,
      period: 'ONCE',
      status: 'APPLYING',
      uploads: [upload],
    })
    .returning();
  const [reward] = await db.select().from(pointRewards).where(eq(pointRewards.merchantCode, code)).limit(1);
  const [redemption] = await db
    .insert(pointRedemptions)
    .values({ merchantCode: code, memberId: member.id, rewardId: reward!.id, points: 10 })
    .returning();
  // A pending change of the merchant's rules, drafted by the environment token.
  const drafted = await send('PUT', `/ops/merchants/${code}/rules/rebate`, ENV, {
    rates: { RNG: 100 },
    minClaim: 100,
  });
  const [sms] = await db
    .insert(outbox)
    .values({ merchantCode: code, channel: 'sms', recipient: '+84900000000', body: 'x', preview: 'x' })
    .returning();
  return {
    code,
    deliveries: String(sms!.id),
    payments: String(order!.id),
    members: String(member.id),
    promotions: String(promotion!.id),
    'promotion-entries': String(entry!.id),
    redemptions: String(redemption!.id),
    uploads: upload,
    changes: String(drafted.body.value?.change?.id ?? 999_999),
  };
}

/** A call about one merchant named in its query (`?merchant=`, required) gets the merchant there. */
const queriedMerchant = (c: AnyCall) => {
  const shape = (c.query as { shape?: Record<string, { safeParse: (v: unknown) => { success: boolean } }> })
    ?.shape;
  return shape?.merchant !== undefined && !shape.merchant.safeParse(undefined).success;
};

const fill = (c: AnyCall, o: Objects) => {
  const kind = c.path.split('/')[2] ?? '';
  const path = queriedMerchant(c) ? `${c.path}?merchant=${o.code}` : c.path;
  return path
    .replace(':code', o.code)
    .replace(':topic', 'rebate')
    .replace(/:n(?=\/|$)/, '1')
    .replace(':name', o.uploads ?? '')
    .replace(/:id/g, o[kind] ?? '999999');
};

beforeAll(async () => {
  t = await testApp({ opsToken: ENV });
  db = t.database.db;
  objects[FOREIGN] = await objectsOf(FOREIGN);
  objects[MINE] = await objectsOf(MINE);
  const made = await send('POST', '/ops/operators', ENV, {
    username: 'lotus_admin',
    password: 'Lotus-admin-1',
    role: 'ADMIN',
    merchants: [MINE],
  });
  expect(made.body.value.operator.merchants).toEqual([MINE]);
  ip += 1;
  const login = await send('POST', '/ops/login', '', { username: 'lotus_admin', password: 'Lotus-admin-1' });
  scoped = login.body.value.token;
}, 120_000);
afterAll(() => t?.close());

describe('an operator granted some merchants', () => {
  it('places every operator call of the contract', () => {
    expect(opsCalls.length).toBeGreaterThan(40);
    expect(opsCalls.map((c) => c.name).filter((n) => !(n in EXPECTED))).toEqual([]);
    for (const c of opsCalls) {
      const expected = EXPECTED[c.name]!;
      if (expected === 'object')
        expect([c.name, c.call.path.split('/')[2]! in OWNERS]).toEqual([c.name, true]);
      if (expected === 'own') expect([c.name, OWN.has(c.call.path)]).toEqual([c.name, true]);
    }
  });

  it('reaches nothing of another merchant: 404 about it, 403 for the platform’s calls, lists without it', async () => {
    const foreign = objects[FOREIGN]!;
    const rulesOf = () =>
      db
        .select()
        .from(merchantRules)
        .where(and(eq(merchantRules.merchantCode, FOREIGN), eq(merchantRules.topic, 'rebate')));
    const rulesBefore = await rulesOf();
    for (const { name, call } of opsCalls) {
      const expected = EXPECTED[name];
      if (expected === 'own' || expected === 'stream') continue;
      const res = await send(call.method, fill(call, foreign), scoped);
      if (expected === 'platform') expect([name, res.status]).toEqual([name, 403]);
      else if (expected === 'list') expect([name, res.status]).toEqual([name, 200]);
      else expect([name, res.status, res.body.message]).toEqual([name, 404, 'Not found']);
    }
    // Nothing of PORTICO's changed.
    const [order] = await db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, Number(foreign.payments)));
    expect(order!.status).toBe('PENDING');
    const [member] = await db
      .select()
      .from(members)
      .where(eq(members.id, Number(foreign.members)));
    expect(member!.lockedAt).toBeNull();
    const [entry] = await db
      .select()
      .from(promotionEntries)
      .where(eq(promotionEntries.id, Number(foreign['promotion-entries'])));
    expect(entry!.status).toBe('APPLYING');
    const [redemption] = await db
      .select()
      .from(pointRedemptions)
      .where(eq(pointRedemptions.id, Number(foreign.redemptions)));
    expect(redemption!.status).toBe('IN_PROCESS');
    expect(await rulesOf()).toEqual(rulesBefore);
  });

  it('lists only its merchants, and a filter naming another merchant is refused', async () => {
    const merchants = await send('GET', '/ops/merchants', scoped);
    expect(merchants.body.value.list.map((m: { code: string }) => m.code)).toEqual([MINE]);

    const payments = await send('GET', '/ops/payments?limit=500', scoped);
    const listed = payments.body.value.list as { id: number; merchantCode: string }[];
    expect(new Set(listed.map((o) => o.merchantCode))).toEqual(new Set([MINE]));
    expect(listed.map((o) => o.id)).toContain(Number(objects[MINE]!.payments));
    const everyone = await send('GET', '/ops/payments?limit=500', ENV);
    expect(everyone.body.value.list.some((o: { merchantCode: string }) => o.merchantCode === FOREIGN)).toBe(
      true,
    );

    const audit = await send('GET', '/ops/audit?pageSize=100', scoped);
    const rows = audit.body.value.list as { merchantCode: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.merchantCode))).toEqual(new Set([MINE]));
    const all = await send('GET', '/ops/audit?pageSize=100', ENV);
    expect(all.body.value.list.some((r: { merchantCode: string }) => r.merchantCode === FOREIGN)).toBe(true);

    for (const url of [`/ops/payments?merchant=${FOREIGN}`, `/ops/audit?merchant=${FOREIGN}`])
      expect([url, (await send('GET', url, scoped)).status]).toEqual([url, 404]);
  });

  it('makes the same calls with its own merchant’s objects', async () => {
    const mine = objects[MINE]!;
    for (const { name, call } of opsCalls) {
      if (EXPECTED[name] !== 'merchant' && EXPECTED[name] !== 'object') continue;
      // The change drafted by the environment token is approved by another operator: this one.
      const res = await send(call.method, fill(call, mine), scoped);
      expect([name, res.status === 403 || res.body.message === 'Not found']).toEqual([name, false]);
    }
    const approved = await send('POST', `/ops/payments/${mine.payments}/approve`, scoped);
    expect([200, 409]).toContain(approved.status);
  });

  it('cannot widen its own grant, and a grant must name merchants that exist', async () => {
    const me = (await send('GET', '/ops/me', scoped)).body.value.operator;
    expect(me.merchants).toEqual([MINE]);
    expect((await send('PATCH', `/ops/operators/${me.id}`, scoped, { merchants: '*' })).status).toBe(403);
    const unknown = await send('POST', '/ops/operators', ENV, {
      username: 'nowhere_op',
      password: 'Nowhere-op-1',
      role: 'SUPPORT',
      merchants: ['NOPE'],
    });
    expect([unknown.status, unknown.body.fields]).toEqual([400, { merchants: 'Unknown merchant NOPE' }]);
    // Widened by an operator of every merchant, it sees both at once (the grant is read on every call).
    expect((await send('PATCH', `/ops/operators/${me.id}`, ENV, { merchants: [MINE, FOREIGN] })).status).toBe(
      200,
    );
    const relog = await send('POST', '/ops/login', '', {
      username: 'lotus_admin',
      password: 'Lotus-admin-1',
    });
    const wide = await send('GET', '/ops/merchants', relog.body.value.token);
    expect(wide.body.value.list.map((m: { code: string }) => m.code)).toEqual(['LOTUS', 'PORTICO']);
  });
});
