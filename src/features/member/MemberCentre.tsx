import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef } from 'react';
import type { PaymentOrder } from '../../../contract/payments.ts';
import { selectIsLoggedIn, selectIsStarting, selectIsTrial } from '../../../machines/session.selectors.ts';
import { useAuthModals } from '../../session/authModals.tsx';
import { SessionContext } from '../../session/sessionContext.ts';
import { primaryButton } from '../../ui/records/form.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { AccountRecord } from './AccountRecord.tsx';
import { BettingRecord } from './BettingRecord.tsx';
import { BonusDetails } from './BonusDetails.tsx';
import { Deposit } from './Deposit.tsx';
import { ManualRebate } from './ManualRebate.tsx';
import { Messages } from './Messages.tsx';
import { Missions } from './Missions.tsx';
import { useUnreadCount } from './messageQueries.ts';
import { useOpenMissionCount } from './missionQueries.ts';
import { ProfitLoss } from './ProfitLoss.tsx';
import { MEMBER_PAGE_KEYS, type MemberPage } from './pages.ts';
import { Referral } from './Referral.tsx';
import { RewardCenter } from './RewardCenter.tsx';
import { useAvailableTicketCount } from './rewardQueries.ts';
import { SecurityCenter } from './SecurityCenter.tsx';
import { TransferFund } from './TransferFund.tsx';
import { TransferUpline } from './TransferUpline.tsx';
import { Withdraw } from './Withdraw.tsx';

/** What the app hands the centre from other features (features never import each other). */
export interface MemberSlots {
  /** The login-password change form; `onDone` runs after a successful change. */
  changePassword: (onDone: () => void) => ReactNode;
  /** The confirmation of a disbursed (or not received) withdrawal. */
  renderConfirmation: (order: PaymentOrder) => ReactNode;
}

/** The menu's names of the pages (spec §2 Personal Center). */
export function usePageLabels(): Record<MemberPage, string> {
  const { t } = useLingui();
  return {
    securityCenter: t`My Account`,
    transferFund: t`My Wallet`,
    depositv2: t`Deposit`,
    withdraw: t`Withdrawal`,
    transferUpline: t`Transfer to Upline`,
    personalHistoryCopy: t`Betting Record`,
    transactionHistory: t`Account Record`,
    personalProfit: t`Profit and Loss`,
    bonusDetails: t`Bonus Details`,
    rewardCenter: t`Reward Center`,
    referral: t`Referral code`,
    missionLeaderboard: t`Mission`,
    messageV2: t`Internal Message`,
    manualRebate: t`Manual rebate`,
  };
}

/**
 * `/member?page=…` (spec §2 Personal Center): shown when there is a session and the account is not a trial one
 * (agent type 4, spec §6: "Please Register An Account First"); a visitor is asked to log in.
 */
export function MemberCentre({ page, slots }: { page: MemberPage; slots: MemberSlots }) {
  const starting = SessionContext.useSelector(selectIsStarting);
  const loggedIn = SessionContext.useSelector(selectIsLoggedIn);
  const trial = SessionContext.useSelector(selectIsTrial);
  if (starting) return <Skeleton className="h-96 w-full" />;
  if (!loggedIn) return <VisitorNotice />;
  if (trial) return <TrialNotice />;
  return <Panel page={page} slots={slots} />;
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <section
      aria-live="polite"
      className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-2xl border border-line bg-raised p-8 text-center"
    >
      {children}
    </section>
  );
}

function VisitorNotice() {
  const { open } = useAuthModals();
  const asked = useRef(false);
  useEffect(() => {
    // The login popup opens once on arrival; closing it leaves this notice with its button.
    if (asked.current) return;
    asked.current = true;
    open({ name: 'login' });
  }, [open]);
  return (
    <Notice>
      <p>
        <Trans>Not logged in, please login.</Trans>
      </p>
      <button type="button" className={primaryButton} onClick={() => open({ name: 'login' })}>
        <Trans>Login</Trans>
      </button>
    </Notice>
  );
}

