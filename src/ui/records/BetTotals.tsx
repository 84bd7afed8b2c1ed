import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Total } from './form.tsx';
import { useMoney } from './useMoney.ts';

/** The totals above a list of bet rounds (the member's betting record, the agent's team betting). */
export function BetTotals({
  totals,
  result,
}: {
  totals: { rounds: number; bet: number; win: number };
  /** The name of win − bet: the member's profit, the team's result. */
  result: ReactNode;
}) {
  const { t } = useLingui();
  const money = useMoney();
  return (
    <dl aria-label={t`Totals`} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      <Total label={<Trans>Rounds</Trans>} value={String(totals.rounds)} />
      <Total label={<Trans>Total bet</Trans>} value={money.format(totals.bet)} />
      <Total label={<Trans>Total win</Trans>} value={money.format(totals.win)} />
      <Total label={result} value={money.format(totals.win - totals.bet)} />
    </dl>
  );
}
