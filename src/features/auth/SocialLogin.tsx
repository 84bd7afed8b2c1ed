import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { FlowError } from '../../../machines/form.ts';
import { whitelabelQuery } from '../../api/queries.ts';
import type { SocialProvider } from './firebaseClient.ts';
import { firebaseMessage } from './firebaseErrors.ts';

const PROVIDERS: { id: SocialProvider; label: string }[] = [
  { id: 'google', label: 'Google' },
  { id: 'facebook', label: 'Facebook' },
  { id: 'telegram', label: 'Telegram' },
];

/**
 * Social login buttons: shown only when the merchant has Firebase options. The login machine signs in
 * (`social.signIn`, actor `socialLogIn`); this shows its buttons, whether it is busy and why it failed.
 */
export function SocialLogin({
  onSignIn,
  busy,
  error,
}: {
  onSignIn: (provider: SocialProvider) => void;
  busy: boolean;
  error: FlowError | null;
}) {
  const { t, i18n } = useLingui();
  const info = useQuery(whitelabelQuery());
  if (!info.data?.firebase) return null;
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
            disabled={busy}
            onClick={() => onSignIn(p.id)}
            aria-label={t`Log in with ${p.label}`}
            className="h-10 flex-1 rounded-lg border border-line text-sm font-semibold disabled:opacity-60"
          >
            {p.label}
          </button>
        ))}
      </div>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error.code.startsWith('auth/') || !error.message
            ? firebaseMessage(i18n, error.code)
            : error.message}
        </p>
      )}
    </div>
  );
}
