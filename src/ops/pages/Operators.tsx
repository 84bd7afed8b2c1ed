import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type Operator,
  type OpsRole,
  opsCreateOperator,
  opsOperators,
  opsRole,
  opsUpdateOperator,
} from '../../../contract/backoffice.ts';
import { CallError, Done, RecordTable, serverField } from '../../ui/records/form.tsx';
import { opsCall } from '../api.ts';
import { useOpsFormat } from '../format.ts';
import { ROLE_LABEL } from '../labels.ts';
import { useMay, useOps } from '../session.ts';
import {
  Adder,
  ConfirmDialog,
  cell,
  FormEnd,
  FormPanel,
  InputField,
  opsButton,
  row,
  SelectField,
} from '../ui.tsx';

const KEY = ['ops', 'operators'];

/** The back office's accounts (ADMIN): add one with a role, change a role, disable or enable. */
export function Operators() {
  const { t, i18n } = useLingui();
  const may = useMay();
  const { operator: me } = useOps();
  const { when } = useOpsFormat();
  const queryClient = useQueryClient();
  const [toggling, setToggling] = useState<Operator | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const list = useQuery({
    queryKey: KEY,
    queryFn: async () => (await opsCall(opsOperators)).value,
  });
  const update = useMutation({
    mutationFn: async ({ id, ...body }: { id: number; role?: OpsRole; disabled?: boolean }) =>
      (await opsCall(opsUpdateOperator, { params: { id }, body })).value.operator,
    onSuccess: (o) => {
      setToggling(null);
      const role = i18n._(ROLE_LABEL[o.role]);
      setDone(o.disabled ? t`${o.username} is disabled.` : t`${o.username}: ${role}, enabled.`);
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
  const change = may(opsUpdateOperator);

  return (
    <>
      {may(opsCreateOperator) && (
        <Adder label=<Trans>Add operator</Trans> onOpen={() => setDone(null)}>
          {(close) => (
            <OperatorForm
              onClose={close}
              onDone={(o) => {
                close();
                setDone(t`Operator ${o.username} added.`);
              }}
            />
          )}
        </Adder>
      )}
      {done && <Done>{done}</Done>}
      {update.isError && !toggling && <CallError error={update.error} />}
      <RecordTable
        query={list}
        caption={t`Operators`}
        empty={<Trans>No operators yet.</Trans>}
        minWidth="40rem"
        columns={[
          { head: <Trans>Operator</Trans> },
          { head: <Trans>Role</Trans> },
          { head: <Trans>Last login</Trans> },
          { head: <Trans>Status</Trans> },
          { head: <Trans>Actions</Trans> },
        ]}
        row={(o) => (
          <tr key={o.id} className={row}>
            <td className={cell}>{o.username}</td>
            <td className={cell}>
              {change && o.id !== me.id ? (
                <select
                  aria-label={t`Role of ${o.username}`}
                  className="h-8 rounded-md border border-line bg-surface px-1 text-sm"
                  value={o.role}
                  disabled={update.isPending}
                  onChange={(e) => {
                    setDone(null);
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
            <td className={cell}>{when(o.lastLoginAt)}</td>
            <td className={cell}>{o.disabled ? <Trans>Disabled</Trans> : <Trans>Active</Trans>}</td>
            <td className={cell}>
              {change && o.id !== me.id && (
                <button
                  type="button"
                  className={opsButton}
                  aria-label={o.disabled ? t`Enable ${o.username}` : t`Disable ${o.username}`}
                  onClick={() => {
                    update.reset();
                    setDone(null);
                    setToggling(o);
                  }}
                >
                  {o.disabled ? <Trans>Enable</Trans> : <Trans>Disable</Trans>}
                </button>
              )}
            </td>
          </tr>
        )}
      />
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
    </>
  );
}

function OperatorForm({ onClose, onDone }: { onClose: () => void; onDone: (o: Operator) => void }) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<OpsRole>('SUPPORT');
  const create = useMutation({
    mutationFn: async () =>
      (await opsCall(opsCreateOperator, { body: { username, password, role } })).value.operator,
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
      <FormEnd
        error={create.error}
        pending={create.isPending}
        submit={<Trans>Add</Trans>}
        onCancel={onClose}
      />
    </FormPanel>
  );
}
