import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { agentContracts, ContractKind } from '../../../../contract/agent.ts';
import type { CallOutput } from '../../../../contract/call.ts';
import { LoadError, Section } from '../../../ui/records/form.tsx';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { MyIncome } from '../MyIncome.tsx';
import { Negotiation, type NegotiationProps } from './Negotiation.tsx';
import { useWhen } from './parts.tsx';
import { contractsQuery } from './queries.ts';
import { TermsTable } from './TermsTable.tsx';

/**
 * A contract page of the agent centre (spec §2: bonus = dividend, daily wages, hourly salary, real-time salary): the
 * agent's own contract and its upline's offer, a contract per direct downline agent, and the agent's pay of the kind.
 */
export function ContractPage({ kind }: { kind: ContractKind }) {
  // Another kind is another set of negotiations.
  return <ContractPageOf key={kind} kind={kind} />;
}

function ContractPageOf({ kind }: { kind: ContractKind }) {
  const when = useWhen();
  const contracts = useQuery(contractsQuery(kind));
  const body = (loaded: (data: NonNullable<typeof contracts.data>) => ReactNode) =>
    contracts.isError ? (
      <LoadError error={contracts.error} onRetry={() => void contracts.refetch()} />
    ) : contracts.data ? (
      loaded(contracts.data)
    ) : (
      <Skeleton className="h-32 w-full" />
    );
  return (
    <div className="flex flex-col gap-4">
      <Section title={<Trans>My contract</Trans>}>
        {body(({ mine }) => {
          const since = mine.active?.activeFrom ? when(mine.active.activeFrom) : '';
          return (
            <>
              {mine.active && (
                <TermsTable
                  caption={<Trans>In force since {since}</Trans>}
                  tiers={mine.active.tiers}
                  period={mine.active.period}
                />
              )}
              <Negotiation
                side="downline"
                kind={kind}
                contract={mine.proposed ?? mine.active ?? mine.ended}
                ceiling={null}
                downline={null}
              />
            </>
          );
        })}
      </Section>
      <Section title={<Trans>My downline</Trans>}>
        {body(({ mine, downlines }) =>
          downlines.length === 0 ? (
            <p className="text-sm text-muted">
              <Trans>No downline agents yet. Register an agent account to offer it a contract.</Trans>
            </p>
          ) : (
            <ul className="flex flex-col gap-3">
              {downlines.map((d) => (
                <DownlineRow
                  key={`${d.member.id}:${mine.active?.id ?? 0}`}
                  kind={kind}
                  row={d}
                  ceiling={mine.active && { tiers: mine.active.tiers, period: mine.active.period }}
                />
              ))}
            </ul>
          ),
        )}
      </Section>
      <Section title={<Trans>My pay</Trans>}>
        <MyIncome kind={kind} />
      </Section>
    </div>
  );
}

type Row = CallOutput<typeof agentContracts>['value']['downlines'][number];

function DownlineRow({
  kind,
  row,
  ceiling,
}: {
  kind: ContractKind;
  row: Row;
  ceiling: NegotiationProps['ceiling'];
}) {
  const { t } = useLingui();
  const account = row.member.account;
  const status = row.proposed ? t`Offer pending` : row.active ? t`Contract in force` : t`No contract`;
  return (
    <li aria-label={account} className="flex flex-col gap-3 rounded-lg border border-line p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 className="font-semibold">{account}</h4>
        <span className="text-xs text-muted">{status}</span>
      </div>
      <Negotiation
        side="upline"
        kind={kind}
        contract={row.proposed ?? row.active ?? row.ended}
        ceiling={ceiling}
        downline={row.member}
      />
    </li>
  );
}
