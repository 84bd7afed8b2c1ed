import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useCallback } from 'react';
import type { PaymentOrder } from '../../../contract/payments.ts';
import { selectIsLoggedIn, selectIsStarting, selectIsTrial } from '../../../machines/session.connect.ts';
import { useAuthModals } from '../../session/authModals.tsx';
import { SessionContext } from '../../session/sessionContext.ts';
import { LoginNotice, TrialNotice } from '../../ui/CentreNotice.tsx';
import { CentrePanel, type MenuBadge } from '../../ui/CentrePanel.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { BettingRecord } from './BettingRecord.tsx';
import { Messages } from './messages/Messages.tsx';
import { useUnreadCount } from './messages/queries.ts';
import { Missions } from './missions/Missions.tsx';
import { useOpenMissionCount } from './missions/queries.ts';
import { ProfitLoss } from './ProfitLoss.tsx';
import { MEMBER_PAGE_KEYS, type MemberPage } from './pages.ts';
import { Deposit } from './payments/Deposit.tsx';
import { Withdraw } from './payments/Withdraw.tsx';
import { ManualRebate } from './rebate/ManualRebate.tsx';
import { Referral } from './referral/Referral.tsx';
import { BonusDetails } from './rewards/BonusDetails.tsx';
import { useAvailableTicketCount } from './rewards/queries.ts';
import { RewardCenter } from './rewards/RewardCenter.tsx';
import { SecurityCenter } from './SecurityCenter.tsx';
import { AccountRecord } from './wallet/AccountRecord.tsx';
import { TransferFund } from './wallet/TransferFund.tsx';
import { TransferUpline } from './wallet/TransferUpline.tsx';

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

function VisitorNotice() {
  const { open } = useAuthModals();
  const login = useCallback(() => open({ name: 'login' }), [open]);
  return <LoginNotice login={login} />;
}

/** Counts the menu shows beside a page (spec §2: Mission shows the open mission count), with their spoken form. */
function useBadges(): Partial<Record<MemberPage, MenuBadge>> {
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
  return (
    <CentrePanel
      title={t`Personal Center`}
      closeLabel={t`Close Personal Center`}
      to="/member"
      pages={MEMBER_PAGE_KEYS}
      labels={usePageLabels()}
      page={page}
      badges={useBadges()}
    >
      <PageBody page={page} slots={slots} />
    </CentrePanel>
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
