import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { opsAudit } from '../../../contract/backoffice.ts';
import { opsAuditVerify } from '../../../contract/ops.ts';
import { CallError, RecordTable } from '../../ui/records/form.tsx';
import { opsCall } from '../api.ts';
import { useOpsFormat } from '../format.ts';
import { useMay, useOps } from '../session.ts';
import { cell, Filters, InputField, MerchantField, opsButton, row } from '../ui.tsx';

const NO_FILTER = { merchant: '', actor: '', action: '' };

/** The audit log, newest first, by merchant, actor or action; its hash chain can be checked from here. */
export function Audit() {
  const { t } = useLingui();
  const may = useMay();
  const { merchants } = useOps();
  const { when } = useOpsFormat();
  const [typed, setTyped] = useState(NO_FILTER);
  const [filter, setFilter] = useState(NO_FILTER);
  const [pageNo, setPageNo] = useState(1);
  const list = useQuery({
    queryKey: ['ops', 'audit', filter, pageNo],
    enabled: may(opsAudit),
    queryFn: async () => {
      const query = Object.fromEntries(Object.entries(filter).filter(([, v]) => v.trim() !== ''));
      return (await opsCall(opsAudit, { query: { pageNo, ...query } })).value;
    },
  });
  const set = (key: keyof typeof NO_FILTER) => (e: { target: { value: string } }) =>
    setTyped({ ...typed, [key]: e.target.value });

  return (
    <>
      {may(opsAuditVerify) && <VerifyChain />}
      {may(opsAudit) && (
        <>
          <form
            className="flex flex-col gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              setFilter(typed);
              setPageNo(1);
            }}
          >
            <Filters>
              <MerchantField merchants={merchants} value={typed.merchant} onChange={set('merchant')} />
              <InputField label={<Trans>Actor</Trans>} value={typed.actor} onChange={set('actor')} />
              <InputField label={<Trans>Action</Trans>} value={typed.action} onChange={set('action')} />
            </Filters>
            <div>
              <button type="submit" className={opsButton}>
                <Trans>Filter</Trans>
              </button>
            </div>
          </form>
          <RecordTable
            query={list}
            paging={{ page: pageNo, onChange: setPageNo, label: t`Audit log pages` }}
            caption={t`Audit log`}
            empty={<Trans>No entries here.</Trans>}
            minWidth="52rem"
            columns={[
              { head: <Trans>Time</Trans> },
              { head: <Trans>Merchant</Trans> },
              { head: <Trans>Actor</Trans> },
              { head: <Trans>Action</Trans> },
              { head: <Trans>Subject</Trans> },
            ]}
            row={(a) => (
              <tr key={a.id} className={row}>
                <td className={`${cell} whitespace-nowrap`}>{when(a.at)}</td>
                <td className={cell}>{a.merchantCode}</td>
                <td className={cell}>{a.actor}</td>
                <td className={`${cell} font-mono text-xs`}>{a.action}</td>
                <td className={cell}>
                  <details>
                    <summary className="cursor-pointer text-xs">
                      <Trans>Entry {a.id}</Trans>
                    </summary>
                    <pre className="max-w-md overflow-x-auto text-xs">
                      {JSON.stringify(a.subject, null, 2)}
                    </pre>
                  </details>
                </td>
              </tr>
            )}
          />
        </>
      )}
    </>
  );
}

/** Walks the log's hash chain on the server: intact (and how many rows), or the first broken row and why. */
function VerifyChain() {
  const verify = useMutation({
    mutationFn: async () => (await opsCall(opsAuditVerify, { query: {} })).value,
  });
  const result = verify.data;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="button" className={opsButton} disabled={verify.isPending} onClick={() => verify.mutate()}>
        <Trans>Verify chain</Trans>
      </button>
      <div aria-live="polite">
        {result?.ok && (
          <p className="text-success">
            <Plural
              value={result.rows}
              one="The chain is intact: # row checked."
              other="The chain is intact: # rows checked."
            />
          </p>
        )}
        {result && !result.ok && (
          <p role="alert" className="text-danger">
            <Trans>
              The chain is broken at row {result.brokenAt ?? '?'}: {result.why ?? ''}
            </Trans>
          </p>
        )}
      </div>
      <CallError error={verify.error} />
    </div>
  );
}