function TrialNotice() {
  const navigate = useNavigate();
  return (
    <Notice>
      <p role="alert">
        <Trans>Please Register An Account First</Trans>
      </p>
      <button type="button" className={primaryButton} onClick={() => void navigate({ to: '/' })}>
        <Trans>OK</Trans>
      </button>
    </Notice>
  );
}

/** Counts the menu shows beside a page (spec §2: Mission shows the open mission count), with their spoken form. */
function useBadges(): Partial<Record<MemberPage, { count: number; spoken: string }>> {
  const { t } = useLingui();
  const missions = useOpenMissionCount();
  const tickets = useAvailableTicketCount() ?? 0;
  const unread = useUnreadCount().data ?? 0;
  return {
    missionLeaderboard: { count: missions, spoken: t`${missions} open` },
    rewardCenter: { count: tickets, spoken: t`${tickets} to open` },
    messageV2: { count: unread, spoken: t`${unread} unread` },
  };
}

function Panel({ page, slots }: { page: MemberPage; slots: MemberSlots }) {
  const { t } = useLingui();
  const labels = usePageLabels();
  const badges = useBadges();
  const navigate = useNavigate();
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-line bg-raised p-3 sm:p-4 md:flex-row">
      <nav aria-label={t`Personal Center`} className="md:w-52 md:shrink-0">
        <div className="mb-2 flex items-center justify-between gap-2">
          <h1 className="text-lg font-bold">
            <Trans>Personal Center</Trans>
          </h1>
          <button
            type="button"
            aria-label={t`Close Personal Center`}
            onClick={() => void navigate({ to: '/' })}
            className="grid h-9 w-9 place-items-center rounded-full hover:bg-line/50 md:hidden"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <ul className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1 md:mx-0 md:flex-col md:overflow-visible md:px-0">
          {MEMBER_PAGE_KEYS.map((key) => (
            <li key={key} className="shrink-0">
              <Link
                to="/member"
                search={{ page: key }}
                aria-current={key === page ? 'page' : undefined}
                className={`block whitespace-nowrap rounded-lg px-3 py-2 text-sm ${
                  key === page ? 'bg-brand font-semibold text-white' : 'text-muted hover:bg-line/40'
                }`}
              >
                {labels[key]}
                <Badge {...badges[key]} />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <div className="mb-3 flex items-center gap-2">
          <h2 className="flex-1 text-xl font-bold">{labels[page]}</h2>
          <button
            type="button"
            aria-label={t`Close Personal Center`}
            onClick={() => void navigate({ to: '/' })}
            className="hidden h-9 w-9 place-items-center rounded-full hover:bg-line/50 md:grid"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <PageBody page={page} slots={slots} />
      </div>
    </div>
  );
}

function PageBody({ page, slots }: { page: MemberPage; slots: MemberSlots }) {
  switch (page) {
    case 'securityCenter':
      return <SecurityCenter changePassword={slots.changePassword} />;
    case 'transferFund':
      return <TransferFund />;
    case 'depositv2':
      return <Deposit />;
    case 'withdraw':
      return <Withdraw renderConfirmation={slots.renderConfirmation} />;
    case 'transferUpline':
      return <TransferUpline />;
    case 'personalHistoryCopy':
      return <BettingRecord />;
    case 'transactionHistory':
      return <AccountRecord />;
    case 'personalProfit':
      return <ProfitLoss />;
    case 'referral':
      return <Referral />;
    case 'messageV2':
      return <Messages />;
    case 'bonusDetails':
      return <BonusDetails />;
    case 'rewardCenter':
      return <RewardCenter />;
    case 'missionLeaderboard':
      return <Missions />;
    case 'manualRebate':
      return <ManualRebate />;
  }
}

function Badge({ count = 0, spoken }: { count?: number; spoken?: string }) {
  if (count <= 0) return null;
  return (
    <>
      <span
        aria-hidden="true"
        className="ml-2 inline-grid min-w-5 place-items-center rounded-full bg-red-600 px-1.5 text-xs font-bold text-white"
      >
        {count > 99 ? '99+' : count}
      </span>
      <span className="sr-only">, {spoken}</span>
    </>
  );
}
