import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CallInput } from '../../../contract/call.ts';
import {
  CHANNEL_SECRETS,
  channelSettings,
  type OpsChannel,
  opsAddPaymentChannel,
  opsPaymentChannels,
  opsUpdatePaymentChannel,
  type PaymentChannel,
} from '../../../contract/payments.ts';
import { Done, LoadError, serverField } from '../../ui/records/form.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { opsCall } from '../api.ts';
import { ExportCsv } from '../ExportCsv.tsx';
import { useMay, useOps } from '../session.ts';
import {
  cell,
  FormEnd,
  FormPanel,
  InputField,
  opsButton,
  opsPrimary,
  Panel,
  row,
  SelectField,
} from '../ui.tsx';

const KIND: Record<PaymentChannel, MessageDescriptor> = {
  BANK: msg`Bank transfer`,
  VIETQR: msg`Bank transfer with VietQR`,
  HOSTED_CHECKOUT: msg`Hosted checkout gateway`,
  DEMO_GATEWAY: msg`Demo gateway (development)`,
};

const FIELD: Record<string, MessageDescriptor> = {
  bankName: msg`Bank`,
  accountName: msg`Account name`,
  accountNo: msg`Account number`,
  bin: msg`Bank BIN (NAPAS, 6 digits)`,
  apiUrl: msg`Provider API address`,
  merchantId: msg`Merchant id at the provider`,
  currency: msg`Currency`,
  siteUrl: msg`Site address (webhook and return)`,
  apiSecret: msg`API secret`,
  webhookSecret: msg`Webhook secret`,
};

const settingNames = (kind: PaymentChannel) => Object.keys(channelSettings[kind].shape);

/**
 * The picked merchant's payment channels: the driver, the label members see, its settings and secrets (written,
 * never shown: "set"). Each change is audited; FINANCE and ADMIN only, with two-factor login in production.
 */
