import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ComponentType } from 'react';
import { opsAgentTransfers, opsGrantContract, opsSettleContracts } from '../../contract/agent.ts';
import {
  type OpsRole,
  opsAudit,
  opsBanners,
  opsDraws,
  opsMembers,
  opsMerchants,
  opsOperators,
} from '../../contract/backoffice.ts';
import { opsGames } from '../../contract/catalogue.ts';
import { opsChanges } from '../../contract/changes.ts';
import { opsDashboard } from '../../contract/dashboard.ts';
import { opsDeliveries } from '../../contract/deliveries.ts';
import { opsFeedback, opsHelpItems } from '../../contract/help.ts';
import { opsAwaitingResults } from '../../contract/lotteryResults.ts';
import { opsMerchantSettings, opsPaymentDetails } from '../../contract/merchantSettings.ts';
import { opsNotices } from '../../contract/notices.ts';
import { opsAuditVerify, opsGetRules, opsPayments } from '../../contract/ops.ts';
import { opsPaymentChannels } from '../../contract/payments.ts';
import { opsRedemptions } from '../../contract/points.ts';
import { opsPromotionEntries, opsPromotions } from '../../contract/promotions.ts';
import { opsVendors } from '../../contract/vendors.ts';
import { AgentTransfers } from './pages/AgentTransfers.tsx';
import { Audit } from './pages/Audit.tsx';
import { Banners } from './pages/Banners.tsx';
import { Brand } from './pages/Brand.tsx';
import { Changes } from './pages/Changes.tsx';
import { Contracts } from './pages/Contracts.tsx';
import { Dashboard } from './pages/Dashboard.tsx';
import { Deliveries } from './pages/Deliveries.tsx';
import { Draws } from './pages/Draws.tsx';
import { Feedback } from './pages/Feedback.tsx';
import { Games } from './pages/Games.tsx';
import { HelpItems } from './pages/HelpItems.tsx';
import { Members } from './pages/Members.tsx';
import { Merchants } from './pages/Merchants.tsx';
import { Notices } from './pages/Notices.tsx';
import { Operators } from './pages/Operators.tsx';
import { PaymentChannels } from './pages/PaymentChannels.tsx';
import { Deposits, Withdrawals } from './pages/Payments.tsx';
import { Promotions } from './pages/Promotions.tsx';
import { Redemptions } from './pages/Redemptions.tsx';
import { Results } from './pages/Results.tsx';
import { Rules } from './pages/Rules.tsx';
import { SettingsPayment } from './pages/SettingsPayment.tsx';
import { SettingsRegistration } from './pages/SettingsRegistration.tsx';
import { SettingsSite } from './pages/SettingsSite.tsx';
import { Vendors } from './pages/Vendors.tsx';
import { rolesOf } from './roles.ts';

export interface OpsPageEntry {
  /** `/ops?page=<path>`. */
  path: string;
  label: MessageDescriptor;
  /** Who sees it: the roles that may make its calls (contract `opsRoles`, ADMIN always). */
  roles: readonly OpsRole[];
  component: ComponentType;
}

/** The back office's pages, in menu order. */
export const OPS_PAGES: OpsPageEntry[] = [
  { path: 'dashboard', label: msg`Dashboard`, roles: rolesOf(opsDashboard), component: Dashboard },
  { path: 'members', label: msg`Members & agents`, roles: rolesOf(opsMembers), component: Members },
  { path: 'deposits', label: msg`Deposits`, roles: rolesOf(opsPayments), component: Deposits },
  { path: 'withdrawals', label: msg`Withdrawals`, roles: rolesOf(opsPayments), component: Withdrawals },
  {
    path: 'payment-channels',
    label: msg`Payment channels`,
    roles: rolesOf(opsPaymentChannels),
    component: PaymentChannels,
  },
  {
    path: 'payment-details',
    label: msg`House bank account`,
    roles: rolesOf(opsPaymentDetails),
    component: SettingsPayment,
  },
  { path: 'redemptions', label: msg`Redemptions`, roles: rolesOf(opsRedemptions), component: Redemptions },
  { path: 'changes', label: msg`Pending changes`, roles: rolesOf(opsChanges), component: Changes },
  { path: 'announcements', label: msg`Announcements`, roles: rolesOf(opsNotices), component: Notices },
  { path: 'banners', label: msg`Banners`, roles: rolesOf(opsBanners), component: Banners },
  {
    path: 'promotions',
    label: msg`Promotions`,
    roles: rolesOf(opsPromotions, opsPromotionEntries),
    component: Promotions,
  },
  { path: 'help-items', label: msg`Help centre`, roles: rolesOf(opsHelpItems), component: HelpItems },
  { path: 'feedback', label: msg`Feedback`, roles: rolesOf(opsFeedback), component: Feedback },
  { path: 'deliveries', label: msg`SMS & e-mail`, roles: rolesOf(opsDeliveries), component: Deliveries },
  {
    path: 'contracts',
    label: msg`Contracts`,
    roles: rolesOf(opsGrantContract, opsSettleContracts),
    component: Contracts,
  },
  {
    path: 'agent-transfers',
    label: msg`Agent transfers`,
    roles: rolesOf(opsAgentTransfers),
    component: AgentTransfers,
  },
  { path: 'merchants', label: msg`Merchants`, roles: rolesOf(opsMerchants), component: Merchants },
  { path: 'brand', label: msg`Brand & domains`, roles: rolesOf(opsMerchantSettings), component: Brand },
  {
    path: 'registration',
    label: msg`Registration`,
    roles: rolesOf(opsMerchantSettings),
    component: SettingsRegistration,
  },
  { path: 'site', label: msg`Links & apps`, roles: rolesOf(opsMerchantSettings), component: SettingsSite },
  { path: 'rules', label: msg`Rules`, roles: rolesOf(opsGetRules), component: Rules },
  { path: 'draws', label: msg`Lottery draws`, roles: rolesOf(opsDraws), component: Draws },
  { path: 'games', label: msg`Games`, roles: rolesOf(opsGames), component: Games },
  { path: 'vendors', label: msg`Game vendors`, roles: rolesOf(opsVendors), component: Vendors },
  { path: 'results', label: msg`Lottery results`, roles: rolesOf(opsAwaitingResults), component: Results },
  { path: 'audit', label: msg`Audit log`, roles: rolesOf(opsAudit, opsAuditVerify), component: Audit },
  { path: 'operators', label: msg`Operators`, roles: rolesOf(opsOperators), component: Operators },
];

export const pagesFor = (role: OpsRole) => OPS_PAGES.filter((page) => page.roles.includes(role));
