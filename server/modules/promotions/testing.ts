import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { opsCreatePromotion } from '../../../contract/promotions.ts';
import type { Db } from '../../db/client.ts';
import { members, merchants, operators } from '../../db/schema/index.ts';
import type { Merchant } from '../../http/merchant.ts';
import { RULE_TOPICS } from '../../ruleTopics.ts';
import type { TestApp } from '../../test/app.ts';
import { approveChange } from '../../test/changes.ts';
import { memberWithToken } from '../../test/wallet.ts';
import { createAuditLog } from '../audit/log.ts';
import type { Member } from '../auth/sessions.ts';
import { buildChanges } from '../changes/module.ts';
import type { ChangeActor } from '../changes/service.ts';
import type { RandomInt } from '../inhouse/random.ts';
import { createRulesStore } from '../rules/store.ts';
import { createLedger } from '../wallet/ledger.ts';
import { createPromotions } from './module.ts';

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
    /**
     * Adds a promotion through the operator call and, unless told not to, has the FINANCE operator approve its
     * reward and terms so that it runs; returns its id.
     */
    async create(
      input: z.input<typeof opsCreatePromotion.body>,
      merchant = 'PORTICO',
      o: { approve?: boolean } = {},
    ) {
      const r = await send('POST', `/ops/merchants/${merchant}/promotions`, { ops: true, payload: input });
      if (r.status !== 200) throw new Error(`create: ${r.status} ${JSON.stringify(r.body)}`);
      if (o.approve !== false) await approveChange(t.app, r.body.value.change.id);
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

/** A seeded operator as the server knows it once logged in. */
export async function operatorNamed(db: Db, username: string): Promise<ChangeActor> {
  const [o] = await db.select().from(operators).where(eq(operators.username, username));
  return { id: o!.id, username: o!.username };
}

/**
 * The module on its own clock (and raffle random), as the routes build it; `add` makes a promotion as the content
 * editor and has the finance operator approve it, so that it runs.
 */
export const moduleAt = (db: Db, at: () => Date, random?: RandomInt) => {
  const audit = createAuditLog(db);
  const changes = buildChanges(db, { audit, rules: createRulesStore(db), topics: RULE_TOPICS, now: at });
  const mod = createPromotions({
    db,
    ledger: createLedger(db),
    audit,
    changes,
    now: at,
    random,
  });
  return {
    ...mod,
    changes,
    async add(code: string, input: z.input<typeof opsCreatePromotion.body>) {
      const made = await mod.catalogue.create(
        code,
        opsCreatePromotion.body.parse(input),
        await operatorNamed(db, 'editor'),
      );
      await changes.approve(made.change.id, await operatorNamed(db, 'finance'));
      return made.promotion.id;
    },
  };
};
