import { Trans } from '@lingui/react/macro';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { agentContracts, type ContractKind } from '../../../../contract/agent.ts';
import { call } from '../../../api/client.ts';
import { LoadError, Section } from '../../../ui/records/form.tsx';
import { Skeleton } from '../../../ui/Skeleton.tsx';

const contractsQuery = (kind: ContractKind) =>
  queryOptions({
    queryKey: ['agent', 'contracts', kind],
    queryFn: async () => (await call(agentContracts, { query: { kind } })).value,
  });

/** A contract page of the agent centre (spec §2 bonus, daily wages, hourly salary, real-time salary). */
export function ContractPage({ kind }: { kind: ContractKind }) {
  const contracts = useQuery(contractsQuery(kind));
  if (contracts.isError)
    return <LoadError error={contracts.error} onRetry={() => void contracts.refetch()} />;
  if (!contracts.data) return <Skeleton className="h-48 w-full" />;
  return (
    <div className="flex flex-col gap-4">
      <Section title={<Trans>My contract</Trans>}>
        <p className="text-sm text-muted">
          {contracts.data.mine.active ? <Trans>In force</Trans> : <Trans>No contract yet</Trans>}
        </p>
      </Section>
    </div>
  );
}
