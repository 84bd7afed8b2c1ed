import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { opsFeedback } from '../../../contract/help.ts';
import { RecordTable } from '../../ui/records/form.tsx';
import { opsCall } from '../api.ts';
import { useOpsFormat } from '../format.ts';
import { useOps } from '../session.ts';
import { cell, row } from '../ui.tsx';

/** What members and visitors wrote through the feedback form (spec §5), newest first. */
export function Feedback() {
  const { t } = useLingui();
  const { merchant } = useOps();
  const { when } = useOpsFormat();
  const [pageNo, setPageNo] = useState(1);
  const list = useQuery({
    queryKey: ['ops', 'feedback', merchant.code, pageNo],
    queryFn: async () =>
      (await opsCall(opsFeedback, { params: { code: merchant.code }, query: { pageNo } })).value,
  });
  return (
    <RecordTable
      query={list}
      paging={{ page: pageNo, onChange: setPageNo, label: t`Feedback pages` }}
      caption={t`Feedback`}
      empty={<Trans>No feedback yet.</Trans>}
      minWidth="32rem"
      columns={[
        { head: <Trans>Received</Trans> },
        { head: <Trans>From</Trans> },
        { head: <Trans>Feedback</Trans> },
      ]}
      row={(f) => (
        <tr key={f.id} className={row}>
          <td className={`${cell} whitespace-nowrap`}>{when(f.createdAt)}</td>
          <td className={cell}>{f.account ?? <Trans>Visitor</Trans>}</td>
          <td className={`${cell} whitespace-pre-wrap break-words`}>{f.content}</td>
        </tr>
      )}
    />
  );
}
