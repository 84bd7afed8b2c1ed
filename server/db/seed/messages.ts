import { and, eq } from 'drizzle-orm';
import { send } from '../../modules/messages/service.ts';
import type { Database } from '../client.ts';
import { members } from '../schema/index.ts';

/** A demo merchant's inbox: a welcome broadcast every member sees, and a personal message to the demo player. */
export async function seedMessages(
  database: Database,
  merchantCode: string,
  brandName: string,
): Promise<void> {
  const { db } = database;
  await db.transaction(async (tx) => {
    await send(tx, {
      merchantCode,
      memberId: null,
      category: 'PROMOTION',
      title: `Welcome to ${brandName}`,
      body: `Thanks for joining ${brandName}!\nDeposits, withdrawals and rewards will be announced here.\nGood luck!`,
    });
    const [player] = await tx
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.merchantCode, merchantCode), eq(members.account, 'player01')));
    if (player)
      await send(tx, {
        merchantCode,
        memberId: player.id,
        category: 'ACCOUNT',
        title: 'Your demo credit',
        body: 'We added a demo credit to your main wallet so you can try the games. Have fun!',
      });
  });
}
