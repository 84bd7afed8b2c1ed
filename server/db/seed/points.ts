import { and, eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { members, pointAccounts, pointEntries, pointRewards } from '../schema/index.ts';

/** The demo member who starts with points to spend in the mall. */
const HOLDER = 'player01';
const OPENING_POINTS = 6_000n;

/**
 * The points mall's demo rewards (two cash vouchers, goods with and without stock) and opening points for player01,
 * given as an operator entry: points, not money, so the demo logins keep their opening 1,000.00.
 */
export async function seedPoints(database: Database, merchantCode: string): Promise<void> {
  const { db } = database;
  await db.insert(pointRewards).values([
    {
      merchantCode,
      names: { en: 'Cash voucher 10.00', vi: 'Phiếu tiền mặt 10.00' },
      points: 1_000,
      kind: 'CASH',
      cashAmount: 1_000n,
      sort: 1,
    },
    {
      merchantCode,
      names: { en: 'Cash voucher 50.00', vi: 'Phiếu tiền mặt 50.00' },
      points: 4_500,
      kind: 'CASH',
      cashAmount: 5_000n,
      sort: 2,
    },
    {
      merchantCode,
      names: { en: 'Phone case', vi: 'Ốp lưng điện thoại' },
      points: 2_000,
      kind: 'GOODS',
      stock: 25,
      sort: 3,
    },
    {
      merchantCode,
      names: { en: 'Travel mug', vi: 'Cốc du lịch' },
      points: 3_000,
      kind: 'GOODS',
      stock: 10,
      sort: 4,
    },
  ]);
  const [holder] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), eq(members.account, HOLDER)));
  if (!holder) return;
  await db.insert(pointAccounts).values({ memberId: holder.id, merchantCode, balance: OPENING_POINTS });
  await db.insert(pointEntries).values({
    merchantCode,
    memberId: holder.id,
    amount: OPENING_POINTS,
    kind: 'OPS',
    ref: `ops:welcome:${holder.id}`,
    balanceAfter: OPENING_POINTS,
  });
}
