import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { opsCreatePromotion } from '../../../contract/promotions.ts';
import type { Db } from '../../db/client.ts';
import { members, merchants } from '../../db/schema/index.ts';
import type { Merchant } from '../../http/merchant.ts';
import type { TestApp } from '../../test/app.ts';
import { memberWithToken } from '../../test/wallet.ts';
import { createAuditLog } from '../audit/log.ts';
import type { Member } from '../auth/sessions.ts';
import { createSessionService } from '../auth/sessions.ts';
import type { RandomInt } from '../inhouse/random.ts';
import { createLedger } from '../wallet/ledger.ts';
import { createPromotions } from './routes.ts';

/** Test helpers of the promotions module (no tests here). */

export const OPS = 'ops-secret-for-promotion-tests';

/** A promotion the operator adds, with defaults for what a test does not care about. */
export const promotionInput = (
  o: Partial<z.input<typeof opsCreatePromotion.body>> &
    Pick<z.input<typeof opsCreatePromotion.body>, 'settings'>,
): z.input<typeof opsCreatePromotion.body> => ({
  category: 'OTHER',
  titles: { en: `Test ${o.settings.kind} ${randomUUID().slice(0, 8)}` },
  reward: 1_000,
  ...o,
});

/** Operator and member calls of the test app, JSON. */
export function caller(t: TestApp) {
  let ip = 0;
  const send = async (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    o: {
      token?: string;
      ops?: boolean;
      payload?: object;
      merchant?: string;
      headers?: Record<string, string>;
    } = {},
  ) => {
    ip += 1;
    const res = await t.app.inject({
      method,
      url,
      headers: {
        ...(o.ops ? {} : { merchant: o.merchant ?? 'PORTICO' }),
        'x-forwarded-for': `10.77.${(ip >> 8) & 255}.${ip & 255}`,
        ...(o.ops
          ? { authorization: `Bearer ${OPS}` }
          : o.token
            ? { authorization: `Bearer ${o.token}` }
            : {}),
        ...o.headers,
      },
      ...(o.payload ? { payload: o.payload } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
  return {
    send,
    ops: (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
      send(method, url, { ops: true, payload }),
    /** Adds a promotion through the operator call; returns its id. */
    async create(input: z.input<typeof opsCreatePromotion.body>, merchant = 'PORTICO') {
      const r = await send('POST', `/ops/merchants/${merchant}/promotions`, { ops: true, payload: input });
      if (r.status !== 200) throw new Error(`create: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.value.promotion.id as number;
    },
  };
}

/** A member of one test with a session (and its row, for service calls) holding `credit` in MAIN. */
export async function player(db: Db, account: string, credit = 0n, merchantCode = 'PORTICO') {
  const m = await memberWithToken(db, account, credit, { merchantCode });
  const [row] = await db.select().from(members).where(eq(members.id, m.id));
  const ledger = createLedger(db);
  return { ...m, row: row as Member, balance: async () => Number(await ledger.walletBalance(m.main)) };
}

export const merchantRow = async (db: Db, code = 'PORTICO') =>
  (await db.select().from(merchants).where(eq(merchants.code, code)))[0] as Merchant;

/** The module on its own clock (and raffle random), as the routes build it. */
export const moduleAt = (db: Db, at: () => Date, random?: RandomInt) =>
  createPromotions({
    db,
    ledger: createLedger(db),
    audit: createAuditLog(db),
    sessions: createSessionService(db),
    now: at,
    random,
  });
