import { and, eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { members, pointAccounts, pointEntries, pointRewards } from '../schema/index.ts';
import type { SeedText } from './text.ts';

/** The demo member who starts with points to spend in the mall. */
const HOLDER = 'player01';
const OPENING_POINTS = 6_000n;

/** The mall's demo rewards, named in every catalogue. */
export const POINT_REWARDS: {
  names: SeedText;
  points: number;
  kind: 'CASH' | 'GOODS';
  cashAmount?: bigint;
  stock?: number;
  sort: number;
}[] = [
  {
    names: {
      en: 'Cash voucher 10.00',
      vi: 'Phiếu tiền mặt 10.00',
      th: 'บัตรกำนัลเงินสด 10.00',
      zh: '10.00 现金券',
    },
    points: 1_000,
    kind: 'CASH',
    cashAmount: 1_000n,
    sort: 1,
  },
  {
    names: {
      en: 'Cash voucher 50.00',
      vi: 'Phiếu tiền mặt 50.00',
      th: 'บัตรกำนัลเงินสด 50.00',
      zh: '50.00 现金券',
    },
    points: 4_500,
    kind: 'CASH',
    cashAmount: 5_000n,
    sort: 2,
  },
  {
    names: { en: 'Phone case', vi: 'Ốp lưng điện thoại', th: 'เคสโทรศัพท์', zh: '手机壳' },
    points: 2_000,
    kind: 'GOODS',
    stock: 25,
    sort: 3,
  },
  {
    names: { en: 'Travel mug', vi: 'Cốc du lịch', th: 'แก้วน้ำพกพา', zh: '旅行随行杯' },
    points: 3_000,
    kind: 'GOODS',
    stock: 10,
    sort: 4,
  },
];

/**
 * The points mall's demo rewards (two cash vouchers, goods with and without stock) and opening points for player01,
 * given as an operator entry: points, not money, so the demo logins keep their opening 1,000.00.
 */
export async function seedPoints(database: Database, merchantCode: string): Promise<void> {
  const { db } = database;
  await db.insert(pointRewards).values(POINT_REWARDS.map((r) => ({ ...r, merchantCode })));
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
