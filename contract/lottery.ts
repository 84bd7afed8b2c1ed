import { z } from 'zod';
import { defineCall, emptyQuery, lgwReply, paging, wpsReply } from './call.ts';
import { PLAY_TYPES } from './constants.ts';
import { minorUnits } from './wallet.ts';

/** Spec §9 prize modes: Lott (daily Vietnam lotteries), Elott (fast e-lotteries); ZY and SEA have none here. */
export const prizeMode = z.enum(['Lott', 'ZY', 'Elott', 'SEA']);
export type PrizeMode = z.infer<typeof prizeMode>;

/**
 * Lottery tags (one widget tab each, spec §2): North, Central, South, the fast e-lotteries, and Keno (20 of 01–80,
 * listed only when the merchant's catalogue has the GPI vendor).
 */
export const lotteryTag = z.enum(['MB', 'MT', 'MN', 'FAST', 'KENO']);
export type LotteryTag = z.infer<typeof lotteryTag>;

/** Play types: lô 2 số, đề, 3 càng, xiên 2/3/4. */
export const playType = z.enum(PLAY_TYPES);
export type PlayType = z.infer<typeof playType>;

/**
 * Spec §3 Lottery game. `remainTime`: ms until the current issue's sales close (0 when closed); `lockTime`: ms
 * between sales closing and the draw; `drawDayOfWeek`: codes 1–7 (1 Sunday, 2 Monday …), all seven for fast ones.
 * Winning numbers in the spec's format: DB first then G1…G8, comma between prizes, tilde within one; a Keno draw
 * is one prize of 20 two-digit numbers in ascending order ("01~07~…~80").
 */
export const lotteryGame = z.object({
  gameId: z.number().int(),
  code: z.string(),
  remark: z.string(),
  tag: lotteryTag,
  gameType: z.enum(['LOTT', 'ELOTT']),
  vendor: z.string(),
  accountTypeName: z.string(),
  defaultPlayType: playType,
  webIconUrl: z.string(),
  isSale: z.boolean(),
  remainTime: z.number().int(),
  lockTime: z.number().int(),
  /** The issue on sale now (or next, while sales are closed) and when it draws (ISO). */
  issue: z.string(),
  drawTime: z.string(),
  previousWinningNumber: z.string().nullable(),
  previousWinningTime: z.string().nullable(),
  drawDayOfWeek: z.array(z.number().int().min(1).max(7)),
  gameMenuSort: z.number().int(),
  labelName: z.string(),
  /** OFFICIAL: settled on the state lottery company's results (XSMB, XSMT, XSMN); HOUSE: the server's own draw. */
  results: z.enum(['HOUSE', 'OFFICIAL']).optional(),
  /** The issue of a past draw still awaiting its official results (its bets open until they are confirmed). */
  awaitingIssue: z.string().nullable().optional(),
});
export type LotteryGame = z.infer<typeof lotteryGame>;

export const lotteryGroup = z.object({
  tag: lotteryTag,
  tagName: z.string(),
  gameMenus: z.array(lotteryGame),
});

/** `serverTime` (ISO) lets the client measure its clock against the server's. */
const menuReply = lgwReply(z.object({ groups: z.array(lotteryGroup), serverTime: z.string() }));

export const lotteryMenu = defineCall({
  method: 'GET',
  path: '/lgw/vn/games/game_menu',
  class: 'read',
  summary: 'Lottery menu: groups by tag with their games, sale state and previous numbers',
  query: z.object({ prizeMode: prizeMode.default('Lott') }),
  response: menuReply,
});

export const recentLotteryMenu = defineCall({
  method: 'GET',
  path: '/lgw/vn/games/game_menu/recent',
  class: 'read',
  summary: 'The lotteries the member bet on lately, as menu groups',
  auth: 'token',
  query: z.object({ prizeMode: prizeMode.default('Lott') }),
  response: menuReply,
});

export const drawResult = z.object({
  gameCode: z.string(),
  issue: z.string(),
  drawTime: z.string(),
  winningNumber: z.string(),
  /** sha256(salt:winningNumber), published before the draw; `salt` revealed with the numbers ('' for official). */
  commitment: z.string(),
  salt: z.string(),
  /**
   * Who gave the numbers: HOUSE (the server's draw, with its commitment), FEED or OPERATOR (the state lottery
   * company's official results, from the feed or confirmed by two operators), DEVELOPMENT (a development server's
   * stand-in for official results).
   */
  source: z.enum(['HOUSE', 'FEED', 'OPERATOR', 'DEVELOPMENT']).optional(),
});
export type DrawResult = z.infer<typeof drawResult>;

export const openedNumbers = defineCall({
  method: 'GET',
  path: '/lgw/vn/numeros/opened/game',
  class: 'read',
  summary: 'A lottery’s past results, newest first',
  query: z.object({
    gameCode: z.string().trim().min(1).max(40),
    count: z.coerce.number().int().min(1).max(100).default(100),
  }),
  response: lgwReply(z.object({ list: z.array(drawResult) })),
});

