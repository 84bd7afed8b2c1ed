import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { setPaymentPassword } from '../../../contract/payments.ts';
import { selectMember } from '../../../machines/session.connect.ts';
import { call } from '../../api/client.ts';
import { SessionContext } from '../../session/sessionContext.ts';
import {
  CallError,
  Done,
  LoadError,
  primaryButton,
  Section,
  secondaryButton,
  serverField,
  TextField,
} from '../../ui/records/form.tsx';
import { useMoney } from '../../ui/records/useMoney.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { paymentSettingsQuery } from './queries.ts';
import { ResponsibleGaming } from './responsible/ResponsibleGaming.tsx';

/** securityCenter (My Account): the member's profile (spec §3 Member info), login and payment passwords. */
export function SecurityCenter({ changePassword }: { changePassword: (onDone: () => void) => ReactNode }) {
  const [changing, setChanging] = useState(false);
  const [changed, setChanged] = useState(false);
  const { sign } = useMoney();
  const session = SessionContext.useActorRef();
  return (
    <div className="flex flex-col gap-4">
      <Profile />
      <ResponsibleGaming sign={sign} onBreak={() => session.send({ type: 'session.expired' })} />
      <Section title={<Trans>Login password</Trans>}>
        {changed && (
          <Done focus>
            <Trans>Your login password has been changed.</Trans>
          </Done>
        )}
        {changing ? (
          <div className="max-w-md">
            {changePassword(() => {
              setChanging(false);
              setChanged(true);
            })}
          </div>
        ) : (
          <button
            type="button"
            className={`${secondaryButton} self-start`}
            onClick={() => {
              setChanged(false);
              setChanging(true);
            }}
          >
            <Trans>Change login password</Trans>
          </button>
        )}
      </Section>
      <PaymentPassword />
    </div>
  );
}

function Profile() {
  const member = SessionContext.useSelector(selectMember);
  if (!member) return null;
  const rows: [ReactNode, ReactNode][] = [
    [<Trans key="a">Account</Trans>, member.account],
    [<Trans key="n">Nickname</Trans>, member.nickname],
    [<Trans key="i">Member ID</Trans>, member.id],
    [
      <Trans key="t">Account type</Trans>,
      member.type === 'agent' ? <Trans key="ag">Agent</Trans> : <Trans key="me">Member</Trans>,
    ],
    [
      <Trans key="c">Club level</Trans>,
      <span
        key="club"
        className="inline-block rounded-full px-2 py-0.5 text-xs font-semibold text-white"
        style={{
          background: `linear-gradient(90deg, ${member.clubLabel.color}, ${member.clubLabel.color2})`,
        }}
      >
        {member.clubLabel.labelName}
      </span>,
    ],
    [
      <Trans key="u">Transfer to upline</Trans>,
      member.toUpline ? <Trans key="y">Allowed</Trans> : <Trans key="no">Not available</Trans>,
    ],
  ];
  if (member.memberLabel.length > 0)
    rows.push([<Trans key="l">Labels</Trans>, member.memberLabel.join(', ')]);
  return (
    <Section title={<Trans>Profile</Trans>}>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
        {rows.map(([label, value], i) => (
          <div key={i} className="flex justify-between gap-3 border-b border-line py-1 text-sm">
            <dt className="text-muted">{label}</dt>
            <dd className="min-w-0 break-words text-right font-medium">{value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

const SIX_DIGITS = /^\d{6}$/;

/** Set (first time) or change the payment password; the login password is asked each time. */
function PaymentPassword() {
  const { t } = useLingui();
  const settings = useQuery(paymentSettingsQuery());
  const queryClient = useQueryClient();
  const [values, setValues] = useState({
    loginPassword: '',
    oldPaymentPassword: '',
    paymentPassword: '',
    confirm: '',
  });
  const [checked, setChecked] = useState(false);
  const [done, setDone] = useState(false);
  const has = settings.data?.hasPaymentPassword ?? false;
  const save = useMutation({
    mutationFn: () =>
      call(setPaymentPassword, {
        body: {
          loginPassword: values.loginPassword,
          ...(has ? { oldPaymentPassword: values.oldPaymentPassword } : {}),
          paymentPassword: values.paymentPassword,
        },
      }),
    onSuccess: () => {
      setDone(true);
      setChecked(false);
      setValues({ loginPassword: '', oldPaymentPassword: '', paymentPassword: '', confirm: '' });
      void queryClient.invalidateQueries({ queryKey: paymentSettingsQuery().queryKey });
    },
  });
  if (settings.isError) return <LoadError error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <Skeleton className="h-48 w-full" />;
  const problems: Partial<Record<keyof typeof values, string>> = {};
  if (!values.loginPassword) problems.loginPassword = t`Please enter your login password`;
  if (has && !values.oldPaymentPassword)
    problems.oldPaymentPassword = t`Please enter your current payment password`;
  if (!SIX_DIGITS.test(values.paymentPassword))
    problems.paymentPassword = t`The payment password is 6 digits`;
  if (!values.confirm) problems.confirm = t`Please confirm the payment password`;
  else if (values.confirm !== values.paymentPassword) problems.confirm = t`Incorrect confirmation input`;
  const shown = (name: keyof typeof values) =>
    (checked ? problems[name] : undefined) ?? serverField(save.error, name);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    setDone(false);
    if (Object.keys(problems).length === 0) save.mutate();
  };
  const field = (name: keyof typeof values, label: ReactNode, autoComplete: string, digits = false) => (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      inputMode={digits ? 'numeric' : undefined}
      maxLength={digits ? 6 : 64}
      value={values[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      message={shown(name)}
    />
  );
  return (
    <Section title={has ? <Trans>Change payment password</Trans> : <Trans>Set payment password</Trans>}>
      <p className="text-sm text-muted">
        <Trans>
          The payment password (6 digits) confirms withdrawals and transfers. It is separate from your login
          password.
        </Trans>
      </p>
      <form
        noValidate
        onSubmit={submit}
        className="flex max-w-md flex-col gap-3"
        aria-label={has ? t`Change payment password` : t`Set payment password`}
      >
        {field('loginPassword', <Trans>Login password</Trans>, 'current-password')}
        {has && field('oldPaymentPassword', <Trans>Current payment password</Trans>, 'off', true)}
        {field('paymentPassword', <Trans>New payment password</Trans>, 'off', true)}
        {field('confirm', <Trans>Confirm payment password</Trans>, 'off', true)}
        <CallError error={save.error} />
        {done && (
          <Done focus>
            <Trans>Your payment password has been saved.</Trans>
          </Done>
        )}
        <button type="submit" disabled={save.isPending} className={primaryButton}>
          {has ? <Trans>Change payment password</Trans> : <Trans>Set payment password</Trans>}
        </button>
      </form>
    </Section>
  );
}
