import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type OpsVendor, opsVendorSync, opsVendors } from '../../../contract/vendors.ts';
import { CallError, RecordTable } from '../../ui/records/form.tsx';
import { opsCall } from '../api.ts';
import { useOpsFormat } from '../format.ts';
import { useMay, useOps } from '../session.ts';
import { cell, opsButton, row } from '../ui.tsx';

/**
 * The merchant's game vendors: how each is connected (built in, the demo stand-in, over HTTP, or not at all), its
 * games, and its last catalogue sync with what it changed or why it failed; "Sync now" reads a connected vendor's
 * feed at once. Credentials live in PORTICO_VENDORS and never reach this page.
 */
export function Vendors() {
  const { t } = useLingui();
  const { merchant } = useOps();
  const key = ['ops', 'vendors', merchant.code];
  const list = useQuery({
    queryKey: key,
    queryFn: async () => (await opsCall(opsVendors, { params: { code: merchant.code } })).value,
  });
  const driverName: Record<OpsVendor['driver'], string> = {
    inhouse: t`Built in`,
    demo: t`Demo (development)`,
    http: t`Connected`,
    off: t`Not connected`,
  };
  return (
    <RecordTable
      query={list}
      caption={t`Game vendors`}
      empty={<Trans>No game vendors on this site.</Trans>}
      minWidth="56rem"
      columns={[
        { head: <Trans>Vendor</Trans> },
        { head: <Trans>Connection</Trans> },
        { head: <Trans>Games</Trans>, end: true },
        { head: <Trans>Last sync</Trans> },
        { head: <Trans>Catalogue</Trans> },
      ]}
      row={(v) => (
        <tr key={v.vendor} className={row}>
          <td className={cell}>
            <span className="font-medium">{v.name}</span>{' '}
            <span className="font-mono text-xs text-muted">{v.vendor}</span>
          </td>
          <td className={cell}>
            {driverName[v.driver]}
            <span className="block text-xs text-muted">
              {v.wallet === 'seamless' ? <Trans>Seamless wallet</Trans> : <Trans>Transfer wallet</Trans>}
            </span>
          </td>
          <td className={`${cell} text-right tabular-nums`}>
            {v.games}
            {v.hidden > 0 && (
              <span className="block text-xs text-muted">
                {t`${plural(v.hidden, { one: '# hidden', other: '# hidden' })}`}
              </span>
            )}
          </td>
          <td className={cell}>
            <LastSync vendor={v} />
          </td>
          <td className={cell}>
            <SyncNow vendor={v} queryKey={key} />
          </td>
        </tr>
      )}
    />
  );
}

function LastSync({ vendor: v }: { vendor: OpsVendor }) {
  const { t } = useLingui();
  const { when } = useOpsFormat();
  if (!v.lastRunAt)
    return (
      <span className="text-muted">{v.feed ? <Trans>Never synced</Trans> : <Trans>No feed</Trans>}</span>
    );
  return (
    <>
      <span className="whitespace-nowrap">{when(v.lastRunAt)}</span>
      {v.error ? (
        <span role="alert" className="block text-danger">
          <Trans>Failed, nothing changed: {v.error}</Trans>
        </span>
      ) : (
        <span className="block text-xs text-muted">
          {t`${plural(v.added, { one: '# added', other: '# added' })}, ${plural(v.updated, { one: '# updated', other: '# updated' })}, ${plural(v.removed, { one: '# hidden', other: '# hidden' })}, ${plural(v.pictures, { one: '# picture', other: '# pictures' })}`}
        </span>
      )}
      {v.problems.length > 0 && (
        <details className="text-xs">
          <summary>{t`${plural(v.problems.length, { one: '# problem', other: '# problems' })}`}</summary>
          <ul className="list-disc ps-4">
            {v.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </details>
      )}
      {v.error && v.lastOkAt && (
        <span className="block text-xs text-muted">
          <Trans>Last good sync: {when(v.lastOkAt)}</Trans>
        </span>
      )}
    </>
  );
}

function SyncNow({ vendor: v, queryKey }: { vendor: OpsVendor; queryKey: string[] }) {
  const { t } = useLingui();
  const { merchant } = useOps();
  const may = useMay();
  const queryClient = useQueryClient();
  const sync = useMutation({
    mutationFn: async () =>
      (await opsCall(opsVendorSync, { params: { code: merchant.code, vendor: v.vendor } })).value,
    onSuccess: () => queryClient.invalidateQueries({ queryKey }),
  });
  if (!v.feed || !may(opsVendorSync)) return null;
  return (
    <div className="flex flex-col items-start gap-1">
      <button
        type="button"
        className={opsButton}
        disabled={sync.isPending}
        aria-label={t`Sync ${v.name} now`}
        onClick={() => sync.mutate()}
      >
        {sync.isPending ? <Trans>Syncing…</Trans> : <Trans>Sync now</Trans>}
      </button>
      <CallError error={sync.error} />
    </div>
  );
}
