import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type MerchantGrant,
  type Operator,
  type OpsRole,
  opsCreateOperator,
  opsOperators,
  opsResetTotp,
  opsRole,
  opsUpdateOperator,
} from '../../../contract/backoffice.ts';
import { CallError, serverField } from '../../ui/records/form.tsx';
import { opsCall } from '../api.ts';
import { CrudPage, useDoneLine } from '../CrudPage.tsx';
import { useOpsFormat } from '../format.ts';
import { ROLE_LABEL } from '../labels.ts';
import { useMay, useOps } from '../session.ts';
import { ConfirmDialog, cell, FormEnd, FormPanel, InputField, opsButton, SelectField } from '../ui.tsx';

const KEY = ['ops', 'operators'];

/** The merchants granted, as a list reads them. */
function useGrantText() {
  const { t } = useLingui();
  return (grant: MerchantGrant) => (grant === '*' ? t`All merchants` : grant.join(', ') || t`None`);
}

/**
 * The back office's accounts (ADMIN of every merchant): add one with a role and the merchants it works on, change
 * them, disable or enable it, reset its two-factor login.
 */
export function Operators() {
  const { t, i18n } = useLingui();
  const may = useMay();
  const { operator: me } = useOps();
  const { when } = useOpsFormat();
  const queryClient = useQueryClient();
  const [toggling, setToggling] = useState<Operator | null>(null);
  const [granting, setGranting] = useState<Operator | null>(null);
  const [resetting, setResetting] = useState<Operator | null>(null);
  const done = useDoneLine();
  const grantText = useGrantText();
  const update = useMutation({
    mutationFn: async ({
      id,
      ...body
    }: {
      id: number;
      role?: OpsRole;
      disabled?: boolean;
      merchants?: MerchantGrant;
    }) => (await opsCall(opsUpdateOperator, { params: { id }, body })).value.operator,
    onSuccess: (o) => {
      setToggling(null);
      setGranting(null);
      const role = i18n._(ROLE_LABEL[o.role]);
      const merchants = grantText(o.merchants);
      done.say(
        o.disabled ? t`${o.username} is disabled.` : t`${o.username}: ${role}, ${merchants}, enabled.`,
      );
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
  const reset = useMutation({
    mutationFn: async (id: number) => (await opsCall(opsResetTotp, { params: { id } })).value.operator,
    onSuccess: (o) => {
      setResetting(null);
      done.say(t`${o.username}'s two-factor login is reset: they set it up again.`);
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
  const change = may(opsUpdateOperator);
  /** Opens a row action's dialog with nothing said yet. */
  const open = (o: Operator, dialog: (o: Operator) => void, mutation: { reset: () => void }) => {
    mutation.reset();
    done.say(null);
    dialog(o);
  };

  return (
    <CrudPage<Operator, never>
      listKey="operators"
      // Operators are not a merchant's: the list is the same whichever merchant is picked.
      load={async () => (await opsCall(opsOperators)).value}
      add={
        may(opsCreateOperator)
          ? {
              label: <Trans>Add operator</Trans>,
              form: ({ close, done: added }) => (
                <OperatorForm onClose={close} onDone={(o) => added(t`Operator ${o.username} added.`)} />
              ),
            }
          : null
      }
      done={done}
      notes={update.isError && !toggling && <CallError error={update.error} />}
      table={{
        caption: t`Operators`,
        empty: <Trans>No operators yet.</Trans>,
        minWidth: '40rem',
        columns: [
          { head: <Trans>Operator</Trans> },
          { head: <Trans>Role</Trans> },
          { head: <Trans>Merchants</Trans> },
          { head: <Trans>Two-factor</Trans> },
          { head: <Trans>Last login</Trans> },
          { head: <Trans>Status</Trans> },
        ],
        cells: (o) => (
          <>
            <td className={cell}>{o.username}</td>
            <td className={cell}>
              {change && o.id !== me.id ? (
                <select
                  aria-label={t`Role of ${o.username}`}
                  className="h-8 rounded-md border border-line bg-surface px-1 text-sm"
                  value={o.role}
                  disabled={update.isPending}
                  onChange={(e) => {
                    done.say(null);
                    update.mutate({ id: o.id, role: e.target.value as OpsRole });
                  }}
                >
                  {opsRole.options.map((r) => (
                    <option key={r} value={r}>
                      {i18n._(ROLE_LABEL[r])}
                    </option>
                  ))}
                </select>
              ) : (
                i18n._(ROLE_LABEL[o.role])
              )}
            </td>
            <td className={cell}>{grantText(o.merchants)}</td>
            <td className={cell}>{o.totp ? <Trans>On</Trans> : <Trans>Off</Trans>}</td>
            <td className={cell}>{when(o.lastLoginAt)}</td>
            <td className={cell}>{o.disabled ? <Trans>Disabled</Trans> : <Trans>Active</Trans>}</td>
          </>
        ),
      }}
      actions={(o) => (
        <>
          {change && o.id !== me.id && (
            <button
              type="button"
              className={opsButton}
              aria-label={t`Merchants of ${o.username}`}
              onClick={() => open(o, setGranting, update)}
            >
              <Trans>Merchants</Trans>
            </button>
          )}
          {may(opsResetTotp) && o.totp && (
            <button
              type="button"
              className={opsButton}
              aria-label={t`Reset two-factor of ${o.username}`}
              onClick={() => open(o, setResetting, reset)}
            >
              <Trans>Reset two-factor</Trans>
            </button>
          )}
          {change && o.id !== me.id && (
            <button
              type="button"
              className={opsButton}
              aria-label={o.disabled ? t`Enable ${o.username}` : t`Disable ${o.username}`}
              onClick={() => open(o, setToggling, update)}
            >
              {o.disabled ? <Trans>Enable</Trans> : <Trans>Disable</Trans>}
            </button>
          )}
        </>
      )}
    >
      {granting && (
        <GrantDialog
          operator={granting}
          pending={update.isPending}
          error={update.error}
          onClose={() => setGranting(null)}
          onSave={(merchants) => update.mutate({ id: granting.id, merchants })}
        />
      )}
      {resetting && (
        <ConfirmDialog
          open
          danger
          title={t`Reset two-factor of ${resetting.username}`}
          confirmLabel={<Trans>Reset</Trans>}
          pending={reset.isPending}
          error={reset.error}
          onClose={() => setResetting(null)}
          onConfirm={() => reset.mutate(resetting.id)}
        >
          <p>
            <Trans>
              Their sessions end, and they sign in with the password alone until they set two-factor login up
              again.
            </Trans>
          </p>
        </ConfirmDialog>
      )}
      {toggling && (
        <ConfirmDialog
          open
          danger={!toggling.disabled}
          title={toggling.disabled ? t`Enable ${toggling.username}` : t`Disable ${toggling.username}`}
          confirmLabel={toggling.disabled ? <Trans>Enable</Trans> : <Trans>Disable</Trans>}
          pending={update.isPending}
          error={update.error}
          onClose={() => setToggling(null)}
          onConfirm={() => update.mutate({ id: toggling.id, disabled: !toggling.disabled })}
        >
          <p>
            {toggling.disabled ? (
              <Trans>The operator may sign in again.</Trans>
            ) : (
              <Trans>The operator's sessions end at once and signing in is refused.</Trans>
            )}
          </p>
        </ConfirmDialog>
      )}
    </CrudPage>
  );
}

function OperatorForm({ onClose, onDone }: { onClose: () => void; onDone: (o: Operator) => void }) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<OpsRole>('SUPPORT');
  const [merchants, setMerchants] = useState<MerchantGrant>([]);
  const create = useMutation({
    mutationFn: async () =>
      (await opsCall(opsCreateOperator, { body: { username, password, role, merchants } })).value.operator,
    onSuccess: (o) => {
      void queryClient.invalidateQueries({ queryKey: KEY });
      onDone(o);
    },
  });
  return (
    <FormPanel title=<Trans>New operator</Trans> columns={3} onSubmit={() => create.mutate()}>
      <InputField
        label={<Trans>Operator name</Trans>}
        autoComplete="off"
        value={username}
        message={serverField(create.error, 'username')}
        onChange={(e) => setUsername(e.target.value)}
      />
      <InputField
        label={<Trans>Password</Trans>}
        type="password"
        autoComplete="new-password"
        hint={<Trans>At least 10 characters</Trans>}
        value={password}
        message={serverField(create.error, 'password')}
        onChange={(e) => setPassword(e.target.value)}
      />
      <SelectField
        label={<Trans>Role</Trans>}
        value={role}
        onChange={(e) => setRole(e.target.value as OpsRole)}
      >
        {opsRole.options.map((r) => (
          <option key={r} value={r}>
            {i18n._(ROLE_LABEL[r])}
          </option>
        ))}
      </SelectField>
      <div className="sm:col-span-3">
        <GrantField
          value={merchants}
          onChange={setMerchants}
          message={serverField(create.error, 'merchants')}
        />
      </div>
      <FormEnd
        error={create.error}
        pending={create.isPending}
        submit={<Trans>Add</Trans>}
        onCancel={onClose}
      />
    </FormPanel>
  );
}

/** Which merchants an operator works on: every one, or those ticked. */
function GrantField({
  value,
  onChange,
  message,
}: {
  value: MerchantGrant;
  onChange: (grant: MerchantGrant) => void;
  message?: string;
}) {
  const { merchants } = useOps();
  const all = value === '*';
  const ticked = all ? [] : value;
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-xs font-medium text-muted">
        <Trans>Merchants</Trans>
      </legend>
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={all} onChange={(e) => onChange(e.target.checked ? '*' : [])} />
        <Trans>All merchants (and managing operators)</Trans>
      </label>
      <div className="flex flex-wrap gap-3">
        {merchants.map((m) => (
          <label key={m.code} className="flex items-center gap-2">
            <input
              type="checkbox"
              disabled={all}
              checked={all || ticked.includes(m.code)}
              onChange={(e) =>
                onChange(e.target.checked ? [...ticked, m.code] : ticked.filter((c) => c !== m.code))
              }
            />
            {m.name} ({m.code})
          </label>
        ))}
      </div>
      {message && <p className="text-xs text-danger">{message}</p>}
    </fieldset>
  );
}

function GrantDialog({
  operator,
  pending,
  error,
  onClose,
  onSave,
}: {
  operator: Operator;
  pending: boolean;
  error: unknown;
  onClose: () => void;
  onSave: (grant: MerchantGrant) => void;
}) {
  const { t } = useLingui();
  const [grant, setGrant] = useState<MerchantGrant>(operator.merchants);
  return (
    <ConfirmDialog
      open
      title={t`Merchants of ${operator.username}`}
      confirmLabel={<Trans>Save</Trans>}
      pending={pending}
      error={error}
      onClose={onClose}
      onConfirm={() => onSave(grant)}
    >
      <GrantField value={grant} onChange={setGrant} message={serverField(error, 'merchants')} />
      <p className="text-xs text-muted">
        <Trans>Their sessions end: they sign in again to work on the new merchants.</Trans>
      </p>
    </ConfirmDialog>
  );
}
