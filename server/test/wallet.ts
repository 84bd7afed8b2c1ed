import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { members } from '../db/schema/index.ts';
import { hashPassword } from '../lib/password.ts';
import { createSessionService } from '../modules/auth/sessions.ts';
import { newMember } from './play.ts';

export const PAY_PASSWORD = '246810';

/** A member of one test with a session, a payment password and optionally an upline; holds `credit` in MAIN. */
export async function memberWithToken(
  db: Db,
  account: string,
  credit: bigint,
  opts: { uplineId?: number; merchantCode?: string; paymentPassword?: boolean } = {},
) {
  const m = await newMember(db, account, credit, opts.merchantCode);
  const [row] = await db
    .update(members)
    .set({
      uplineId: opts.uplineId ?? null,
      paymentPasswordHash: opts.paymentPassword === false ? null : await hashPassword(PAY_PASSWORD),
    })
    .where(eq(members.id, m.id))
    .returning();
  const token = await createSessionService(db).open(row!);
  return { ...m, token };
}
