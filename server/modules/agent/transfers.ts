import { type AnyColumn, and, count, desc, eq, gt, like, lt, ne, type SQL, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { AgentTransfer } from '../../../contract/agent.ts';
import type { Db, Tx } from '../../db/client.ts';
import { ledgerEntries, ledgerTransactions, members, wallets } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { Merchant } from '../../http/merchant.ts';
import { requestHash } from '../../lib/idempotency.ts';
import type { AuditLog } from '../audit/log.ts';
import type { Member } from '../auth/sessions.ts';
import { send as sendMessage } from '../messages/service.ts';
import type { PaymentPasswords } from '../payments/paymentPassword.ts';
import type { createRulesStore } from '../rules/store.ts';
import { checkOrder, withinDays, zoneOf } from '../wallet/days.ts';
import type { Ledger } from '../wallet/ledger.ts';
import { auditedMove, MAIN } from '../wallet/service.ts';
import { merchantDay } from './team.ts';
import { AGENT_TRANSFER_RULES } from './transferRules.ts';

/** The ledger kind of an agent → direct downline transfer (both sides' records show it, by the sign). */
export const TRANSFER_DOWNLINE = 'TRANSFER_DOWNLINE';

export interface TransferInput {
  requestId: string;
  downlineId: number;
  amount: number;
  paymentPassword: string;
}

export interface TransferQuery {
  from?: string;
  to?: string;
  agent?: string;
  member?: string;
  pageNo: number;
  pageSize: number;
}

const invalid = (field: string, message: string) =>
  new DomainError(400, 'VALIDATION', message, { [field]: message });
const notDirect = () =>
  new DomainError(404, 'NOT_FOUND', 'No such account in your direct downline', {
    downlineId: 'No such account in your direct downline',
  });
const cannotReceive = () =>
  new DomainError(409, 'CONFLICT', 'This account cannot receive transfers now', {
    downlineId: 'This account cannot receive transfers now',
  });
const money = (minor: bigint | number) => (Number(minor) / 100).toFixed(2);

const sender = alias(members, 'sender');
const receiver = alias(members, 'receiver');
const debit = alias(ledgerEntries, 'debit');
const credit = alias(ledgerEntries, 'credit');
const debitWallet = alias(wallets, 'debit_wallet');
const creditWallet = alias(wallets, 'credit_wallet');

/** Accounts starting with what was typed (stored lower-case), on the given account column. */
const startsWith = (column: AnyColumn, typed: string | undefined) =>
  typed ? [like(column, `${typed.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`)] : [];

/**
 * Spec §6: an agent funds its direct downline. The receiver must be directly below the agent in the same merchant;
 * the payment password is checked (and locks) as for every money call; the merchant's daily limit is counted in the
 * ledger transaction once the agent's wallet is locked, so two transfers at once cannot both slip under it. Both
 * sides' records are the one ledger transaction; the receiver is told in its inbox.
 */
export function createDownlineTransfers(
  db: Db,
  deps: {
    ledger: Ledger;
    audit: AuditLog;
    rules: ReturnType<typeof createRulesStore>;
    paymentPasswords: PaymentPasswords;
    /** A break (cooling-off, self-exclusion) in force refuses money coming in, as the route layer does. */
    breakOf: (memberId: number) => Promise<unknown | null>;
    now?: () => Date;
  },
) {
  const { ledger, audit, rules } = deps;
  const now = deps.now ?? (() => new Date());

  /** The debit leg (the agent's) and the credit leg (the receiver's) of each transfer, with both accounts. */
  const sides = <T extends PgSelect>(qb: T) =>
    qb
      .innerJoin(debit, and(eq(debit.transactionId, ledgerTransactions.id), lt(debit.amount, 0n)))
      .innerJoin(debitWallet, eq(debitWallet.id, debit.walletId))
      .innerJoin(sender, eq(sender.id, debitWallet.memberId))
      .innerJoin(credit, and(eq(credit.transactionId, ledgerTransactions.id), gt(credit.amount, 0n)))
      .innerJoin(creditWallet, eq(creditWallet.id, credit.walletId))
      .innerJoin(receiver, eq(receiver.id, creditWallet.memberId));
  const transfers = () =>
    sides(
      db
        .select({
          id: ledgerTransactions.id,
          at: ledgerTransactions.createdAt,
          amount: credit.amount,
          agentId: sender.id,
          agentAccount: sender.account,
          memberId: receiver.id,
          memberAccount: receiver.account,
        })
        .from(ledgerTransactions)
        .$dynamic(),
    );
  type Row = Awaited<ReturnType<ReturnType<typeof transfers>['where']>>[number];
  const view = (r: Row): AgentTransfer => ({
    id: r.id,
    agent: { id: r.agentId, account: r.agentAccount },
    member: { id: r.memberId, account: r.memberAccount },
    amount: Number(r.amount),
    at: r.at.toISOString(),
  });
  const ofKind = (merchantCode: string) =>
    and(eq(ledgerTransactions.merchantCode, merchantCode), eq(ledgerTransactions.kind, TRANSFER_DOWNLINE));

  /** What the agent's main wallet sent to its downline today (merchant's zone), this transaction left out. */
  async function sentToday(ex: Db | Tx, merchant: Merchant, walletId: number, except: number) {
    const day = merchantDay(merchant, now());
    const zone = zoneOf(merchant);
    const [row] = await ex
      .select({
        sent: sql<string>`coalesce(-sum(${ledgerEntries.amount}), 0)`,
        resetsAt: sql<string>`to_char(((${day}::date + 1)::timestamp at time zone ${zone}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(
        and(
          eq(ledgerEntries.walletId, walletId),
          lt(ledgerEntries.amount, 0n),
          eq(ledgerTransactions.kind, TRANSFER_DOWNLINE),
          ne(ledgerEntries.transactionId, except),
          ...withinDays(ledgerEntries.createdAt, zone, { from: day, to: day }),
        ),
      );
    return { sent: BigInt(row?.sent ?? 0), resetsAt: row?.resetsAt ?? '' };
  }

  return {
    async send(merchant: Merchant, agent: Member, input: TransferInput) {
      const limits = await rules.get(merchant.code, AGENT_TRANSFER_RULES);
      if (input.amount < limits.min) invalidAmount(`At least ${money(limits.min)}`);
      if (input.amount > limits.max) invalidAmount(`At most ${money(limits.max)} a transfer`);
      const [downline] = await db
        .select({ id: members.id, account: members.account, lockedAt: members.lockedAt })
        .from(members)
        .where(
          and(
            eq(members.id, input.downlineId),
            eq(members.merchantCode, merchant.code),
            eq(members.uplineId, agent.id),
          ),
        );
      if (!downline || downline.id === agent.id) throw notDirect();
      if (downline.lockedAt !== null || (await deps.breakOf(downline.id))) throw cannotReceive();
      await deps.paymentPasswords.verify(agent, input.paymentPassword);

      const from = await ledger.wallet(merchant.code, agent.id, MAIN);
      const to = await ledger.wallet(merchant.code, downline.id, MAIN);
      const amount = BigInt(input.amount);
      const audited = auditedMove(audit, agent, 'TRANSFER_DOWNLINE', {
        downline: downline.id,
        amount,
        requestId: input.requestId,
      });
      let posted: Awaited<ReturnType<Ledger['post']>>;
      try {
        posted = await ledger.post(
          merchant.code,
          `downline:${agent.id}:${input.requestId}`,
          TRANSFER_DOWNLINE,
          [
            { walletId: from, amount: -amount },
            { walletId: to, amount },
          ],
          { downline: downline.id, amount: input.amount },
          async (tx, transactionId) => {
            // The agent's wallet is locked by now: a concurrent transfer of the same agent waits, then counts this one.
            const today = await sentToday(tx, merchant, from, transactionId);
            const limit = BigInt(limits.dailyLimit);
            if (today.sent + amount > limit) {
              const remaining = today.sent >= limit ? 0n : limit - today.sent;
              const message =
                remaining > 0n
                  ? `You can transfer ${money(remaining)} more today (daily limit ${money(limit)})`
                  : `You have reached today’s transfer limit of ${money(limit)}`;
              throw new DomainError(
                400,
                'LIMIT_EXCEEDED',
                message,
                { amount: message },
                {
                  limit: {
                    kind: 'AGENT_TRANSFER',
                    period: 'DAY',
                    amount: Number(limit),
                    remaining: Number(remaining),
                    resetsAt: today.resetsAt,
                  },
                },
              );
            }
            await audited(tx, transactionId);
            await sendMessage(tx, {
              merchantCode: merchant.code,
              memberId: downline.id,
              category: 'ACCOUNT',
              template: 'TRANSFER_FROM_UPLINE',
              params: { amount, upline: agent.account },
              title: 'Transfer from upline',
              body: `${agent.account} transferred ${money(amount)} to your main wallet.`,
            });
          },
          requestHash({ downlineId: downline.id, amount }),
        );
      } catch (e) {
        if (e instanceof DomainError && e.code === 'INSUFFICIENT_FUNDS') {
          const balance = Number(await ledger.walletBalance(from));
          throw new DomainError(409, 'INSUFFICIENT_FUNDS', 'Insufficient balance', undefined, { balance });
        }
        throw e;
      }
      if (!posted.replayed) await audit.link();
      const [row] = await transfers().where(eq(ledgerTransactions.id, posted.transactionId));
      const today = await sentToday(db, merchant, from, 0);
      const left = BigInt(limits.dailyLimit) - today.sent;
      return {
        balance: Number(await ledger.walletBalance(from)),
        remainingToday: Number(left > 0n ? left : 0n),
        transfer: view(row!),
      };
    },

    /** The operators' list: a merchant's transfers by day range (its zone), agent and member account. */
    async list(merchant: Merchant, q: TransferQuery) {
      checkOrder(q);
      const where: SQL | undefined = and(
        ofKind(merchant.code),
        ...withinDays(ledgerTransactions.createdAt, zoneOf(merchant), q),
        ...startsWith(sender.account, q.agent),
        ...startsWith(receiver.account, q.member),
      );
      const [rows, [totals]] = await Promise.all([
        transfers()
          .where(where)
          .orderBy(desc(ledgerTransactions.id))
          .limit(q.pageSize)
          .offset((q.pageNo - 1) * q.pageSize),
        sides(
          db
            .select({ n: count(), amount: sql<string>`coalesce(sum(${credit.amount}), 0)` })
            .from(ledgerTransactions)
            .$dynamic(),
        ).where(where),
      ]);
      const n = totals?.n ?? 0;
      return {
        list: rows.map(view),
        totals: { amount: Number(totals?.amount ?? 0), count: n },
        totalPages: Math.ceil(n / q.pageSize),
      };
    },
  };
}
export type DownlineTransfers = ReturnType<typeof createDownlineTransfers>;

function invalidAmount(message: string): never {
  throw invalid('amount', message);
}
