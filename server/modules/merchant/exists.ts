import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { merchants } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';

/** A 404 for an operator call naming a merchant that does not exist (before anything is written for it). */
export async function mustExist(tx: Db | Tx, code: string): Promise<void> {
  const [m] = await tx.select({ code: merchants.code }).from(merchants).where(eq(merchants.code, code));
  if (!m) throw new DomainError(404, 'NOT_FOUND', `Unknown merchant "${code}"`);
}
