import { Trans } from '@lingui/react/macro';

/** Spec §2 Agent centre pages. */
export const AGENT_PAGES = [
  <Trans key="announcement">Announcement</Trans>,
  <Trans key="teamOverview">Team overview</Trans>,
  <Trans key="registerAccount">Register account</Trans>,
  <Trans key="teamManagement">Team management</Trans>,
  <Trans key="teamBetting">Team betting</Trans>,
  <Trans key="userLoss">User loss</Trans>,
  <Trans key="myIncome">My income</Trans>,
  <Trans key="accountDetails">Account details</Trans>,
  <Trans key="bonus">Bonus</Trans>,
  <Trans key="dailyWages">Daily wages</Trans>,
  <Trans key="hourlySalary">Hourly salary</Trans>,
  <Trans key="realTimeSalary">Real-time salary</Trans>,
];
