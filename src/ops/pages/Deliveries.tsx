import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  type DeliveryStatus,
  deliveryStatus,
  type MessageSenders,
  opsDeliveries,
  opsRetryDelivery,
  opsSenders,
  opsSetSenders,
} from '../../../contract/deliveries.ts';
import { CallError, Done, RecordTable, serverField } from '../../ui/records/form.tsx';
import { opsCall } from '../api.ts';
import { useOpsFormat } from '../format.ts';
import { useMay, useOps } from '../session.ts';
import {
  cell,
  Filters,
  FormEnd,
  FormPanel,
  InputField,
  MerchantField,
  opsButton,
  row,
  SelectField,
} from '../ui.tsx';

const STATUS_LABEL: Record<DeliveryStatus, MessageDescriptor> = {
  OUTBOX: msg`Development outbox`,
  PENDING: msg`Waiting`,
  SENDING: msg`Sending`,
  SENT: msg`Sent`,
  FAILED: msg`Failed`,
};

const CHANNEL_LABEL = { sms: msg`SMS`, email: msg`E-mail` } as const;

/**
 * The SMS and e-mail the portal sent or is sending, newest first: where each stands, its tries and last error, and
 * a Retry for a failed one. Recipients are partly hidden and codes masked. Below, whom the merchant's messages are
 * from.
 */
export function Deliveries() {
  const { t, i18n } = useLingui();
  const may = useMay();
  const { merchants } = useOps();
  const { when } = useOpsFormat();
  const client = useQueryClient();
  const [filter, setFilter] = useState({ merchant: '', channel: '', status: '' });
  const [pageNo, setPageNo] = useState(1);
  const list = useQuery({
    queryKey: ['ops', 'deliveries', filter, pageNo],
    queryFn: async () => {
      const query = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== ''));
      return (await opsCall(opsDeliveries, { query: { pageNo, ...query } })).value;
    },
  });
  const retry = useMutation({
    mutationFn: async (id: number) => (await opsCall(opsRetryDelivery, { params: { id } })).value.delivery,
    // The note shows at once; the list catches up on its own.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['ops', 'deliveries'] });
    },
  });
  const set = (key: keyof typeof filter) => (e: { target: { value: string } }) => {
    setFilter({ ...filter, [key]: e.target.value });
    setPageNo(1);
  };

  return (
    <>
      <Filters>
        <MerchantField merchants={merchants} value={filter.merchant} onChange={set('merchant')} />
        <SelectField label={<Trans>Channel</Trans>} value={filter.channel} onChange={set('channel')}>
          <option value="">{t`All`}</option>
          <option value="sms">{i18n._(CHANNEL_LABEL.sms)}</option>
          <option value="email">{i18n._(CHANNEL_LABEL.email)}</option>
        </SelectField>
        <SelectField label={<Trans>Status</Trans>} value={filter.status} onChange={set('status')}>
          <option value="">{t`All`}</option>
          {deliveryStatus.options.map((s) => (
            <option key={s} value={s}>
              {i18n._(STATUS_LABEL[s])}
            </option>
          ))}
        </SelectField>
      </Filters>
      {retry.data && (
        <Done>
          <Trans>Message {retry.data.id} is queued to be sent again.</Trans>
        </Done>
      )}
      <CallError error={retry.error} />
      <RecordTable
        query={list}
        paging={{ page: pageNo, onChange: setPageNo, label: t`Deliveries pages` }}
        caption={t`Deliveries`}
        empty={<Trans>No messages here.</Trans>}
        minWidth="60rem"
        columns={[
          { head: <Trans>Queued</Trans> },
          { head: <Trans>Merchant</Trans> },
          { head: <Trans>Channel</Trans> },
          { head: <Trans>Recipient</Trans> },
          { head: <Trans>Message</Trans> },
          { head: <Trans>Status</Trans> },
          { head: <Trans>Last error</Trans> },
          { head: <Trans>Next try</Trans> },
          { head: <Trans>Actions</Trans> },
        ]}
        row={(d) => (
          <tr key={d.id} className={row}>
            <td className={`${cell} whitespace-nowrap`}>{when(d.createdAt)}</td>
            <td className={cell}>{d.merchantCode}</td>
            <td className={cell}>{i18n._(CHANNEL_LABEL[d.channel])}</td>
            <td className={`${cell} font-mono text-xs`}>{d.recipient}</td>
            <td className={`${cell} max-w-xs break-words text-xs`}>
              {d.subject && <p className="font-semibold">{d.subject}</p>}
              <p className="whitespace-pre-wrap">{d.preview}</p>
            </td>
            <td className={cell}>
              <p>{i18n._(STATUS_LABEL[d.status])}</p>
              <p className="text-xs text-muted">
                <Plural value={d.attempts} one="# try" other="# tries" />
              </p>
            </td>
            <td className={`${cell} max-w-xs break-words text-xs text-danger`}>{d.lastError ?? ''}</td>
            <td className={`${cell} whitespace-nowrap`}>{d.nextAttemptAt ? when(d.nextAttemptAt) : '—'}</td>
            <td className={cell}>
              {d.retryable && may(opsRetryDelivery) && (
                <button
                  type="button"
                  className={opsButton}
                  disabled={retry.isPending}
                  aria-label={t`Retry message ${d.id}`}
                  onClick={() => retry.mutate(d.id)}
                >
                  <Trans>Retry</Trans>
                </button>
              )}
            </td>
          </tr>
        )}
      />
      {may(opsSenders) && <Senders editable={may(opsSetSenders)} />}
    </>
  );
}

