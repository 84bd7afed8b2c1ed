import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { type Operator, opsLogin } from '../../../contract/backoffice.ts';
import { CallError, serverField } from '../../ui/records/form.tsx';
import { opsCall } from '../api.ts';
import { InputField, opsPrimary } from '../ui.tsx';

/**
 * The back office's own sign-in (operators, not members). A wrong name or password shows under the field the server
 * names, and what was typed stays.
 */
export function Login({
  expired,
  onSignedIn,
}: {
  /** The last session ended on the server: say why the operator is back here. */
  expired: boolean;
  onSignedIn: (session: { token: string; operator: Operator }) => void;
}) {
  const { t } = useLingui();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<{ username?: boolean; password?: boolean }>({});
  const login = useMutation({
    mutationFn: async () => (await opsCall(opsLogin, { body: { username, password } })).value,
    onSuccess: onSignedIn,
  });
  const message = (field: 'username' | 'password') =>
    missing[field] ? t`Input must not be empty` : serverField(login.error, field);

  return (
    <main className="grid min-h-screen place-items-center bg-surface p-3 text-ink">
      <form
        noValidate
        aria-labelledby="ops-login-title"
        className="flex w-full max-w-sm flex-col gap-3 rounded-lg border border-line bg-raised p-4"
        onSubmit={(e) => {
          e.preventDefault();
          const empty = { username: username.trim() === '', password: password === '' };
          setMissing(empty);
          if (!empty.username && !empty.password) login.mutate();
        }}
      >
        <h1 id="ops-login-title" className="text-lg font-bold">
          <Trans>Back office sign-in</Trans>
        </h1>
        {expired && (
          <p role="status" className="rounded-md bg-warning/10 px-3 py-2 text-sm">
            <Trans>Your session has ended. Please sign in again.</Trans>
          </p>
        )}
        <InputField
          label={<Trans>Operator name</Trans>}
          autoComplete="username"
          value={username}
          message={message('username')}
          onChange={(e) => {
            setUsername(e.target.value);
            setMissing((m) => ({ ...m, username: false }));
          }}
        />
        <InputField
          label={<Trans>Password</Trans>}
          type="password"
          autoComplete="current-password"
          value={password}
          message={message('password')}
          onChange={(e) => {
            setPassword(e.target.value);
            setMissing((m) => ({ ...m, password: false }));
          }}
        />
        <CallError error={login.error} />
        <button type="submit" className={`${opsPrimary} h-9`} disabled={login.isPending}>
          <Trans>Sign in</Trans>
        </button>
      </form>
    </main>
  );
}
