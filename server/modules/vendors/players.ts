import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { MerchantCache } from '../../http/merchantCache.ts';
import type { PlayerDirectory } from '../../ports/vendors/http.ts';

/** How a vendor names a member: the account name, and the merchant's currency. */
export const createPlayerDirectory =
  (db: Db, merchants: MerchantCache): PlayerDirectory =>
  async (merchantCode, memberId) => {
    const [member] = await db
      .select({ account: members.account })
      .from(members)
      .where(and(eq(members.merchantCode, merchantCode), eq(members.id, memberId)));
    const merchant = await merchants.byCode(merchantCode);
    if (!member || !merchant) throw new DomainError(404, 'NOT_FOUND', 'Unknown player');
    return { account: member.account, currency: merchant.brand.currency };
  };
