import type { Db, Tx } from '../../db/client.ts';
import type { AuditEntry, AuditLog } from '../audit/log.ts';
import type { Ledger } from '../wallet/ledger.ts';

export interface Payout {
  merchantCode: string;
  promotionId: number;
  memberId: number;
  period: string;
  amount: bigint;
  /** Shown in the member's Bonus Details (the promotion's title). */
  remark: string;
  audit: Omit<AuditEntry, 'merchantCode'>;
}

/**
 * Pays a promotion's reward from the house promo wallet into the member's main wallet. The entry's change (`write`)
 * and the audit record run in the ledger's transaction: both happen with the payment or not at all. The key names
 * the entry (promotion, member, period), so a replay (a second claim racing the first) moves nothing; `replayed`
 * tells the caller, with the first payment's reward.
 */
export function createPayout(db: Db, deps: { ledger: Ledger; audit: AuditLog }) {
  const { ledger, audit } = deps;
  return async function pay(
    p: Payout,
    write: (tx: Tx) => Promise<void>,
  ): Promise<{ replayed: boolean; reward: number }> {
    const record = async (tx: Tx, transactionId: number | null) => {
      await write(tx);
      await audit.append(tx, {
        ...p.audit,
        merchantCode: p.merchantCode,
        subject: { ...p.audit.subject, amount: p.amount, transactionId },
      });
    };
    if (p.amount <= 0n) {
      await db.transaction((tx) => record(tx, null));
      return { replayed: false, reward: 0 };
    }
    const [promo, main] = await Promise.all([
      ledger.wallet(p.merchantCode, null, 'HOUSE_PROMO'),
      ledger.wallet(p.merchantCode, p.memberId, 'MAIN'),
    ]);
    const posted = await ledger.post(
      p.merchantCode,
      `promotion:${p.promotionId}:${p.memberId}:${p.period}`,
      'PROMO_REWARD',
      [
        { walletId: promo, amount: -p.amount },
        { walletId: main, amount: p.amount },
      ],
      { reward: Number(p.amount), remark: p.remark, promotionId: p.promotionId, memberId: p.memberId },
      record,
    );
    return { replayed: posted.replayed, reward: Number(posted.reply.reward) };
  };
}
export type Pay = ReturnType<typeof createPayout>;
