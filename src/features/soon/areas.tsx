import { Trans } from '@lingui/react/macro';

/** Spec §2 Personal Center pages, in menu order (page keys kept for the member centre release). */
export const MEMBER_PAGES = [
  ['securityCenter', <Trans key="securityCenter">My Account</Trans>],
  ['transferFund', <Trans key="transferFund">My Wallet</Trans>],
  ['depositv2', <Trans key="depositv2">Deposit</Trans>],
  ['withdraw', <Trans key="withdraw">Withdrawal</Trans>],
  ['transferUpline', <Trans key="transferUpline">Transfer to Upline</Trans>],
  ['personalHistoryCopy', <Trans key="personalHistoryCopy">Betting Record</Trans>],
  ['transactionHistory', <Trans key="transactionHistory">Account Record</Trans>],
  ['personalProfit', <Trans key="personalProfit">Profit and Loss</Trans>],
  ['bonusDetails', <Trans key="bonusDetails">Bonus Details</Trans>],
  ['rewardCenter', <Trans key="rewardCenter">Reward Center</Trans>],
  ['referral', <Trans key="referral">Referral code</Trans>],
  ['missionLeaderboard', <Trans key="missionLeaderboard">Mission</Trans>],
  ['messageV2', <Trans key="messageV2">Internal Message</Trans>],
  ['manualRebate', <Trans key="manualRebate">Manual rebate</Trans>],
] as const;

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
