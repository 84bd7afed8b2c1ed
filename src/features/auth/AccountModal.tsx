import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { type ReactNode, Suspense, useCallback } from 'react';
import type { LoginOutcome } from '../../../machines/login.machine.ts';
import type { RegisterMode } from '../../../machines/registration.machine.ts';
import {
  connectSession,
  type Landing,
  landingAfterLogin,
  landingAfterRegistration,
} from '../../../machines/session.connect.ts';
import { whitelabelQuery } from '../../api/queries.ts';
import { storedToken } from '../../api/session.ts';
import { useAuthModals } from '../../session/authModals.tsx';
import { SessionContext } from '../../session/sessionContext.ts';
import { lazyChunk } from '../../ui/chunkLoad.ts';
import { Modal } from '../../ui/Modal.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import type { ResetLink } from './ForgotPasswordForm.tsx';
import { registerSettingsQuery } from './queries.ts';

// The forms and their machines load when a form opens, not with the first page (every page holds this host).
// A form's code that fails or times out is a load error with a retry (src/features/shell/ChunkErrorBoundary.tsx).
const LoginForm = lazyChunk('LoginForm', () =>
  import('./LoginForm.tsx').then((m) => ({ default: m.LoginForm })),
);
const RegisterForm = lazyChunk('RegisterForm', () =>
  import('./RegisterForm.tsx').then((m) => ({ default: m.RegisterForm })),
);
const ForgotPasswordForm = lazyChunk('ForgotPasswordForm', () =>
  import('./ForgotPasswordForm.tsx').then((m) => ({ default: m.ForgotPasswordForm })),
);
const ChangePasswordForm = lazyChunk('ChangePasswordForm', () =>
  import('./ChangePasswordForm.tsx').then((m) => ({ default: m.ChangePasswordForm })),
);

/**
 * Where a login or registration lands: the rules are the session's (machines/session.connect.ts); this carries
 * them out. The session hears of the login before the popup closes: whoever waits on the popup (a game to open) sees
 * a login under way, not a dismissed popup.
 */
export function useAccountFlows() {
  const session = SessionContext.useActorRef();
  const { open, close } = useAuthModals();
  const navigate = useNavigate();
  const router = useRouter();
  const land = useCallback(
    (landing: Landing) => {
      const { loggedIn } = connectSession(session.getSnapshot(), session.send);
      if (landing.token) loggedIn(landing.token);
      close();
      if (landing.to) void navigate({ to: landing.to });
      if (landing.registered) open({ name: 'registerSuccess', ...landing.registered });
    },
    [session, close, navigate, open],
  );
  // The path is read when the form ends, not when it opened: a form made once keeps these callbacks.
  const onLogin = useCallback(
    (outcome: LoginOutcome, agent = false) =>
      land(landingAfterLogin(outcome, { agent, path: router.state.location.pathname, token: storedToken() })),
    [land, router],
  );
  const onRegistered = useCallback(
    (result: { account: string; mode: RegisterMode }) =>
      land(landingAfterRegistration(result, storedToken())),
    [land],
  );
  return { onLogin, onRegistered, open, close };
}

/** The account forms with the merchant's settings (skeleton while they load); `agent`: the agent login. */
export function AccountForm(props: {
  form: 'login' | 'register' | 'forgot' | 'changePassword';
  agent?: boolean;
  /** What a finished form does instead of closing the account modal. */
  onDone?: () => void;
  /** Forgot password opened from the e-mailed link. */
  link?: ResetLink;
}) {
  return (
    <Suspense fallback={<Skeleton className="h-64 w-full" />}>
      <AccountFormOf {...props} />
    </Suspense>
  );
}

