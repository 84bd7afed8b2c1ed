import { demoMember } from '../../machines/session.events.ts';

/** A returning member's header replies (contract/firstReplies.ts MEMBER_START_CALLS), by path, as the server sends them. */
export const memberStartReplies: Record<string, unknown> = {
  '/wps/member/info': { success: true, value: demoMember },
  '/wps/v2/wallets/balance': {
    success: true,
    value: { sumBalance: 123_45, currency: 'VND', currencySign: '₫' },
  },
  '/wps/relay/MCSFE_getPlayerAvatar': { success: true, value: { avatarUrl: '/avatar/a.svg' } },
  '/wps/relay/unreadCount': { success: true, value: { count: 3 } },
};
