import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import type { AnyCall } from '../../../contract/call.ts';
import { opsChanges } from '../../../contract/changes.ts';
import { type DashboardQueues, opsDashboard } from '../../../contract/dashboard.ts';
import { opsFeedback } from '../../../contract/help.ts';
import { opsPayments } from '../../../contract/ops.ts';
import { opsRedemptions } from '../../../contract/points.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { LoadError, serverField } from '../../ui/records/form.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { opsCall } from '../api.ts';
import { useOpsFormat } from '../format.ts';
import { useMay, useOps } from '../session.ts';
import { Filters, InputField, opsButton, opsPrimary, Panel } from '../ui.tsx';
import { DashboardChart } from './DashboardChart.tsx';

/** A range of the merchant's calendar days (none: today, the server's default). */
interface Range {
  from?: string;
  to?: string;
}

/** `to` and the `days − 1` days before it (YYYY-MM-DD, calendar arithmetic). */
export const lastDays = (to: string, days: number): Range => {
  const start = new Date(`${to}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - (days - 1));
  return { from: start.toISOString().slice(0, 10), to };
};

/** The page each queue is worked on (`/ops?page=`) and the list call it needs, for the queue's link. */
const QUEUE_PAGE: Record<keyof DashboardQueues, { page: string; call: AnyCall }> = {
  deposits: { page: 'deposits', call: opsPayments },
  withdrawals: { page: 'withdrawals', call: opsPayments },
  disputes: { page: 'withdrawals', call: opsPayments },
  changes: { page: 'changes', call: opsChanges },
  redemptions: { page: 'redemptions', call: opsRedemptions },
  feedback: { page: 'feedback', call: opsFeedback },
};

/** The back office's first page: the picked merchant's day (or a range of days), its chart and what waits. */
export function Dashboard() {
  const { t, i18n } = useLingui();
  const { merchant } = useOps();
  const may = useMay();
  const { money } = useOpsFormat();
  const [range, setRange] = useState<Range>({});
  const [draft, setDraft] = useState<Range>({});
  const overview = useQuery({
    queryKey: ['ops', 'dashboard', merchant.code, range.from, range.to],
    queryFn: async () =>
      (await opsCall(opsDashboard, { query: { merchant: merchant.code, ...range } })).value,
    retry: false,
  });
  const data = overview.data;
  const today = data && !range.from && !range.to ? data.to : undefined;
  const pick = (next: Range) => {
    setDraft(next);
    setRange(next);
  };
  const hourLabel = (iso: string) =>
    formatDateTime(iso, i18n.locale, { timeZone: data?.timeZone, hour: '2-digit', minute: '2-digit' });
  const dayLabel = (iso: string) =>
    formatDateTime(iso, i18n.locale, { timeZone: data?.timeZone, month: 'short', day: 'numeric' });
  const queueLabel: Record<keyof DashboardQueues, string> = {
    deposits: t`Deposits to approve`,
    withdrawals: t`Withdrawals to handle`,
    disputes: t`Withdrawals not received`,
    changes: t`Changes to approve`,
    redemptions: t`Redemptions to decide`,
    feedback: t`Feedback in the range`,
  };

  return (
    <div className="flex flex-col gap-3">
      <Panel
        title={<Trans>Range</Trans>}
        actions={
          <>
            <button type="button" className={opsButton} onClick={() => pick({})}>
              <Trans>Today</Trans>
            </button>
            {data && (
              <>
                <button
                  type="button"
                  className={opsButton}
                  onClick={() => pick(lastDays(today ?? data.to, 7))}
                >
                  <Trans>Last 7 days</Trans>
                </button>
                <button
                  type="button"
                  className={opsButton}
                  onClick={() => pick(lastDays(today ?? data.to, 30))}
                >
                  <Trans>Last 30 days</Trans>
                </button>
              </>
            )}
          </>
        }
      >
        <form
          noValidate
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setRange({ from: draft.from || undefined, to: draft.to || undefined });
          }}
        >
          <Filters>
            <InputField
              type="date"
              label={<Trans>From</Trans>}
              value={draft.from ?? data?.from ?? ''}
              message={serverField(overview.error, 'from')}
              onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
            />
            <InputField
              type="date"
              label={<Trans>To</Trans>}
              value={draft.to ?? data?.to ?? ''}
              message={serverField(overview.error, 'to')}
              onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
            />
          </Filters>
          <div>
            <button type="submit" className={opsPrimary}>
              <Trans>Show</Trans>
            </button>
          </div>
        </form>
      </Panel>
      {overview.isError && !serverField(overview.error, 'from') && !serverField(overview.error, 'to') && (
        <LoadError error={overview.error} onRetry={() => void overview.refetch()} />
      )}
      {!data && !overview.isError && <Skeleton className="h-64 w-full" />}
      {data && (
        <>
          <p className="text-xs text-muted">
            {data.from === data.to ? (
              <Trans>
                {data.from} in {data.timeZone}
              </Trans>
            ) : (
              <Trans>
                {data.from} to {data.to} in {data.timeZone}
              </Trans>
            )}
          </p>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            <Figure
              label={t`Deposits`}
              value={money(data.totals.deposits.amount)}
              detail={countOf(data.totals.deposits.count)}
            />
            <Figure
              label={t`Withdrawals`}
              value={money(data.totals.withdrawals.amount)}
              detail={countOf(data.totals.withdrawals.count)}
            />
            <Figure
              label={t`Stakes`}
              value={money(data.totals.bets.stake)}
              detail={countOf(data.totals.bets.count)}
            />
            <Figure label={t`Payouts`} value={money(data.totals.payout)} />
            <Figure label={t`GGR`} value={money(data.totals.ggr)} />
            <Figure label={t`New members`} value={String(data.totals.newMembers)} />
            <Figure label={t`Active members`} value={String(data.activeMembers)} />
          </dl>
          <Panel title={data.bucket === 'hour' ? <Trans>By hour</Trans> : <Trans>By day</Trans>}>
            <DashboardChart
              money={money}
              points={data.series.map((s) => ({
                label: data.bucket === 'hour' ? hourLabel(s.at) : dayLabel(s.at),
                deposits: s.deposits.amount,
                withdrawals: s.withdrawals.amount,
                ggr: s.ggr,
              }))}
            />
          </Panel>
          <Panel title={<Trans>Waiting now</Trans>}>
            <ul className="grid grid-cols-1 gap-2 sm:grid-cols-3">
              {(Object.keys(QUEUE_PAGE) as (keyof DashboardQueues)[]).map((queue) => {
                const content = (
                  <>
                    <span>{queueLabel[queue]}</span>
                    <span className="font-semibold">{data.queues[queue]}</span>
                  </>
                );
                const box = 'flex items-center justify-between gap-2 rounded-md border border-line px-3 py-2';
                return (
                  <li key={queue}>
                    {may(QUEUE_PAGE[queue].call) ? (
                      <Link
                        to="/ops"
                        search={(s) => ({ ...s, page: QUEUE_PAGE[queue].page })}
                        className={`${box} hover:bg-line/40`}
                      >
                        {content}
                      </Link>
                    ) : (
                      <p className={box}>{content}</p>
                    )}
                  </li>
                );
              })}
            </ul>
          </Panel>
        </>
      )}
    </div>
  );
}

/** How many under a figure (a label and the number: no noun to agree with it). */
function countOf(count: number) {
  return <Trans>Count: {count}</Trans>;
}

function Figure({ label, value, detail }: { label: string; value: string; detail?: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 rounded-lg border border-line bg-raised p-3">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-base font-semibold tabular-nums">{value}</dd>
      {detail && <dd className="text-xs text-muted">{detail}</dd>}
    </div>
  );
}
