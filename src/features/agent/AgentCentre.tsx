import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { CONTRACT_FEATURES } from '../../../contract/agent.ts';
import type { FeatureFlag } from '../../../contract/merchant.ts';
import {
  selectIsAgent,
  selectIsLoggedIn,
  selectIsStarting,
  selectIsTrial,
} from '../../../machines/session.connect.ts';
import { whitelabelQuery } from '../../api/queries.ts';
import { useAuthModals } from '../../session/authModals.tsx';
import { SessionContext } from '../../session/sessionContext.ts';
import { CentreNotice, LoginNotice, TrialNotice } from '../../ui/CentreNotice.tsx';
import { CentrePanel } from '../../ui/CentrePanel.tsx';
import { LoadError } from '../../ui/records/form.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { AccountDetails } from './AccountDetails.tsx';
import { Announcement } from './Announcement.tsx';
import { ContractPage } from './contracts/ContractPage.tsx';
import { MyIncome } from './MyIncome.tsx';
import { AGENT_PAGE_KEYS, type AgentPage, CONTRACT_PAGES, DEFAULT_AGENT_PAGE } from './pages.ts';
import { RegisterAccount } from './RegisterAccount.tsx';
import { TeamBetting } from './TeamBetting.tsx';
import { TeamManagement } from './TeamManagement.tsx';
import { TeamOverview } from './TeamOverview.tsx';
import { TransferDownline } from './TransferDownline.tsx';
import { UserLoss } from './UserLoss.tsx';

/** The menu's names of the pages (spec §2 Agent centre). */
export function useAgentPageLabels(): Record<AgentPage, string> {
  const { t } = useLingui();
  return {
    announcement: t`Announcement`,
    teamOverview: t`Team overview`,
    registerAccount: t`Register account`,
    teamManagement: t`Team management`,
    teamBetting: t`Team betting`,
    userLoss: t`User loss`,
    myIncome: t`My income`,
    accountDetails: t`Account details`,
    transferDownline: t`Transfer to downline`,
    bonus: t`Bonus`,
    dailyWages: t`Daily wages`,
    hourlySalary: t`Hourly salary`,
    realTimeSalary: t`Real-time salary`,
  };
}

const isContractPage = (page: AgentPage): page is keyof typeof CONTRACT_PAGES => page in CONTRACT_PAGES;

/** The pages the merchant offers: a contract page only while its kind's feature is on. */
export function visiblePages(features: Partial<Record<FeatureFlag, boolean>>): AgentPage[] {
  return AGENT_PAGE_KEYS.filter(
    (page) => !isContractPage(page) || features[CONTRACT_FEATURES[CONTRACT_PAGES[page]]] === true,
  );
}

/**
 * `/agent?page=…` (spec §2 Agent centre, §6): shown to agents (types 1, 2, 41, 42) of a merchant whose agent centre
 * is on. A visitor is offered the agent login, a trial account is asked to register, a member is told the centre is
 * for agents; a page that is off (or unknown) opens the team overview.
 */
export function AgentCentre({ page }: { page: AgentPage }) {
  const starting = SessionContext.useSelector(selectIsStarting);
  const loggedIn = SessionContext.useSelector(selectIsLoggedIn);
  const trial = SessionContext.useSelector(selectIsTrial);
  const agent = SessionContext.useSelector(selectIsAgent);
  const site = useQuery(whitelabelQuery());
  if (starting) return <Skeleton className="h-96 w-full" />;
  if (!loggedIn) return <AgentLoginNotice />;
  if (trial) return <TrialNotice />;
  if (!agent) return <AgentsOnlyNotice />;
  // The merchant's features decide the centre and its pages.
  if (site.isError) return <LoadError error={site.error} onRetry={() => void site.refetch()} />;
  if (!site.data) return <Skeleton className="h-96 w-full" />;
  if (!site.data.features.AGENT_CENTRE) return <ClosedNotice />;
  const pages = visiblePages(site.data.features);
  return <Panel page={pages.includes(page) ? page : DEFAULT_AGENT_PAGE} pages={pages} />;
}

function AgentLoginNotice() {
  const { open } = useAuthModals();
  const login = useCallback(() => open({ name: 'login', agent: true }), [open]);
  return <LoginNotice login={login} />;
}

function AgentsOnlyNotice() {
  return (
    <CentreNotice>
      <p role="alert">
        <Trans>The agent centre is for agents only.</Trans>
      </p>
    </CentreNotice>
  );
}

function ClosedNotice() {
  return (
    <CentreNotice>
      <p role="alert">
        <Trans>The agent centre is not available on this site.</Trans>
      </p>
    </CentreNotice>
  );
}

function Panel({ page, pages }: { page: AgentPage; pages: AgentPage[] }) {
  const { t } = useLingui();
  return (
    <CentrePanel
      title={t`Agent centre`}
      closeLabel={t`Close agent centre`}
      to="/agent"
      pages={pages}
      labels={useAgentPageLabels()}
      page={page}
    >
      <PageBody page={page} />
    </CentrePanel>
  );
}

function PageBody({ page }: { page: AgentPage }) {
  if (isContractPage(page)) return <ContractPage kind={CONTRACT_PAGES[page]} />;
  switch (page) {
    case 'announcement':
      return <Announcement />;
    case 'teamOverview':
      return <TeamOverview />;
    case 'registerAccount':
      return <RegisterAccount />;
    case 'teamManagement':
      return <TeamManagement />;
    case 'teamBetting':
      return <TeamBetting />;
    case 'userLoss':
      return <UserLoss />;
    case 'myIncome':
      return <MyIncome />;
    case 'accountDetails':
      return <AccountDetails />;
    case 'transferDownline':
      return <TransferDownline />;
  }
}
