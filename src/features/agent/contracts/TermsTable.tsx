import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { ContractPeriod, ContractTier } from '../../../../contract/agent.ts';
import { useMoney } from '../../../ui/records/useMoney.ts';
import { usePeriodNames, useRate } from './words.ts';

/** A contract's terms (spec §3): its tiers (active members, bet amount, rate) and, for a dividend, its period. */
export function TermsTable({
  caption,
  tiers,
  period,
}: {
  caption: ReactNode;
  tiers: ContractTier[];
  period: ContractPeriod | null;
}) {
  const money = useMoney();
  const rate = useRate();
  const periods = usePeriodNames();
  const periodName = period ? periods[period] : null;
  return (
    <div className="flex flex-col gap-1">
      <table className="w-full text-left text-sm">
        <caption className="text-left text-xs font-medium text-muted">{caption}</caption>
        <thead className="text-xs text-muted">
          <tr className="border-b border-line">
            <th scope="col" className="py-1.5 pr-2">
              <Trans>Active members</Trans>
            </th>
            <th scope="col" className="py-1.5 pr-2 text-right">
              <Trans>Bet amount</Trans>
            </th>
            <th scope="col" className="py-1.5 text-right">
              <Trans>Rate</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {tiers.map((t, i) => (
            <tr key={i} className="border-b border-line/60">
              <td className="py-1.5 pr-2 tabular-nums">{t.activeMembers}</td>
              <td className="py-1.5 pr-2 text-right tabular-nums">{money.format(t.betAmount)}</td>
              <td className="py-1.5 text-right tabular-nums">{rate(t.rateBp)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {periodName && (
        <p className="text-sm">
          <Trans>Period: {periodName}</Trans>
        </p>
      )}
    </div>
  );
}