export function PaymentChannels() {
  const { t } = useLingui();
  const { merchant } = useOps();
  const may = useMay();
  const [editing, setEditing] = useState<OpsChannel | 'new' | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const key = ['ops', 'payment-channels', merchant.code];
  const list = useQuery({
    queryKey: key,
    queryFn: async () => (await opsCall(opsPaymentChannels, { params: { code: merchant.code } })).value,
  });
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data) return <Skeleton className="h-48 w-full" />;
  const { list: channels, kinds, sealed } = list.data;
  const editable = may(opsAddPaymentChannel);
  const close = (message?: string) => {
    setEditing(null);
    if (message) setDone(message);
  };

  return (
    <div className="flex flex-col gap-3">
      {!sealed && (
        <p role="note" className="rounded-md bg-warning/10 p-2 text-sm">
          <Trans>
            Secrets are stored unsealed: set PORTICO_SECRETS_KEY on the server (production refuses to store
            them otherwise).
          </Trans>
        </p>
      )}
      {done && <Done>{done}</Done>}
      <Panel
        title={<Trans>Payment channels of {merchant.code}</Trans>}
        actions={
          editable && editing === null ? (
            <button
              type="button"
              className={opsPrimary}
              onClick={() => {
                setDone(null);
                setEditing('new');
              }}
            >
              <Trans>Add channel</Trans>
            </button>
          ) : null
        }
      >
        {channels.length === 0 ? (
          <p className="text-sm text-muted">
            <Trans>
              No channel configured: members see the built-in bank transfer to the account of the payment
              rules. Once a channel is added, members see exactly the enabled channels.
            </Trans>
          </p>
        ) : (
          <div className="overflow-x-auto">
            <ExportCsv reply={list.data} />
            <table className="w-full min-w-[36rem] text-left text-sm">
              <caption className="sr-only">{t`Payment channels`}</caption>
              <thead>
                <tr className={row}>
                  <th className={cell}>
                    <Trans>Channel</Trans>
                  </th>
                  <th className={cell}>
                    <Trans>Settings</Trans>
                  </th>
                  <th className={cell}>
                    <Trans>Secrets</Trans>
                  </th>
                  <th className={cell}>
                    <Trans>Status</Trans>
                  </th>
                  <th className={cell}>
                    <span className="sr-only">
                      <Trans>Actions</Trans>
                    </span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {channels.map((c) => (
                  <tr key={c.id} className={row}>
                    <td className={cell}>
                      <div className="font-medium">{c.label}</div>
                      <div className="text-xs text-muted">{t(KIND[c.kind])}</div>
                    </td>
                    <td className={`${cell} break-all text-xs`}>
                      {Object.entries(c.settings).map(([k, v]) => (
                        <div key={k}>
                          <span className="text-muted">{FIELD[k] ? t(FIELD[k]) : k}:</span> {v}
                        </div>
                      ))}
                      {c.webhookUrl && (
                        <div>
                          <span className="text-muted">
                            <Trans>Webhook:</Trans>
                          </span>{' '}
                          {c.webhookUrl}
                        </div>
                      )}
                    </td>
                    <td className={`${cell} text-xs`}>
                      {CHANNEL_SECRETS[c.kind].map((name) => (
                        <div key={name}>
                          <span className="text-muted">{t(FIELD[name]!)}:</span>{' '}
                          {c.secretsSet.includes(name) ? <Trans>set</Trans> : <Trans>not set</Trans>}
                        </div>
                      ))}
                    </td>
                    <td className={cell}>{c.enabled ? <Trans>Enabled</Trans> : <Trans>Disabled</Trans>}</td>
                    <td className={`${cell} text-right`}>
                      {editable && (
                        <button
                          type="button"
                          className={opsButton}
                          aria-label={t`Edit channel ${c.label}`}
                          onClick={() => {
                            setDone(null);
                            setEditing(c);
                          }}
                        >
                          <Trans>Edit</Trans>
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
      {editing !== null && (
        <ChannelForm
          key={editing === 'new' ? 'new' : editing.id}
          channel={editing === 'new' ? null : editing}
          kinds={kinds}
          onClose={close}
        />
      )}
    </div>
  );
}

function ChannelForm({
  channel,
  kinds,
  onClose,
}: {
  channel: OpsChannel | null;
  kinds: PaymentChannel[];
  onClose: (message?: string) => void;
}) {
  const { t } = useLingui();
  const { merchant } = useOps();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<PaymentChannel>(channel?.kind ?? kinds[0] ?? 'BANK');
  const [label, setLabel] = useState(channel?.label ?? '');
  const [enabled, setEnabled] = useState(channel?.enabled ?? true);
  const [settings, setSettings] = useState<Record<string, string>>(channel?.settings ?? {});
  const [secrets, setSecrets] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: async () => {
      const given = Object.fromEntries(Object.entries(secrets).filter(([, v]) => v.trim() !== ''));
      const body = {
        kind,
        label,
        enabled,
        settings: Object.fromEntries(settingNames(kind).map((n) => [n, settings[n] ?? ''])),
        ...(CHANNEL_SECRETS[kind].length > 0 ? { secrets: given } : {}),
      } as CallInput<typeof opsAddPaymentChannel>['body'];
      return channel
        ? (await opsCall(opsUpdatePaymentChannel, { params: { code: merchant.code, id: channel.id }, body }))
            .value
        : (await opsCall(opsAddPaymentChannel, { params: { code: merchant.code }, body })).value;
    },
    onSuccess: ({ channel: saved }) => {
      void queryClient.invalidateQueries({ queryKey: ['ops', 'payment-channels', merchant.code] });
      onClose(channel ? t`Channel ${saved.label} saved.` : t`Channel ${saved.label} added.`);
    },
  });
  const err = (name: string) => serverField(save.error, name);

  return (
    <FormPanel
      title={channel ? <Trans>Edit channel {channel.label}</Trans> : <Trans>New payment channel</Trans>}
      onSubmit={() => save.mutate()}
    >
      <SelectField
        label={<Trans>Driver</Trans>}
        value={kind}
        disabled={channel !== null}
        onChange={(e) => setKind(e.target.value as PaymentChannel)}
        message={err('kind')}
      >
        {(channel ? [channel.kind] : kinds).map((k) => (
          <option key={k} value={k}>
            {t(KIND[k])}
          </option>
        ))}
      </SelectField>
      <InputField
        label={<Trans>Label members see</Trans>}
        value={label}
        maxLength={40}
        onChange={(e) => setLabel(e.target.value)}
        message={err('label')}
      />
      {settingNames(kind).map((name) => (
        <InputField
          key={`${kind}-${name}`}
          label={FIELD[name] ? t(FIELD[name]) : name}
          value={settings[name] ?? ''}
          onChange={(e) => setSettings((s) => ({ ...s, [name]: e.target.value }))}
          message={err(`settings.${name}`)}
        />
      ))}
      {CHANNEL_SECRETS[kind].map((name) => (
        <InputField
          key={`${kind}-${name}`}
          type="password"
          autoComplete="new-password"
          label={t(FIELD[name]!)}
          value={secrets[name] ?? ''}
          placeholder={channel?.secretsSet.includes(name) ? t`set` : ''}
          hint={channel?.secretsSet.includes(name) ? <Trans>Set: leave empty to keep it.</Trans> : undefined}
          onChange={(e) => setSecrets((s) => ({ ...s, [name]: e.target.value }))}
          message={err(`secrets.${name}`) ?? err('secrets')}
        />
      ))}
      <label className="flex items-center gap-2 self-end text-sm">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        <Trans>Enabled: offered to members</Trans>
      </label>
      <FormEnd
        error={save.error}
        pending={save.isPending}
        submit={channel ? <Trans>Save</Trans> : <Trans>Add channel</Trans>}
        onCancel={() => onClose()}
      />
    </FormPanel>
  );
}
