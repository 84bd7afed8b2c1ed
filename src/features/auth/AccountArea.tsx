import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import {
  selectIsAgent,
  selectIsLoggedIn,
  selectIsStarting,
  selectIsTrial,
  selectLogoutDialog,
  selectMember,
  selectSessionFailed,
} from '../../../machines/session.connect.ts';
import { whitelabelQuery } from '../../api/queries.ts';
import { useAuthModals } from '../../session/authModals.tsx';
import { SessionContext } from '../../session/sessionContext.ts';
import { useTrial } from '../../session/useTrial.ts';
import { Modal } from '../../ui/Modal.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { BalanceChip } from './BalanceChip.tsx';
import { PasswordChangeGate } from './PasswordChangeGate.tsx';
import { memberIconQuery, playerAvatarQuery } from './queries.ts';
import { useSessionExpiry } from './useSessionExpiry.ts';

// A phone's header row is narrow: long labels (Tamil, Malay) wrap onto two lines and the padding is smaller there.
const buttonClass = 'rounded-full px-4 py-1.5 text-sm leading-tight font-semibold max-sm:px-2.5';

/**
 * Header account area: Login / Register / Trial for visitors, the user menu for members (spec §2 Header); `inbox`
 * (the messages badge, from another feature) shows next to the balance for members, not trial accounts.
 */
export function AccountArea({ inbox }: { inbox?: ReactNode } = {}) {
  useSessionExpiry();
  const loggedIn = SessionContext.useSelector(selectIsLoggedIn);
  const isTrial = SessionContext.useSelector(selectIsTrial);
  const starting = SessionContext.useSelector(selectIsStarting);
  const failed = SessionContext.useSelector(selectSessionFailed);
  const session = SessionContext.useActorRef();
  // A returning member's session is still loading: no login buttons to click meanwhile.
  if (starting) return <Skeleton className="h-8 w-40" />;
  if (failed)
    return (
      <>
        <button
          type="button"
          className="text-sm leading-tight underline max-sm:text-xs"
          onClick={() => session.send({ type: 'session.retry' })}
        >
          <Trans>Could not load your account. Retry</Trans>
        </button>
        <VisitorButtons />
      </>
    );
  return loggedIn ? (
    <>
      <BalanceChip />
      {/* A phone's header is one row (balance, Deposit, account, menu): the inbox is in the member centre there. */}
      {!isTrial && <span className="contents max-sm:hidden">{inbox}</span>}
      <DepositButton />
      <UserMenu />
      <PasswordChangeGate />
    </>
  ) : (
    <VisitorButtons />
  );
}

function VisitorButtons() {
  const { open } = useAuthModals();
  const trial = useTrial();
  const info = useQuery(whitelabelQuery());
  return (
    <>
      <button
        type="button"
        className={`${buttonClass} border border-brand`}
        onClick={() => open({ name: 'login' })}
      >
        <Trans>Login</Trans>
      </button>
      <button
        type="button"
        className={`${buttonClass} bg-brand text-white`}
        onClick={() => open({ name: 'register' })}
      >
        <Trans>Register</Trans>
      </button>
      {/* On a phone the two text links stack: a row of four labels in Tamil or Malay is wider than the screen. */}
      <span className="flex items-center gap-1.5 max-sm:flex-col max-sm:items-start max-sm:gap-0.5">
        {info.data?.features.AGENT_CENTRE && (
          // Spec §2 "Also offered: … Agent": the agent login, which goes on to the agent centre.
          <button
            type="button"
            className="text-sm leading-tight underline max-sm:text-xs"
            onClick={() => open({ name: 'login', agent: true })}
          >
            <Trans>Agent</Trans>
          </button>
        )}
        {info.data?.features.FREE_PLAY && (
          <button
            type="button"
            className="text-sm leading-tight underline max-sm:text-xs"
            disabled={trial.busy}
            onClick={trial.start}
          >
            <Trans>Trial</Trans>
          </button>
        )}
      </span>
    </>
  );
}

/** Spec §2 logged-in header: the deposit button opens the Personal Center's deposit page (a trial account registers first). */
function DepositButton() {
  const isTrial = SessionContext.useSelector(selectIsTrial);
  const modals = useAuthModals();
  const className = `${buttonClass} shrink-0 bg-brand text-white max-sm:px-3`;
  return isTrial ? (
    <button type="button" className={className} onClick={() => modals.open({ name: 'realAccount' })}>
      <Trans>Deposit</Trans>
    </button>
  ) : (
    <Link to="/member" search={{ page: 'depositv2' }} className={className}>
      <Trans>Deposit</Trans>
    </Link>
  );
}

