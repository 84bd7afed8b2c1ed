import type { ReactNode } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { MemberInfo } from '../../contract/member.ts';
import type { FeatureFlag } from '../../contract/merchant.ts';
import { server } from './authHarness.tsx';
import { member, show } from './memberHarness.tsx';

/**
 * The agent centre's tests: the member centre's harness (session, fake server behind `call`, modal probe) with an
 * agent account and the merchant's feature flags in the white-label info. Each test file mocks src/api/client.ts
 * with the fake server, so this module must not import it.
 */

export const agent: MemberInfo = {
  ...member,
  id: 21,
  account: 'agent01',
  nickname: 'Boss',
  type: 'agent',
  agentType: 1,
  toUpline: false,
  affiliateCode: 'AGENT01',
};

/** Agent centre and every contract page on. */
export const ALL_ON: Partial<Record<FeatureFlag, boolean>> = {
  AGENT_CENTRE: true,
  AGENT_DIVIDEND: true,
  DAILY_SALARY: true,
  HOURLY_SALARY: true,
  REALTIME_SALARY: true,
};

export function showAgent(
  ui: ReactNode,
  who: 'visitor' | 'member' | 'trial' | 'agent' = 'agent',
  /** `null`: the white-label info is not loaded yet (the view asks the fake server). */
  features: Partial<Record<FeatureFlag, boolean>> | null = ALL_ON,
) {
  show(
    ui,
    who === 'agent' ? 'member' : who,
    who === 'agent' ? agent : {},
    // The white-label info as src/api/queries.ts `whitelabelQuery` keeps it (only the features are read).
    features ? [[['whitelabel'], { features, firebase: null, brand: { iconUrl: '' } }]] : [],
  );
}

/** The query of the latest request to `path`. */
export const lastQuery = (path: string) => server.sent(path).at(-1)!.input.query as Record<string, unknown>;

export { answer } from './memberHarness.tsx';

/**
 * The page tests' day: 3 March 2030 at noon (the default range, the last 7 days, is 25 February to 3 March); the
 * fake server is emptied after each test.
 */
export function onMarch3() {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2030, 2, 3, 12, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
    server.reset();
  });
}

/** The default range of the record pages on that day. */
export const RANGE = { from: '2030-02-25', to: '2030-03-03' };

/** A team overview reply with two days of play (2030-02-26 and 2030-03-01). */
export const OVERVIEW_REPLY = {
  teamSize: 12,
  directMembers: 5,
  directAgents: 2,
  newMembers: 3,
  activeMembers: 4,
  bet: 150_000,
  win: 120_000,
  profit: -30_000,
  deposits: 500_000,
  withdrawals: 80_000,
  days: [
    { day: '2030-02-26', newMembers: 1, activeMembers: 2, bet: 100_000, profit: -40_000 },
    { day: '2030-03-01', newMembers: 2, activeMembers: 3, bet: 50_000, profit: 10_000 },
  ],
};
