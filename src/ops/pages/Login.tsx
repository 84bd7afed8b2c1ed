import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { type Operator, opsLogin } from '../../../contract/backoffice.ts';
import { ApiError } from '../../api/client.ts';
import { CallError, serverField } from '../../ui/records/form.tsx';
import { opsCall } from '../api.ts';
import { InputField, opsPrimary } from '../ui.tsx';

/**
 * The back office's own sign-in (operators, not members). A wrong name or password shows under the field the server
 * names, and what was typed stays. With two-factor login on, the server asks for the authenticator's code
 * (TOTP_REQUIRED) and the form asks for it too; a wrong code shows under it.
 */
export function Login({
  expired,
  onSignedIn,
}: {
  /** The last session ended on the server: say why the operator is back here. */
  expired: boolean;
  onSignedIn: (session: { token: string; operator: Operator; totpRequired: boolean }) => void;
}) {
  const { t } = useLingui();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [asksCode, setAsksCode] = useState(false);
  const [missing, setMissing] = useState<{ username?: boolean; password?: boolean; code?: boolean }>({});
  const login = useMutation({
    mutationFn: async () =>
      (await opsCall(opsLogin, { body: { username, password, ...(asksCode ? { code } : {}) } })).value,
    onSuccess: onSignedIn,
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'TOTP_REQUIRED') setAsksCode(true);
    },
  });
  // The first TOTP_REQUIRED only says a code is needed: the field asks for it, no error is shown.
  const codeAsked =
    login.error instanceof ApiError && login.error.code === 'TOTP_REQUIRED' && !login.error.fields.code;
  const message = (field: 'username' | 'password' | 'code') =>
    missing[field] ? t`Input must not be empty` : serverField(login.error, field);

  return (
    <main className="grid min-h-screen place-items-center bg-surface p-3 text-ink">
      <form
        noValidate
        aria-labelledby="ops-login-title"
        className="flex w-full max-w-sm flex-col gap-3 rounded-lg border border-line bg-raised p-4"
        onSubmit={(e) => {
          e.preventDefault();
          const empty = {
            username: username.trim() === '',
            password: password === '',
            code: asksCode && code.trim() === '',
          };
          setMissing(empty);
          if (!empty.username && !empty.password && !empty.code) login.mutate();
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
        {asksCode && (
          <InputField
            label={<Trans>Code from your authenticator app</Trans>}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
            value={code}
            message={message('code')}
            onChange={(e) => {
              setCode(e.target.value);
              setMissing((m) => ({ ...m, code: false }));
            }}
          />
        )}
        {!codeAsked && <CallError error={login.error} />}
        <button type="submit" className={`${opsPrimary} h-9`} disabled={login.isPending}>
          <Trans>Sign in</Trans>
        </button>
      </form>
    </main>
  );
}