function AccountFormOf({
  form,
  agent = false,
  onDone,
  link,
}: {
  form: 'login' | 'register' | 'forgot' | 'changePassword';
  agent?: boolean;
  onDone?: () => void;
  link?: ResetLink;
}) {
  const settings = useQuery(registerSettingsQuery());
  const info = useQuery(whitelabelQuery());
  const flows = useAccountFlows();
  const session = SessionContext.useActorRef();
  const { endedByBreak: ended } = connectSession(
    SessionContext.useSelector((s) => s),
    session.send,
  );
  if (!settings.data || !info.data) return <Skeleton className="h-64 w-full" />;
  const { fields, countries, ageLimit, smsVerification } = settings.data;
  const f = info.data.features;
  const passwordRule = fields.find((r) => r.field === 'password')!;
  switch (form) {
    case 'login':
      return (
        <LoginForm
          passwordRule={passwordRule}
          smsLogin={f.MOBILEVERCODELOGIN3}
          countries={countries}
          agent={agent}
          ended={ended}
          onDone={(outcome) => flows.onLogin(outcome, agent)}
          onForgot={() => flows.open({ name: 'forgot' })}
          onRegister={() => flows.open({ name: 'register' })}
        />
      );
    case 'register':
      return (
        <RegisterForm
          rules={fields}
          countries={countries}
          ageLimit={ageLimit}
          smsVerification={smsVerification}
          usernameMode={f.USERNAMEREG3}
          mobileMode={f.MOBILENUMREG3}
          affiliateFromUrl={new URLSearchParams(window.location.search).get('affiliateCode') ?? undefined}
          firebase={info.data.firebase}
          onDone={flows.onRegistered}
        />
      );
    case 'forgot':
      return (
        <ForgotPasswordForm
          rules={fields}
          countries={countries}
          byEmail={f.CHNGPASSMAIL3}
          byPhone={f.CHNGPASSVERIF3}
          link={link}
          onDone={onDone ?? (() => flows.open({ name: 'login' }))}
        />
      );
    default:
      return <ChangePasswordForm rule={passwordRule} onDone={onDone ?? flows.close} confirm />;
  }
}

/** The open account modal (spec §2 Modals); AuthModalsHost loads it when one opens. */
export function AccountModal() {
  const { t } = useLingui();
  const { modal, close } = useAuthModals();
  if (!modal) return null;
  const agentLogin = modal.name === 'login' && modal.agent === true;
  const titles = {
    login: agentLogin ? t`Agent login` : t`Login`,
    register: t`Register`,
    forgot: t`Forgot password`,
    changePassword: t`Change password`,
    registerSuccess: t`Registration successful`,
    realAccount: t`Notice`,
  };
  const form = agentLogin ? 'agent' : modal.name;
  return (
    // Keyed: each account modal is a dialog and a flow of its own (the login machine takes `agent` at start), so
    // moving from one to another (login → forgot password) takes the focus in again and, on close, gives it back to
    // what opened the first.
    <Modal key={form} open title={titles[modal.name]} closeLabel={t`Close`} onClose={close}>
      {modal.name === 'registerSuccess' ? (
        <Notice onClose={close}>
          {modal.mode === 'mobile' ? (
            <Trans>
              Welcome! Your account number is <strong>{modal.account}</strong>. Keep it to log in.
            </Trans>
          ) : (
            <Trans>Welcome, {modal.account}! Your account is ready.</Trans>
          )}
        </Notice>
      ) : modal.name === 'realAccount' ? (
        <Notice onClose={close}>
          <Trans>Please Register An Account First</Trans>
        </Notice>
      ) : (
        <AccountForm
          form={modal.name}
          agent={agentLogin}
          link={
            modal.name === 'forgot' && modal.resetCode ? { ...modal, resetCode: modal.resetCode } : undefined
          }
        />
      )}
    </Modal>
  );
}

/** A message the member acknowledges with OK, which closes the modal. */
function Notice({ children, onClose }: { children: ReactNode; onClose: () => void }) {
  return (
    <div className="flex flex-col gap-4">
      <p>{children}</p>
      <button type="button" className="h-11 rounded-full bg-brand font-semibold text-white" onClick={onClose}>
        <Trans>OK</Trans>
      </button>
    </div>
  );
}
