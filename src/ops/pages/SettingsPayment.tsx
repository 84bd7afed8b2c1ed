import { Trans } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Change } from '../../../contract/changes.ts';
import {
  type BankDetails,
  opsPaymentDetails,
  opsSetPaymentDetails,
} from '../../../contract/merchantSettings.ts';
import { Done, LoadError, serverField } from '../../ui/records/form.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { opsCall } from '../api.ts';
import { useMay, useOps } from '../session.ts';
import { FormEnd, FormPanel, InputField, Panel } from '../ui.tsx';

const FIELDS = ['bankName', 'accountName', 'accountNo'] as const;

/**
 * The house bank account members transfer deposits to (the payments rules' account). A new one is a draft: another
 * FINANCE or ADMIN operator approves it on Pending changes, and members see it from then on.
 */
export function SettingsPayment() {
  const { merchant } = useOps();
  const key = ['ops', 'payment-details', merchant.code];
  const details = useQuery({
    queryKey: key,
    queryFn: async () => (await opsCall(opsPaymentDetails, { params: { code: merchant.code } })).value,
  });
  if (details.isError) return <LoadError error={details.error} onRetry={() => void details.refetch()} />;
  if (!details.data) return <Skeleton className="h-48 w-full" />;
  return (
    <div className="flex flex-col gap-3">
      {details.data.pending && <Pending change={details.data.pending} />}
      <BankForm key={merchant.code} bank={details.data.bank} queryKey={key} />
    </div>
  );
}

function Pending({ change }: { change: Change }) {
  const bank = change.proposed.bank as Partial<BankDetails> | undefined;
  const by = change.draftedBy;
  return (
    <Panel title={<Trans>Waiting for approval</Trans>}>
      <p className="text-sm">
        {change.mine ? (
          <Trans>You drafted this account: another operator approves it on Pending changes.</Trans>
        ) : (
          <Trans>Drafted by {by}: approve or reject it on Pending changes.</Trans>
        )}
      </p>
      <p className="font-mono text-sm break-all">
        {[bank?.bankName, bank?.accountName, bank?.accountNo].filter(Boolean).join(' · ')}
      </p>
    </Panel>
  );
}

function BankForm({ bank, queryKey }: { bank: BankDetails; queryKey: string[] }) {
  const may = useMay();
  const { merchant } = useOps();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState<BankDetails>(bank);
  const [drafted, setDrafted] = useState(false);
  const editable = may(opsSetPaymentDetails);
  const draft = useMutation({
    mutationFn: async () =>
      (await opsCall(opsSetPaymentDetails, { params: { code: merchant.code }, body: typed })).value.change,
    onMutate: () => setDrafted(false),
    onSuccess: () => {
      setDrafted(true);
      void queryClient.invalidateQueries({ queryKey });
      void queryClient.invalidateQueries({ queryKey: ['ops', 'changes', merchant.code] });
    },
  });
  const label = {
    bankName: <Trans>Bank</Trans>,
    accountName: <Trans>Account name</Trans>,
    accountNo: <Trans>Account number</Trans>,
  };
  return (
    <>
      {drafted && (
        <Done>
          <Trans>The new account is drafted. It is in force once another operator approves it.</Trans>
        </Done>
      )}
      <FormPanel title={<Trans>House bank account</Trans>} columns={3} onSubmit={() => draft.mutate()}>
        {FIELDS.map((f) => (
          <InputField
            key={f}
            label={label[f]}
            value={typed[f]}
            maxLength={80}
            disabled={!editable}
            message={serverField(draft.error, f)}
            onChange={(e) => setTyped((b) => ({ ...b, [f]: e.target.value }))}
          />
        ))}
        {editable && (
          <FormEnd
            error={draft.error}
            pending={draft.isPending}
            submit={<Trans>Draft the new account</Trans>}
          />
        )}
      </FormPanel>
    </>
  );
}
