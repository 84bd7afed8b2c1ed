import { Trans } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef } from 'react';
import { primaryButton } from './records/form.tsx';

/** What the member and agent centres show instead of their panel (spec §6: who may not see it, and why). */
export function CentreNotice({ children }: { children: ReactNode }) {
  return (
    <section
      aria-live="polite"
      className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-2xl border border-line bg-raised p-8 text-center"
    >
      {children}
    </section>
  );
}

/** A visitor: the login popup (`login` opens it) comes up once on arrival; closing it leaves this notice and its button. */
export function LoginNotice({ login }: { login: () => void }) {
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    login();
  }, [login]);
  return (
    <CentreNotice>
      <p>
        <Trans>Not logged in, please login.</Trans>
      </p>
      <button type="button" className={primaryButton} onClick={login}>
        <Trans>Login</Trans>
      </button>
    </CentreNotice>
  );
}

/** A trial account (agent type 4, spec §6): "Please Register An Account First", and OK goes home. */
export function TrialNotice() {
  const navigate = useNavigate();
  return (
    <CentreNotice>
      <p role="alert">
        <Trans>Please Register An Account First</Trans>
      </p>
      <button type="button" className={primaryButton} onClick={() => void navigate({ to: '/' })}>
        <Trans>OK</Trans>
      </button>
    </CentreNotice>
  );
}
