import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { claimRebate } from '../../../../contract/rebate.ts';
import { call } from '../../../api/client.ts';
import { newRequestId } from '../../../api/requestId.ts';
import { formatBasisPoints, formatDateTime } from '../../../i18n/format.ts';
import { Pagination } from '../../../ui/Pagination.tsx';
import {
  CallError,
  Done,
  LoadError,
  primaryButton,
  RecordTable,
  Section,
} from '../../../ui/records/form.tsx';
import { useMoney } from '../../../ui/records/useMoney.ts';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { invalidateAfterReward, rebateClaimableQuery, rebateHistoryQuery } from '../missions/queries.ts';

/** Basis points as a percentage: 80 → "0.80 %". */
const useRate = () => {
  const { i18n } = useLingui();
  return (bp: number) => formatBasisPoints(bp, i18n.locale);
};

const useWhen = () => {
  const { i18n } = useLingui();
  return (iso: string) => formatDateTime(iso, i18n.locale);
};

/** manualRebate (spec §2 Manual rebate): the rebate earned by turnover since the last claim, claimed by the member. */
export function ManualRebate() {
  return (
    <div className="flex flex-col gap-4">
      <Claimable />
      <History />
    </div>
  );
}

function Claimable() {
  const money = useMoney();
  const rate = useRate();
  const when = useWhen();
  const queryClient = useQueryClient();
  const reasonId = useId();
  const claimable = useQuery(rebateClaimableQuery());
  const [requestId, setRequestId] = useState(newRequestId);
  const [paid, setPaid] = useState<number | null>(null);
  const claim = useMutation({
    // The same request id until it succeeds: a retry after a lost answer gets the first claim back.
    mutationFn: async () => (await call(claimRebate, { body: { requestId } })).value,
    onSuccess: ({ amount }) => {
      setRequestId(newRequestId());
      setPaid(amount);
      invalidateAfterReward(queryClient, ['member', 'rebate']);
    },
    // Refused (below the minimum, or claimed a moment ago in another tab): show what is claimable now.
    onError: () => void queryClient.invalidateQueries({ queryKey: rebateClaimableQuery().queryKey }),
  });
  const title = <Trans>Claimable rebate</Trans>;
  if (claimable.isError)
    return (
      <Section title={title}>
        <LoadError error={claimable.error} onRetry={() => void claimable.refetch()} />
      </Section>
    );
  if (!claimable.data)
    return (
      <Section title={title}>
        <Skeleton className="h-48 w-full" />
      </Section>
    );
  const c = claimable.data;
  const from = when(c.from);
  const until = when(c.until);
  const total = money.format(c.total);
  const minimum = money.format(c.minClaim);
  const paidText = paid === null ? '' : money.format(paid);
  const belowMinimum = c.total < c.minClaim;
  return (
    <Section title={title}>
      <p className="text-sm text-muted">
        <Trans>
          Turnover from <time dateTime={c.from}>{from}</time> to <time dateTime={c.until}>{until}</time>
        </Trans>
      </p>
      <RecordTable
        query={{ ...claimable, data: { list: c.rows } }}
        caption={<Trans>Rebate by game type</Trans>}
        empty={<Trans>No turnover since your last claim.</Trans>}
        minWidth="24rem"
        columns={[
          { head: <Trans>Game type</Trans> },
          { head: <Trans>Turnover</Trans>, end: true },
          { head: <Trans>Rate</Trans>, end: true },
          { head: <Trans>Rebate</Trans>, end: true },
        ]}
        row={(r) => (
          <tr key={r.gameType} className="border-b border-line/60">
            <td className="py-2 pr-2">{r.gameType}</td>
            <td className="py-2 pr-2 text-right tabular-nums">{money.format(r.turnover)}</td>
            <td className="py-2 pr-2 text-right tabular-nums">{rate(r.rateBp)}</td>
            <td className="py-2 text-right tabular-nums">{money.format(r.rebate)}</td>
          </tr>
        )}
      />
      <p className="flex justify-between text-base font-semibold">
        <span>
          <Trans>Total rebate</Trans>
        </span>
        <span className="tabular-nums">{total}</span>
      </p>
      {paid !== null && (
        <Done>
          <Trans>Rebate of {paidText} added to your main wallet.</Trans>
        </Done>
      )}
      <CallError error={claim.error} />
      <button
        type="button"
        className={primaryButton}
        disabled={belowMinimum || claim.isPending}
        aria-describedby={belowMinimum ? reasonId : undefined}
        onClick={() => {
          setPaid(null);
          claim.mutate();
        }}
      >
        <Trans>Claim rebate</Trans>
      </button>
      {belowMinimum && (
        <p id={reasonId} className="text-sm text-muted">
          <Trans>The rebate can be claimed from {minimum}.</Trans>
        </p>
      )}
    </Section>
  );
}

function History() {
  const { t } = useLingui();
  const money = useMoney();
  const when = useWhen();
  const [pageNo, setPageNo] = useState(1);
  const history = useQuery(rebateHistoryQuery(pageNo));
  return (
    <Section title={<Trans>Rebate history</Trans>}>
      <RecordTable
        query={history}
        caption={<Trans>Rebate history</Trans>}
        empty={<Trans>No rebate claimed yet.</Trans>}
        minWidth="28rem"
        columns={[
          { head: <Trans>Claimed</Trans> },
          { head: <Trans>Turnover period</Trans> },
          { head: <Trans>Amount</Trans>, end: true },
        ]}
        row={(r) => (
          <tr key={r.id} className="border-b border-line/60">
            <td className="py-2 pr-2 whitespace-nowrap">
              <time dateTime={r.createdAt}>{when(r.createdAt)}</time>
            </td>
            <td className="py-2 pr-2">
              <time dateTime={r.from}>{when(r.from)}</time> – <time dateTime={r.until}>{when(r.until)}</time>
            </td>
            <td className="py-2 text-right tabular-nums">{money.format(r.amount)}</td>
          </tr>
        )}
      />
      {history.data && (
        <Pagination
          page={pageNo}
          totalPages={history.data.totalPages}
          onChange={setPageNo}
          label={t`Rebate history pages`}
        />
      )}
    </Section>
  );
}
