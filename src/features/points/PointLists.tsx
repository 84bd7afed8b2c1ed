import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PointEntryKind, RedemptionStatus } from '../../../contract/points.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { FilterSelect } from '../../ui/records/filters.tsx';
import { RecordTable, Section } from '../../ui/records/form.tsx';
import { entriesQuery, formatPoints, redemptionsQuery } from './queries.ts';

const useWhen = () => {
  const { i18n } = useLingui();
  return (iso: string) => formatDateTime(iso, i18n.locale);
};

/** Spec §4 redeem status, in the member's words. */
function useStatusWords(): Record<RedemptionStatus, string> {
  const { t } = useLingui();
  return { IN_PROCESS: t`In Process`, REJECTED: t`Rejected`, APPROVED: t`Approved` };
}

/** The member's redemptions, newest first, by status. */
export function RedeemedList() {
  const { t, i18n } = useLingui();
  const when = useWhen();
  const words = useStatusWords();
  const [status, setStatus] = useState<RedemptionStatus | ''>('');
  const [pageNo, setPageNo] = useState(1);
  const list = useQuery(redemptionsQuery(pageNo, status));
  return (
    <Section title={<Trans>Redeemed</Trans>}>
      <FilterSelect
        className="sm:max-w-xs"
        label={<Trans>Status</Trans>}
        all={t`All statuses`}
        value={status}
        options={(Object.keys(words) as RedemptionStatus[]).map((s) => ({ value: s, label: words[s] }))}
        onChange={(s) => {
          setStatus(s);
          setPageNo(1);
        }}
      />
      <RecordTable
        query={list}
        caption={<Trans>Redeemed rewards</Trans>}
        empty={<Trans>Nothing redeemed yet.</Trans>}
        minWidth="30rem"
        columns={[
          { head: <Trans>Time</Trans> },
          { head: <Trans>Reward</Trans> },
          { head: <Trans>Points</Trans>, end: true },
          { head: <Trans>Status</Trans> },
        ]}
        row={(r) => (
          <tr key={r.id} className="border-b border-line/60">
            <td className="py-2 pr-2 whitespace-nowrap">
              <time dateTime={r.createdAt}>{when(r.createdAt)}</time>
            </td>
            <td className="py-2 pr-2">{r.name}</td>
            <td className="py-2 pr-2 text-right tabular-nums">{formatPoints(r.points, i18n.locale)}</td>
            <td className="py-2">
              {words[r.status]}
              {r.remark && <span className="block text-xs text-muted">{r.remark}</span>}
            </td>
          </tr>
        )}
        paging={{ page: pageNo, onChange: setPageNo, label: t`Redeemed pages` }}
      />
    </Section>
  );
}

/** Every change of the member's points (spec §7 transaction detail), newest first. */
export function PointsHistory() {
  const { t, i18n } = useLingui();
  const when = useWhen();
  const [pageNo, setPageNo] = useState(1);
  const list = useQuery(entriesQuery(pageNo));
  const kinds: Record<PointEntryKind, string> = {
    EARN: t`Earned by bets`,
    REDEEM: t`Redeemed`,
    REFUND: t`Returned (rejected)`,
    CONVERT: t`Converted to money`,
    OPS: t`Given by the site`,
  };
  const signed = (n: number) => (n > 0 ? `+${formatPoints(n, i18n.locale)}` : formatPoints(n, i18n.locale));
  return (
    <Section title={<Trans>Points history</Trans>}>
      <RecordTable
        query={list}
        caption={<Trans>Points history</Trans>}
        empty={<Trans>No points yet.</Trans>}
        minWidth="22rem"
        columns={[
          { head: <Trans>Time</Trans> },
          { head: <Trans>Type</Trans> },
          { head: <Trans>Points</Trans>, end: true },
          { head: <Trans>Balance</Trans>, end: true },
        ]}
        row={(e) => (
          <tr key={e.id} className="border-b border-line/60">
            <td className="py-2 pr-2 whitespace-nowrap">
              <time dateTime={e.createdAt}>{when(e.createdAt)}</time>
            </td>
            <td className="py-2 pr-2">{kinds[e.kind]}</td>
            <td className="py-2 pr-2 text-right tabular-nums">{signed(e.amount)}</td>
            <td className="py-2 text-right tabular-nums">{formatPoints(e.balanceAfter, i18n.locale)}</td>
          </tr>
        )}
        paging={{ page: pageNo, onChange: setPageNo, label: t`Points history pages` }}
      />
    </Section>
  );
}
