import { useLingui } from '@lingui/react/macro';
import { ApiError } from '../../api/client.ts';

/**
 * A responsible-gaming refusal (LIMIT_EXCEEDED) in the member's words, from the envelope's figures: what is left of
 * the deposit or loss limit this period. Undefined for any other failure (the caller shows it as before).
 */
export function useLimitText() {
  const { t } = useLingui();
  return (error: unknown, format: (minor: number) => string): string | undefined => {
    if (!(error instanceof ApiError) || error.code !== 'LIMIT_EXCEEDED' || !error.extra.limit)
      return undefined;
    const { kind, period, amount, remaining } = error.extra.limit;
    const left = format(remaining);
    const limit = format(amount);
    if (kind === 'DEPOSIT') {
      if (remaining > 0) {
        if (period === 'D') return t`You can deposit ${left} more today (daily deposit limit ${limit})`;
        if (period === 'W') return t`You can deposit ${left} more this week (weekly deposit limit ${limit})`;
        return t`You can deposit ${left} more this month (monthly deposit limit ${limit})`;
      }
      if (period === 'D')
        return t`You have reached your daily deposit limit of ${limit}: no more deposits today`;
      if (period === 'W')
        return t`You have reached your weekly deposit limit of ${limit}: no more deposits this week`;
      return t`You have reached your monthly deposit limit of ${limit}: no more deposits this month`;
    }
    if (remaining > 0) {
      if (period === 'D') return t`You can stake ${left} more today (daily loss limit ${limit})`;
      if (period === 'W') return t`You can stake ${left} more this week (weekly loss limit ${limit})`;
      return t`You can stake ${left} more this month (monthly loss limit ${limit})`;
    }
    if (period === 'D') return t`You have reached your daily loss limit of ${limit}: no more bets today`;
    if (period === 'W') return t`You have reached your weekly loss limit of ${limit}: no more bets this week`;
    return t`You have reached your monthly loss limit of ${limit}: no more bets this month`;
  };
}
