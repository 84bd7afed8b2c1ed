import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { paymentOrders } from '../db/schema/index.ts';
import type { AuditLog } from '../modules/audit/log.ts';

/**
 * Disbursed withdrawals the member has not answered by their force-receive time (set at disbursal from the
 * merchant's forceReceiveMinutes) count as received (FORCED_RECEIVED). The conditional update (… where status =
 * 'DISBURSED') makes each order change once, even when several processes run the job at the same moment; the
 * audit record commits with the change.
 */
export async function forceReceive(db: Db, audit: AuditLog, now: Date = new Date()): Promise<number[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(paymentOrders)
      .set({ status: 'FORCED_RECEIVED', updatedAt: now })
      .where(
        and(
          eq(paymentOrders.kind, 'WITHDRAWAL'),
          eq(paymentOrders.status, 'DISBURSED'),
          lte(paymentOrders.forceReceiveAt, now),
        ),
      )
      .returning();
    for (const o of rows)
      await audit.append(tx, {
        merchantCode: o.merchantCode,
        actor: 'system',
        action: 'WITHDRAWAL_FORCED_RECEIVED',
        subject: { orderId: o.id, memberId: o.memberId, amount: o.amount, dueAt: o.forceReceiveAt },
      });
    return rows.map((o) => o.id);
  });
}
