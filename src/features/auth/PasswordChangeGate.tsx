import { Trans, useLingui } from '@lingui/react/macro';
import { selectPasswordChangeDue } from '../../../machines/session.connect.ts';
import { SessionContext } from '../../session/sessionContext.ts';
import { Modal } from '../../ui/Modal.tsx';
import { AccountForm } from './AuthModalsHost.tsx';

/**
 * Spec §4 forced change, on every load: while the server says the default or an expired password is in use, this
 * dialog stays over every page (a reload or a link does not skip it); the only other way out is to log out.
 */
export function PasswordChangeGate() {
  const { t } = useLingui();
  const due = SessionContext.useSelector(selectPasswordChangeDue);
  const session = SessionContext.useActorRef();
  if (!due) return null;
  return (
    <Modal
      open
      title={t`Change password`}
      closeLabel={t`Log out`}
      dismissible={false}
      onClose={() => session.send({ type: 'logout.confirm' })}
    >
      <p className="mb-3 text-sm">
        {due === 'expired' ? (
          <Trans>Your password has expired. Please choose a new one to continue.</Trans>
        ) : (
          <Trans>Please change the default password to continue.</Trans>
        )}
      </p>
      <AccountForm form="changePassword" onDone={() => session.send({ type: 'password.changed' })} />
      <button
        type="button"
        className="mt-3 h-11 w-full rounded-full border border-line font-semibold"
        onClick={() => session.send({ type: 'logout.confirm' })}
      >
        <Trans>Log out</Trans>
      </button>
    </Modal>
  );
}
