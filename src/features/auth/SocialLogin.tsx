import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { login } from '../../../contract/auth.ts';
import { call } from '../../api/client.ts';
import { whitelabelQuery } from '../../api/queries.ts';
import { storeToken } from '../../api/session.ts';
import type { SocialProvider } from './firebaseClient.ts';
import { firebaseMessage } from './firebaseErrors.ts';

const PROVIDERS: { id: SocialProvider; label: string }[] = [
  { id: 'google', label: 'Google' },
  { id: 'facebook', label: 'Facebook' },
  { id: 'telegram', label: 'Telegram' },
];

/** Social login buttons: shown only when the merchant has Firebase options; Firebase loads on the first click. */
export function SocialLogin({ onLoggedIn }: { onLoggedIn: (token: string) => void }) {
  const { t, i18n } = useLingui();
  const info = useQuery(whitelabelQuery());
  const options = info.data?.firebase;
  const signIn = useMutation({
    mutationFn: async (provider: SocialProvider) => {
      const { signInWithProvider } = await import('./firebaseClient.ts');
      const idToken = await signInWithProvider(options!, provider);
      return (await call(login, { body: { type: 'firebase', idToken } })).value.token;
    },
    onSuccess: (token) => {
      storeToken(token);
      onLoggedIn(token);
    },
  });
  if (!options) return null;
  const error = signIn.error as { code?: string; message?: string } | null;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-center text-xs text-muted">
        <Trans>or continue with</Trans>
      </p>
      <div className="flex gap-2">
        {PROVIDERS.map((p) => (
          <button
            key={p.id}
            type="button"
            disabled={signIn.isPending}
            onClick={() => signIn.mutate(p.id)}
            aria-label={t`Log in with ${p.label}`}
            className="h-10 flex-1 rounded-lg border border-line text-sm font-semibold disabled:opacity-60"
          >
            {p.label}
          </button>
        ))}
      </div>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error.code?.startsWith('auth/') || !error.message
            ? firebaseMessage(i18n, error.code)
            : error.message}
        </p>
      )}
    </div>
  );
}
