import { useLingui } from '@lingui/react/macro';
import { ApiError } from '../../api/client.ts';

const dateOptions = { dateStyle: 'medium', timeStyle: 'short' } as const;

/**
 * A break's refusal (SELF_EXCLUDED) in the member's words: until when it holds, in the member's locale (never the
 * server's ISO text), and what stays open. Undefined for any other failure.
 */
export function useBreakText() {
  const { t, i18n } = useLingui();
  return (error: unknown): string | undefined => {
    if (!(error instanceof ApiError) || error.code !== 'SELF_EXCLUDED') return undefined;
    const until = error.extra.until;
    if (!until)
      return t`Your account is self-excluded: you can log in and withdraw, but not play, deposit or claim rewards.`;
    const end = i18n.date(new Date(until), dateOptions);
    return t`You are taking a break until ${end}. Until then you can log in and withdraw, but not play, deposit or claim rewards.`;
  };
}

/**
 * A responsible-gaming limit's refusal (LIMIT_EXCEEDED) in the member's words, from the envelope's figures: what is
 * left of the deposit or loss limit this period and until when (in the member's locale). Undefined for any other
 * failure (the caller shows it as before).
 */
export function useLimitText() {
  const { t, i18n } = useLingui();
  return (error: unknown, format: (minor: number) => string): string | undefined => {
    if (!(error instanceof ApiError) || error.code !== 'LIMIT_EXCEEDED' || !error.extra.limit)
      return undefined;
    const { kind, period, amount, remaining, resetsAt } = error.extra.limit;
    const left = format(remaining);
    const limit = format(amount);
    if (resetsAt) {
      const until = i18n.date(new Date(resetsAt), dateOptions);
      const name =
        kind === 'DEPOSIT'
          ? period === 'D'
            ? t`daily deposit limit`
            : period === 'W'
              ? t`weekly deposit limit`
              : t`monthly deposit limit`
          : period === 'D'
            ? t`daily loss limit`
            : period === 'W'
              ? t`weekly loss limit`
              : t`monthly loss limit`;
      if (kind === 'DEPOSIT')
        return remaining > 0
          ? t`You can deposit ${left} more until ${until} (${name} ${limit}).`
          : t`You have reached your ${name} of ${limit}: no more deposits until ${until}.`;
      return remaining > 0
        ? t`You can stake ${left} more until ${until} (${name} ${limit}).`
        : t`You have reached your ${name} of ${limit}: no more bets until ${until}.`;
    }
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
