import { z } from 'zod';
import { defineCall, emptyQuery, wpsReply } from './call.ts';
import { minorUnits } from './wallet.ts';

/**
 * In-house games (vendor PORTICO): the slot and the dice game our server runs. The game page authenticates with
 * the launch token of its URL (header X-Launch-Token); every spin or roll is one round on the seamless wallet.
 */

export const SLOT_SYMBOLS = [
  'WILD',
  'SCATTER',
  'SEVEN',
  'BELL',
  'MELON',
  'GRAPES',
  'ORANGE',
  'LEMON',
  'CHERRY',
] as const;
export const slotSymbol = z.enum(SLOT_SYMBOLS);
export type SlotSymbol = z.infer<typeof slotSymbol>;

/** Dice: a roll is 0–9999 (shown 00.00–99.99); a target is on the same scale. */
export const DICE_ROLLS = 10_000;
/** Winning rolls a bet may cover: 1.96 % to 96 % chance keeps the multiplier within about 1.0104–49.49. */
export const DICE_MIN_WINNING = 196;
export const DICE_MAX_WINNING = 9_600;
/** The house keeps 3 %: payout = bet × 0.97 × 100 / chance %. */
export const DICE_RTP = 0.97;

export const diceDirection = z.enum(['under', 'over']);
export type DiceDirection = z.infer<typeof diceDirection>;

/** Rolls that win: under wins below the target, over wins at or above it. */
export const diceWinningRolls = (target: number, direction: DiceDirection) =>
  direction === 'under' ? target : DICE_ROLLS - target;

/** The targets a direction allows (inclusive), so the chance stays within the limits. */
export const diceTargetRange = (direction: DiceDirection) =>
  direction === 'under'
    ? { min: DICE_MIN_WINNING, max: DICE_MAX_WINNING }
    : { min: DICE_ROLLS - DICE_MAX_WINNING, max: DICE_ROLLS - DICE_MIN_WINNING };

/** The payout multiplier of a target (display; the server pays floor(bet × 9700 / winning rolls)). */
export const diceMultiplier = (target: number, direction: DiceDirection) =>
  (DICE_RTP * DICE_ROLLS) / diceWinningRolls(target, direction);

/** Largest single bet the games take (1,000,000.00): far above any step, it only stops absurd input early. */
export const MAX_BET = 100_000_000;

const bet = z
  .number({ error: 'Bet must be an amount' })
  .int('Bet must be a whole number of minor units')
  .positive('Bet must be more than 0')
  .max(MAX_BET, 'Bet is too large');
const requestId = z.uuid('Request id must be a UUID');

export const inhouseGame = z.enum(['slot', 'dice']);
export type InhouseGame = z.infer<typeof inhouseGame>;

const lineWin = z.object({
  /** 1-based payline number (session.slot.paylines[line - 1]). */
  line: z.number().int(),
  symbol: slotSymbol,
  /** Reels from the left the win covers. */
  count: z.number().int(),
  win: minorUnits,
});
export type LineWin = z.infer<typeof lineWin>;

export const inhouseSession = defineCall({
  method: 'GET',
  path: '/inhouse/session',
  class: 'read',
  summary: 'The launched in-house game: which one, its name, the balance, bet steps and (slot) paytable',
  auth: 'launch',
  query: emptyQuery,
  response: wpsReply(
    z.object({
      game: inhouseGame,
      nodeId: z.string(),
      name: z.string(),
      balance: minorUnits,
      currency: z.string(),
      currencySign: z.string(),
      /** A trial account's launch: play money. */
      trial: z.boolean(),
      /** The bets offered (minor units, ascending); any other amount is refused. */
      betSteps: z.array(minorUnits),
      defaultBet: minorUnits,
      slot: z
        .object({
          /** Row (0 top … 2 bottom) per reel of each payline. */
          paylines: z.array(z.array(z.number().int())),
          /** Pay per symbol by count of a kind (index = count): line bets, the scatter in total bets. */
          paytable: z.record(slotSymbol, z.array(z.number())),
          rtp: z.number(),
        })
        .nullable(),
      dice: z
        .object({
          rtp: z.number(),
          under: z.object({ min: z.number().int(), max: z.number().int() }),
          over: z.object({ min: z.number().int(), max: z.number().int() }),
        })
        .nullable(),
    }),
  ),
});
export type InhouseSession = z.infer<typeof inhouseSession.response>['value'];

export const slotSpin = defineCall({
  method: 'POST',
  path: '/inhouse/slot/spin',
  class: 'play',
  summary: 'One slot round: the bet, the reels, the line and scatter wins, the balance after',
  auth: 'launch',
  body: z.object({ requestId, bet }),
  response: wpsReply(
    z.object({
      roundId: z.string(),
      /** 5 columns of 3 symbols, top to bottom. */
      reels: z.array(z.array(slotSymbol)),
      lines: z.array(lineWin),
      scatter: z.object({ count: z.number().int(), win: minorUnits }).nullable(),
      bet: minorUnits,
      win: minorUnits,
      balance: minorUnits,
    }),
  ),
});
export type SlotSpinReply = z.infer<typeof slotSpin.response>['value'];

export const diceRoll = defineCall({
  method: 'POST',
  path: '/inhouse/dice/roll',
  class: 'play',
  summary: 'One dice round: roll 00.00–99.99 under or over a target; payout = bet × 0.97 × 100 / chance',
  auth: 'launch',
  body: z
    .object({
      requestId,
      bet,
      target: z.number({ error: 'Target must be a number' }).int('Target must be a whole number'),
      direction: diceDirection,
    })
    .superRefine((v, ctx) => {
      const { min, max } = diceTargetRange(v.direction);
      if (v.target < min || v.target > max)
        ctx.addIssue({
          code: 'custom',
          path: ['target'],
          message: `Target must be between ${(min / 100).toFixed(2)} and ${(max / 100).toFixed(2)}`,
        });
    }),
  response: wpsReply(
    z.object({
      roundId: z.string(),
      /** 0–9999, shown as 00.00–99.99. */
      roll: z.number().int(),
      target: z.number().int(),
      direction: diceDirection,
      multiplier: z.number(),
      bet: minorUnits,
      win: minorUnits,
      balance: minorUnits,
    }),
  ),
});
export type DiceRollReply = z.infer<typeof diceRoll.response>['value'];
