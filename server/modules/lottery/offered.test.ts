import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { lotteryBets, vendors } from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';
import { memberWithToken } from '../../test/wallet.ts';
import { LOTTERIES, type Lottery } from './catalogue.ts';
import { saleState } from './schedule.ts';

let t: TestApp;
let other: FastifyInstance;
beforeAll(async () => {
  t = await testApp();
  // A second app on the same database: its own services and copies, as a second API process has.
  other = await buildApp({ db: t.database.db, trustProxy: 1 });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

/** A lottery on sale for at least another minute. */
const onSale = (): Lottery => LOTTERIES.find((l) => saleState(l, new Date()).remainTime > 60_000)!;

describe('the lotteries a merchant sells, kept per app under the catalogue version', () => {
  it("takes a slip on a cold copy, refuses it once the lottery's vendor is removed and takes it again once restored, in both apps", async () => {
    const { db } = t.database;
    const m = await memberWithToken(db, 'lotoffered', 100_000n);
    const l = onSale();
    const apps = [client(t.app), client(other)];
    const slip = (app: ReturnType<typeof client>) =>
      app.send(
        'POST',
        '/wps/lottery/bets',
        {
          requestId: randomUUID(),
          gameCode: l.code,
          issue: saleState(l, new Date()).issue,
          bets: [{ playType: 'DE', numbers: ['21'], points: 1 }],
        },
        m.token,
      );
    const statuses = async () => Promise.all(apps.map(async (a) => (await slip(a)).status));
    const tickets = async () =>
      (
        (await db
          .select({ n: sql<number>`count(*)::int` })
          .from(lotteryBets)
          .where(eq(lotteryBets.memberId, m.id))) as [{ n: number }]
      )[0].n;

    expect(await statuses()).toEqual([200, 200]);
    const where = and(
      eq(vendors.merchantCode, 'PORTICO'),
      eq(vendors.vassalage, l.vendor),
      eq(vendors.gameType, l.gameType),
    );
    const [row] = await db.delete(vendors).where(where).returning();
    expect(row).toBeDefined();
    try {
      const refused = await slip(apps[0]!);
      expect(refused).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
      expect(await statuses()).toEqual([404, 404]);
      expect(await tickets()).toBe(2);
    } finally {
      await db.insert(vendors).values(row!).onConflictDoNothing();
    }
    expect(await statuses()).toEqual([200, 200]);
    expect(await tickets()).toBe(4);
  });
});