export const lotteryRecent = defineCall({
  method: 'GET',
  path: '/lgw/vn/games/recent',
  class: 'read',
  summary: 'Recent results of every lottery of a prize mode, by game code',
  query: z.object({
    prizeMode: prizeMode.default('Lott'),
    device: z.string().max(20).optional(),
    recentCount: z.coerce.number().int().min(1).max(100).default(100),
  }),
  response: lgwReply(z.object({ results: z.record(z.string(), z.array(drawResult)) })),
});

export const popularLotteries = defineCall({
  method: 'GET',
  path: '/lgw/vn/games/popular',
  class: 'read',
  summary: 'Lotteries with the most bets of the last 7 days',
  query: z.object({ count: z.coerce.number().int().min(1).max(50).default(20) }),
  response: lgwReply(z.object({ list: z.array(lotteryGame) })),
});

/** The next draw of a lottery with its published commitment (what the draw is fixed to). */
export const nextDrawCall = defineCall({
  method: 'GET',
  path: '/lgw/vn/draws/next',
  class: 'read',
  summary: 'The next draw of a lottery: issue, times and the commitment published before it',
  query: z.object({ gameCode: z.string().trim().min(1).max(40) }),
  response: lgwReply(
    z.object({
      gameCode: z.string(),
      issue: z.string(),
      drawTime: z.string(),
      lockTime: z.string(),
      commitment: z.string(),
    }),
  ),
});

const perStructure = z.object({ NORTH: minorUnits, SOUTH: minorUnits });

/**
 * The merchant's price of a play type, in points as Vietnamese players bet: what a point costs and what it wins per
 * hit (minor units) for the North (27 numbers) and South/Central (18 numbers) draws, and the points a line takes.
 * A point of lô costs one unit per number drawn (27 in the North, 18 in the South); đề, 3 càng and xiên one unit.
 */
export const playRule = z.object({
  playType,
  pointCost: perStructure,
  winPerPoint: perStructure,
  minPoints: z.number().int(),
  maxPoints: z.number().int(),
});
export type PlayRule = z.infer<typeof playRule>;
/** The prize structure a play's price is read for: North (MB, fast ones) or South (MT, MN). */
export type PriceStructure = keyof PlayRule['pointCost'];

export const lotteryRules = defineCall({
  method: 'GET',
  path: '/lgw/vn/games/rules',
  class: 'read',
  summary: 'Point cost, win per point and point limits of every play type',
  query: emptyQuery,
  response: lgwReply(z.object({ rules: z.array(playRule) })),
});

/** The most points one line may carry (each play type's rules set its own, lower, limit). */
export const POINTS_MAX = 1_000_000;

export const betLine = z.object({
  playType,
  /** Two-digit endings ("07"), three for BA_CANG; 2–4 distinct ones for XIEN2–4. */
  numbers: z
    .array(z.string().regex(/^\d{2,3}$/, 'Numbers are 2 or 3 digits'))
    .min(1)
    .max(4),
  /** Points bet; the server prices them (points × the play's point cost), never the client. */
  points: z
    .number({ error: 'Points must be a number' })
    .int('Points are a whole number')
    .positive('Points must be more than 0')
    .max(POINTS_MAX, 'Too many points'),
});

export const lotteryBet = z.object({
  id: z.number().int(),
  gameCode: z.string(),
  issue: z.string(),
  playType,
  numbers: z.array(z.string()),
  points: z.number().int(),
  /** What the bet cost: points × the play's point cost when placed (minor units). */
  stake: minorUnits,
  /** What each hit pays: points × the play's win per point when placed (minor units). */
  winPerHit: minorUnits,
  /** REFUNDED: the draw was voided (no official results by the deadline) and the stake returned. */
  status: z.enum(['OPEN', 'WON', 'LOST', 'REFUNDED']),
  winUnits: z.number().int().nullable(),
  payout: minorUnits.nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type LotteryBet = z.infer<typeof lotteryBet>;

export const placeBets = defineCall({
  method: 'POST',
  path: '/wps/lottery/bets',
  class: 'play',
  summary: 'Place a slip of bets on one draw (all or none; a resent requestId places nothing again)',
  auth: 'token',
  registeredOnly: true,
  body: z.object({
    requestId: z.uuid('Request id must be a UUID'),
    gameCode: z.string().trim().min(1).max(40),
    issue: z.string().trim().min(1).max(20),
    bets: z.array(betLine).min(1).max(20),
  }),
  response: wpsReply(z.object({ bets: z.array(lotteryBet), balance: minorUnits })),
});

export const myLotteryBets = defineCall({
  method: 'GET',
  path: '/wps/lottery/bets',
  class: 'read',
  summary: 'The member’s lottery bets, newest first',
  auth: 'token',
  registeredOnly: true,
  query: z.object({
    gameCode: z.string().trim().max(40).optional(),
    status: z.enum(['OPEN', 'WON', 'LOST', 'REFUNDED']).optional(),
    ...paging(),
  }),
  response: wpsReply(z.object({ list: z.array(lotteryBet), totalPages: z.number().int() })),
});
