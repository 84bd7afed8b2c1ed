import type { gamblingLimits } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import { money } from '../payments/service.ts';

type LimitRow = typeof gamblingLimits.$inferSelect;

const EACH = { D: 'daily', W: 'weekly', M: 'monthly' } as const;
const WITHIN = { D: 'today', W: 'this week', M: 'this month' } as const;

/** The figures the SPA words itself: the limit, what is left of it, and when the period (and the refusal) ends. */
const extra = (l: LimitRow, left: bigint, resetsAt: Date) => ({
  limit: {
    kind: l.kind,
    period: l.period,
    amount: Number(l.amount),
    remaining: Number(left),
    resetsAt: resetsAt.toISOString(),
  },
});

/**
 * A deposit (400, under the amount field) or a bet or launch (403) that would pass a limit: the member reads what
 * is left of it this period, and the envelope's `limit` carries the figures for the SPA's own words.
 */
export function limitExceeded(status: 400 | 403, l: LimitRow, left: bigint, resetsAt: Date): DomainError {
  const each = EACH[l.period];
  const within = WITHIN[l.period];
  const limit = money(Number(l.amount));
  const message =
    l.kind === 'DEPOSIT'
      ? left > 0n
        ? `You can deposit ${money(Number(left))} more ${within} (${each} deposit limit ${limit})`
        : `You have reached your ${each} deposit limit of ${limit}: no more deposits ${within}`
      : left > 0n
        ? `You can stake ${money(Number(left))} more ${within} (${each} loss limit ${limit})`
        : `You have reached your ${each} loss limit of ${limit}: no more bets ${within}`;
  return new DomainError(
    status,
    'LIMIT_EXCEEDED',
    message,
    status === 400 ? { amount: message } : undefined,
    extra(l, left, resetsAt),
  );
}

/** An operator (or a gateway) crediting a deposit the member's limit no longer has room for. */
export function creditRefused(l: LimitRow, left: bigint, amount: bigint, resetsAt: Date): DomainError {
  const message = `Crediting ${money(Number(amount))} would pass the member's ${EACH[l.period]} deposit limit of ${money(Number(l.amount))} (${money(Number(left))} left ${WITHIN[l.period]}): reject the deposit and refund the payer`;
  return new DomainError(403, 'LIMIT_EXCEEDED', message, undefined, extra(l, left, resetsAt));
}
