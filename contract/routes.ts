import type * as auth from './auth.ts';
import type { AnyCall } from './call.ts';
import type * as content from './content.ts';
import type * as games from './games.ts';
import type * as lottery from './lottery.ts';
import type * as member from './member.ts';
import type * as messages from './messages.ts';
import type * as system from './system.ts';
import type * as wallet from './wallet.ts';

/**
 * A call as the client sends it: its method and path, without its zod schemas. The first page's code calls through
 * these, so that it neither downloads nor evaluates zod and the contract's schemas; the reply still has the call's
 * type, and the server has checked it against the call's response schema before sending it (its serializer).
 * `method` and `path` are the call's own literal types: a route that drifts from its call does not compile.
 */
export interface Route<C extends AnyCall> {
  method: C['method'];
  path: C['path'];
  /** Carries the call's types only; never set. */
  readonly call?: C;
}

/** The contract call a route stands for (its input and output types). */
export type CallOf<R> = R extends Route<infer C> ? C : never;

export const affiliateCheck: Route<typeof auth.affiliateCheck> = {
  method: 'GET',
  path: '/wps/agent/affiliate',
};
export const captcha: Route<typeof auth.captcha> = { method: 'GET', path: '/wps/captcha' };
export const freePlay: Route<typeof auth.freePlay> = { method: 'POST', path: '/wps/session/login/freeplay' };
export const login: Route<typeof auth.login> = { method: 'POST', path: '/wps/session/login' };
export const loginSms: Route<typeof auth.loginSms> = {
  method: 'POST',
  path: '/wps/verification/sms/noLogin',
};
export const logout: Route<typeof auth.logout> = { method: 'DELETE', path: '/wps/session/logout' };
export const register: Route<typeof auth.register> = { method: 'PUT', path: '/wps/member/register' };
export const registerMobile: Route<typeof auth.registerMobile> = {
  method: 'PUT',
  path: '/wps/member/register/mobile',
};
export const registerSettings: Route<typeof auth.registerSettings> = {
  method: 'GET',
  path: '/wps/system/setting/register',
};
export const registerSms: Route<typeof auth.registerSms> = {
  method: 'POST',
  path: '/wps/verification/sms/register',
};

export const noticeIndex: Route<typeof content.noticeIndex> = { method: 'GET', path: '/wps/notice/index' };

export const addFavourite: Route<typeof games.addFavourite> = { method: 'POST', path: '/wps/game/fav/add' };
export const favouriteIds: Route<typeof games.favouriteIds> = { method: 'GET', path: '/wps/game/fav/ids' };
export const favouriteList: Route<typeof games.favouriteList> = { method: 'GET', path: '/wps/game/fav/list' };
export const gameList: Route<typeof games.gameList> = { method: 'GET', path: '/lgw/games/list' };
export const gameMenus: Route<typeof games.gameMenus> = { method: 'GET', path: '/lgw/games/game_menus' };
export const gameVendor: Route<typeof games.gameVendor> = { method: 'GET', path: '/lgw/games/vendor' };
export const hotGames: Route<typeof games.hotGames> = { method: 'GET', path: '/lgw/games/hot' };
export const recentGames: Route<typeof games.recentGames> = { method: 'GET', path: '/wps/game/recent' };
export const pvpRooms: Route<typeof games.pvpRooms> = { method: 'GET', path: '/wps/relay/GLS2_roomList' };
export const removeFavourite: Route<typeof games.removeFavourite> = {
  method: 'POST',
  path: '/wps/game/fav/remove',
};
export const winnerBoard: Route<typeof games.winnerBoard> = { method: 'GET', path: '/wps/game/winners' };

export const lotteryMenu: Route<typeof lottery.lotteryMenu> = {
  method: 'GET',
  path: '/lgw/vn/games/game_menu',
};
export const recentLotteryMenu: Route<typeof lottery.recentLotteryMenu> = {
  method: 'GET',
  path: '/lgw/vn/games/game_menu/recent',
};
export const lotteryRecent: Route<typeof lottery.lotteryRecent> = {
  method: 'GET',
  path: '/lgw/vn/games/recent',
};
export const popularLotteries: Route<typeof lottery.popularLotteries> = {
  method: 'GET',
  path: '/lgw/vn/games/popular',
};

export const changePassword: Route<typeof member.changePassword> = {
  method: 'POST',
  path: '/wps/member/password',
};
export const forgotByEmail: Route<typeof member.forgotByEmail> = {
  method: 'POST',
  path: '/wps/member/password/email',
};
export const forgotByPhone: Route<typeof member.forgotByPhone> = {
  method: 'POST',
  path: '/wps/member/password/verification',
};
export const resetPassword: Route<typeof member.resetPassword> = {
  method: 'POST',
  path: '/wps/member/password/reset',
};
export const memberInfo: Route<typeof member.memberInfo> = { method: 'GET', path: '/wps/member/info' };
export const memberIcon: Route<typeof member.memberIcon> = { method: 'GET', path: '/wps/member/info/icon' };
export const playerAvatar: Route<typeof member.playerAvatar> = {
  method: 'GET',
  path: '/wps/relay/MCSFE_getPlayerAvatar',
};

export const messageList: Route<typeof messages.messageList> = {
  method: 'GET',
  path: '/wps/relay/messageList',
};
export const unreadCount: Route<typeof messages.unreadCount> = {
  method: 'GET',
  path: '/wps/relay/unreadCount',
};

export const systemStatus: Route<typeof system.systemStatus> = { method: 'GET', path: '/wps/system/status' };
export const whitelabel: Route<typeof system.whitelabel> = { method: 'GET', path: '/wps/system/whitelabel' };

export const balance: Route<typeof wallet.balance> = { method: 'GET', path: '/wps/v2/wallets/balance' };
