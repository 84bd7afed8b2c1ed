import { Link, useNavigate } from '@tanstack/react-router';
import { type MouseEvent, type ReactNode, useEffect, useState } from 'react';
import { selectIsLoggedIn, selectIsStarting } from '../../machines/session.connect.ts';
import { storedToken } from '../api/session.ts';
import { useAuthModals } from './authModals.tsx';
import { SessionContext } from './sessionContext.ts';

/** A lottery game's page: the betting page on a vendor's first lottery (src/domain/lotteryLinks.ts `start`). */
export interface LotteryStart {
  to: '/lottery';
  search: { vendor: string };
}

/**
 * Spec §2 and §4: a lottery entry that starts its game directly, and starting a game requires login. The entry
 * stays a link (keyboard, new tab); a visitor's click opens the login popup instead and the game opens once logged
 * in (closing the popup without logging in forgets it), a member's follows the link.
 */
export function useStartLottery() {
  const loggedIn = SessionContext.useSelector(selectIsLoggedIn);
  const starting = SessionContext.useSelector(selectIsStarting);
  const modals = useAuthModals();
  const navigate = useNavigate();
  const [waiting, setWaiting] = useState<LotteryStart | null>(null);

  useEffect(() => {
    if (!waiting) return;
    if (loggedIn) {
      setWaiting(null);
      void navigate(waiting);
    } else if (modals.modal === null && !starting && storedToken() === null) setWaiting(null);
  }, [waiting, loggedIn, modals.modal, starting, navigate]);

  /** The entry's click: lets a member's through; a visitor's asks for the login first. */
  return (start: LotteryStart) => (e: MouseEvent) => {
    if (loggedIn) return;
    e.preventDefault();
    setWaiting(start);
    modals.open({ name: 'login' });
  };
}

export type StartGate = ReturnType<typeof useStartLottery>;

/**
 * A lottery entry that starts its game (spec §2), as a link: a visitor's click asks for the login first (spec §4).
 * `gate` comes from `useStartLottery` in a part that stays while the login popup is open (a dropdown's entry closes
 * with it, and the game it asked for would be forgotten).
 */
export function StartLotteryLink({
  start,
  gate,
  className,
  onClick,
  children,
  ...rest
}: {
  start: LotteryStart;
  gate: StartGate;
  className?: string;
  'aria-current'?: 'true';
  onClick?: () => void;
  children: ReactNode;
}) {
  return (
    <Link
      to={start.to}
      search={start.search}
      className={className}
      {...rest}
      onClick={(e) => {
        gate(start)(e);
        onClick?.();
      }}
    >
      {children}
    </Link>
  );
}