/** Spec §2 logged-in header: user menu entries (points when on, agent only for agents) and sign out. */
function UserMenu() {
  const { t } = useLingui();
  const member = SessionContext.useSelector(selectMember);
  const isAgent = SessionContext.useSelector(selectIsAgent);
  const isTrial = SessionContext.useSelector(selectIsTrial);
  const logoutDialog = SessionContext.useSelector(selectLogoutDialog);
  const session = SessionContext.useActorRef();
  const info = useQuery(whitelabelQuery());
  const [open, setOpen] = useState(false);
  const avatar = useQuery({ ...playerAvatarQuery(member?.id ?? 0), enabled: member !== null });
  const icon = useQuery({
    ...memberIconQuery(member?.id ?? 0, member?.clubLabel.rankLevel ?? 0),
    enabled: member !== null && open,
  });
  const modals = useAuthModals();
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', close);
    return () => document.removeEventListener('keydown', close);
  }, [open]);
  const item = 'block w-full rounded-md px-3 py-2 text-left text-sm hover:bg-line/40';
  /** A menu entry that closes the menu, then acts. */
  const action = (label: ReactNode, run: () => void) => (
    <button
      type="button"
      className={item}
      onClick={() => {
        setOpen(false);
        // The entry hides with the menu: the menu's button is where the focus goes back to after a dialog.
        toggle.current?.focus();
        run();
      }}
    >
      {label}
    </button>
  );
  const entries = [
    { label: t`Betting record`, page: 'personalHistoryCopy' as const },
    { label: t`Account record`, page: 'transactionHistory' as const },
    { label: t`Personal loss`, page: 'personalProfit' as const },
    { label: t`Reward Center`, page: 'rewardCenter' as const },
    ...(info.data?.features.PTSYS3 ? [{ label: t`Points`, page: 'pointMall' as const }] : []),
    { label: t`My account`, page: 'securityCenter' as const },
  ];
  return (
    <div className="relative">
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls="user-menu"
        onClick={() => setOpen((o) => !o)}
        className={`${buttonClass} flex shrink-0 items-center gap-2 border border-line max-lg:px-1.5`}
      >
        {avatar.data ? (
          <img src={avatar.data.avatarUrl} alt="" className="h-6 w-6 rounded-full" />
        ) : (
          <span
            aria-hidden="true"
            className="grid h-6 w-6 place-items-center rounded-full text-xs text-white"
            style={{ background: member?.clubLabel.color }}
          >
            {member?.account.slice(0, 1).toUpperCase()}
          </span>
        )}
        {/* A phone's one-row header shows the picture only; the name stays the button's accessible name, the same
            before and after the avatar comes (the initial standing in for it is hidden from it). */}
        <span className="max-lg:sr-only">{member?.nickname}</span>
      </button>
      <ul
        id="user-menu"
        className={`${open ? 'block' : 'hidden'} absolute right-0 z-40 mt-1 w-56 rounded-lg border border-line bg-raised p-1 shadow-xl`}
      >
        {isTrial && (
          <li className="px-3 py-2 text-xs text-muted">
            <Trans>Trial account</Trans>
          </li>
        )}
        {!isTrial && icon.data && (
          <li className="flex items-center gap-2 px-3 py-2 text-sm">
            <img src={icon.data.iconUrl} alt="" className="h-8 w-8" />
            <span>
              <span className="block font-semibold">{icon.data.labelName}</span>
              <span className="block text-xs text-muted">
                <Trans>Club rank {icon.data.rankLevel}</Trans>
              </span>
            </span>
          </li>
        )}
        {entries.map((e) => (
          <li key={e.page}>
            {isTrial ? (
              // Spec §6: a trial account has no member centre; it is asked to register first.
              action(e.label, () => modals.open({ name: 'realAccount' }))
            ) : e.page === 'pointMall' ? (
              // Points live on their own page (spec §2 /pointMall), not in the member centre.
              <Link to="/pointMall" className={item} onClick={() => setOpen(false)}>
                {e.label}
              </Link>
            ) : (
              <Link to="/member" search={{ page: e.page }} className={item} onClick={() => setOpen(false)}>
                {e.label}
              </Link>
            )}
          </li>
        ))}
        {!isTrial && (
          <li>{action(<Trans>Change password</Trans>, () => modals.open({ name: 'changePassword' }))}</li>
        )}
        <li>
          <Link to="/helpmc" className={item}>
            <Trans>Help center</Trans>
          </Link>
        </li>
        {isAgent && (
          <li>
            <Link to="/agent" className={item}>
              <Trans>Agent</Trans>
            </Link>
          </li>
        )}
        <li>{action(<Trans>Sign out</Trans>, () => session.send({ type: 'logout.request' }))}</li>
      </ul>
      <Modal
        open={logoutDialog !== 'closed'}
        title={<Trans>Sign out</Trans>}
        closeLabel={t`Close`}
        onClose={() => session.send({ type: 'logout.cancel' })}
      >
        <p className="mb-4">
          <Trans>Do you want to sign out?</Trans>
        </p>
        <div className="flex justify-end gap-2">
          <button
            type="button"
            className={`${buttonClass} border border-line`}
            onClick={() => session.send({ type: 'logout.cancel' })}
          >
            <Trans>Cancel</Trans>
          </button>
          <button
            type="button"
            disabled={logoutDialog === 'busy'}
            className={`${buttonClass} bg-brand text-white`}
            onClick={() => session.send({ type: 'logout.confirm' })}
          >
            <Trans>Sign out</Trans>
          </button>
        </div>
      </Modal>
    </div>
  );
}
