import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { registerDownline } from '../../../contract/agent.ts';
import { selectMember } from '../../../machines/session.connect.ts';
import { call } from '../../api/client.ts';
import { SessionContext } from '../../session/sessionContext.ts';
import { Invitation } from '../../ui/Invitation.tsx';
import { CallError, Done, primaryButton, Section, serverField, TextField } from '../../ui/records/form.tsx';

type AccountType = 'MEMBER' | 'AGENT';

/** The registration link a newcomer opens: the agent's code rides along to the register form and binds it below. */
export const invitationLink = (origin: string, code: string) =>
  `${origin}/register?affiliateCode=${encodeURIComponent(code)}`;

/** registerAccount: an account registered directly below the agent (a member or an agent), and the agent's link. */
export function RegisterAccount() {
  const { t } = useLingui();
  const member = SessionContext.useSelector(selectMember);
  const code = member?.affiliateCode;
  return (
    <div className="flex flex-col gap-4">
      <RegisterForm />
      {code && (
        <Section title={<Trans>Invite to your team</Trans>}>
          <Invitation
            code={code}
            codeTitle={<Trans>Your invitation code</Trans>}
            copyCodeLabel={t`Copy invitation code`}
            link={invitationLink(window.location.origin, code)}
          >
            <p className="text-sm text-muted">
              <Trans>Accounts registered with your link or code join your team directly below you.</Trans>
            </p>
          </Invitation>
        </Section>
      )}
    </div>
  );
}

function RegisterForm() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const typeId = useId();
  const [accountType, setAccountType] = useState<AccountType>('MEMBER');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [checked, setChecked] = useState(false);
  const register = useMutation({
    mutationFn: async () =>
      (await call(registerDownline, { body: { accountType, username, password, confirmPassword } })).value,
    onSuccess: () => {
      setChecked(false);
      setUsername('');
      setPassword('');
      setConfirmPassword('');
      void queryClient.invalidateQueries({ queryKey: ['agent', 'team'] });
    },
  });
  const empty = t`Input must not be empty`;
  const problems = {
    username: username.trim() === '' ? empty : undefined,
    password: password === '' ? empty : undefined,
    confirmPassword:
      confirmPassword === ''
        ? empty
        : confirmPassword !== password
          ? t`Incorrect confirmation input`
          : undefined,
  };
  const message = (field: keyof typeof problems) =>
    (checked ? problems[field] : undefined) ?? serverField(register.error, field);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (Object.values(problems).some(Boolean)) return;
    register.mutate();
  };
  const created = register.data;
  const types: { value: AccountType; label: string }[] = [
    { value: 'MEMBER', label: t`Member` },
    { value: 'AGENT', label: t`Agent` },
  ];
  return (
    <Section title={<Trans>New account</Trans>}>
      <form onSubmit={submit} noValidate aria-label={t`Register account`} className="flex flex-col gap-3">
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium">
            <Trans>Account type</Trans>
          </legend>
          <div className="flex gap-4">
            {types.map((o) => (
              <label key={o.value} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name={typeId}
                  value={o.value}
                  checked={accountType === o.value}
                  onChange={() => setAccountType(o.value)}
                  className="h-4 w-4 accent-[var(--brand-primary)]"
                />
                {o.label}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          label={<Trans>Username</Trans>}
          autoComplete="off"
          maxLength={64}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          message={message('username')}
        />
        <TextField
          label={<Trans>Password</Trans>}
          type="password"
          autoComplete="new-password"
          maxLength={64}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          message={message('password')}
        />
        <TextField
          label={<Trans>Confirm password</Trans>}
          type="password"
          autoComplete="new-password"
          maxLength={64}
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
          message={message('confirmPassword')}
        />
        <CallError error={register.error} />
        {created && <Created account={created.account} code={created.affiliateCode} />}
        <button type="submit" className={primaryButton} disabled={register.isPending}>
          {register.isPending ? <Trans>Registering…</Trans> : <Trans>Register</Trans>}
        </button>
      </form>
    </Section>
  );
}

/** The account just registered; an agent's comes with the invitation code its own team registers with. */
function Created({ account, code }: { account: string; code: string | null }) {
  return (
    <Done>
      {code ? (
        <Trans>
          Agent account {account} is registered. Its invitation code is {code}.
        </Trans>
      ) : (
        <Trans>Member account {account} is registered.</Trans>
      )}
    </Done>
  );
}
