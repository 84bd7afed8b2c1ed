import { and, eq } from 'drizzle-orm';
import type { TicketType } from '../../../contract/rewards.ts';
import type { Database } from '../client.ts';
import { members, rewardTickets } from '../schema/index.ts';

const DAY_MS = 86_400_000;
/** The demo member whose Reward Center has something in every tab. */
const HOLDER = 'player01';

/**
 * Demo tickets: two available of each type, one expired and one opened. The opened one shows history only: it
 * carries no payment, so the demo logins keep their opening 1,000.00 (the README and the end-to-end tests say so).
 */
export async function seedRewards(database: Database, merchantCode: string): Promise<void> {
  const [holder] = await database.db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.merchantCode, merchantCode), eq(members.account, HOLDER)));
  if (!holder) return;
  const now = Date.now();
  const at = (days: number) => new Date(now + days * DAY_MS);
  const ticket = (type: TicketType, ref: string, createdDays: number, expiresDays: number) => ({
    merchantCode,
    memberId: holder.id,
    type,
    source: 'WELCOME',
    sourceRef: ref,
    createdAt: at(createdDays),
    expiresAt: at(expiresDays),
  });
  const types: TicketType[] = ['RED_ENVELOPE', 'PRIZE_WHEEL', 'GOLDEN_EGG'];
  await database.db.insert(rewardTickets).values([
    ...types.flatMap((type, i) => [
      ticket(type, `demo-${type}-1`, -1, 6 - i),
      ticket(type, `demo-${type}-2`, 0, 7),
    ]),
    ticket('RED_ENVELOPE', 'demo-expired', -9, -2),
    {
      ...ticket('PRIZE_WHEEL', 'demo-opened', -3, 4),
      status: 'OPENED',
      prize: 1_000n,
      prizeIndex: 3,
      openedAt: at(-2),
    },
  ]);
}