const NO_SENDERS: MessageSenders = { emailFrom: '', emailName: '', smsFrom: '' };

/** Whom the picked merchant's e-mails and SMS are from; empty fields use the server's defaults. */
function Senders({ editable }: { editable: boolean }) {
  const { t } = useLingui();
  const { merchant } = useOps();
  const client = useQueryClient();
  const key = ['ops', 'senders', merchant.code];
  const current = useQuery({
    queryKey: key,
    queryFn: async () => (await opsCall(opsSenders, { params: { code: merchant.code } })).value.senders,
  });
  const [form, setForm] = useState(NO_SENDERS);
  useEffect(() => {
    if (current.data) setForm(current.data);
  }, [current.data]);
  const save = useMutation({
    mutationFn: async () =>
      (await opsCall(opsSetSenders, { params: { code: merchant.code }, body: form })).value.senders,
    onSuccess: (senders) => client.setQueryData(key, senders),
  });
  const field = (name: keyof MessageSenders) => ({
    value: form[name],
    readOnly: !editable,
    message: serverField(save.error, name),
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
  });

  return (
    <FormPanel title={t`Senders of ${merchant.code}`} columns={3} onSubmit={() => save.mutate()}>
      <InputField
        label={<Trans>E-mail from (address)</Trans>}
        type="email"
        autoComplete="off"
        hint={<Trans>Empty: PORTICO_SMTP_FROM</Trans>}
        {...field('emailFrom')}
      />
      <InputField
        label={<Trans>E-mail from (name)</Trans>}
        hint={<Trans>Empty: the brand's name</Trans>}
        {...field('emailName')}
      />
      <InputField
        label={<Trans>SMS sender</Trans>}
        hint={<Trans>A +number, an 11-character sender id, or a Twilio messaging service (MG…)</Trans>}
        {...field('smsFrom')}
      />
      {save.isSuccess && (
        <div className="sm:col-span-full">
          <Done>
            <Trans>Senders saved.</Trans>
          </Done>
        </div>
      )}
      {editable && (
        <FormEnd error={save.error} pending={save.isPending} submit={<Trans>Save senders</Trans>} />
      )}
    </FormPanel>
  );
}
