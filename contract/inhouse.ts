import { z } from 'zod';
import { defineCall, emptyQuery, wpsReply } from './call.ts';
import { minorUnits } from './wallet.ts';

/**
 * In-house games (vendor PORTICO): the slots, dice, Hi-Lo, Mines and Bingo our server runs. The game page
 * authenticates with the launch token of its URL (header X-Launch-Token); every spin, roll, draw or ladder (Hi-Lo,
 * Mines: from the start to the cash-out or the loss) is one round on the seamless wallet.
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
  // Wolf Fortune
  'WOLF',
  'MOON',
  'EAGLE',
  'BEAR',
  'STAG',
  'ACE',
  'KING',
  'QUEEN',
  'JACK',
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

export const inhouseGame = z.enum(['slot', 'dice', 'hilo', 'mines', 'bingo']);
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

/** Ladder games (Hi-Lo, Mines): the house edge is taken once, on the cash-out, whatever the player's path. */
export const LADDER_RTP = 0.97;
/** A ladder round cashes out by itself once its multiplier reaches this. */
export const LADDER_AUTO_CASHOUT = 1_000;
export const ladderStatus = z.enum(['playing', 'lost', 'cashed']);
export type LadderStatus = z.infer<typeof ladderStatus>;
const roundId = z.string().min(1).max(100);

/** Hi-Lo: a card is rank 1 (ace, low) … 13 (king) and suit 0–3 (spades, hearts, diamonds, clubs). */
export const HILO_MAX_STEPS = 20;
export const hiloGuess = z.enum(['hi', 'lo']);
export type HiloGuess = z.infer<typeof hiloGuess>;
const card = z.object({ rank: z.number().int().min(1).max(13), suit: z.number().int().min(0).max(3) });
export type Card = z.infer<typeof card>;
const choice = z.object({ chance: z.number(), multiplier: z.number() });
export const hiloRound = z.object({
  roundId: z.string(),
  bet: minorUnits,
  /** Every card dealt, the first one and one per guess. */
  cards: z.array(card),
  guesses: z.array(hiloGuess),
  status: ladderStatus,
  /** What a cash-out pays now, in bets (0 before the first right guess is still the bet × RTP). */
  multiplier: z.number(),
  /** Each guess's chance and the multiplier it leads to; null once the round is over. */
  next: z.object({ hi: choice, lo: choice }).nullable(),
  win: minorUnits,
});
export type HiloRound = z.infer<typeof hiloRound>;
const hiloReply = wpsReply(z.object({ round: hiloRound, balance: minorUnits }));
export type HiloReply = z.infer<typeof hiloReply>['value'];

/** Mines: a 5 × 5 field of tiles 0–24 (row by row), with 1–24 mines placed by the server at the start. */
export const MINES_TILES = 25;
export const MINES_MIN = 1;
export const MINES_MAX = 24;
export const minesRound = z.object({
  roundId: z.string(),
  bet: minorUnits,
  mines: z.number().int(),
  /** Safe tiles opened, in order. */
  picks: z.array(z.number().int()),
  /** Where the mines were: shown only once the round is over. */
  mineTiles: z.array(z.number().int()).nullable(),
  status: ladderStatus,
  multiplier: z.number(),
  /** The multiplier the next safe tile leads to; null once the round is over. */
  nextMultiplier: z.number().nullable(),
  win: minorUnits,
  /** sha256 hex of "mineTiles joined by commas:salt", fixed at the start: the end's reveal must match it. */
  seal: z.string(),
  /** Revealed once the round is over, with mineTiles. */
  salt: z.string().nullable(),
});
export type MinesRound = z.infer<typeof minesRound>;
const minesReply = wpsReply(z.object({ round: minesRound, balance: minorUnits }));
export type MinesReply = z.infer<typeof minesReply>['value'];

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
          /** The title's symbols, wild first, then the scatter, then by pay. */
          symbols: z.array(slotSymbol),
          /** Pay per symbol by count of a kind (index = count): line bets, the scatter in total bets. */
          paytable: z.partialRecord(slotSymbol, z.array(z.number())),
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
      hilo: z.object({ rtp: z.number(), maxSteps: z.number().int(), open: hiloRound.nullable() }).nullable(),
      mines: z
        .object({
          rtp: z.number(),
          tiles: z.number().int(),
          minMines: z.number().int(),
          maxMines: z.number().int(),
          defaultMines: z.number().int(),
          open: minesRound.nullable(),
        })
        .nullable(),
      bingo: z
        .object({
          rtp: z.number(),
          balls: z.number().int(),
          drawn: z.number().int(),
          /** Pay in bets by lines completed (index = rows + columns); 8 lines is the full card. */
          paytable: z.array(z.number()),
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

export const hiloStart = defineCall({
  method: 'POST',
  path: '/inhouse/hilo/start',
  class: 'play',
  summary: 'Starts a Hi-Lo round: the bet, and the first card',
  auth: 'launch',
  body: z.object({ requestId, bet }),
  response: hiloReply,
});
export const hiloPlay = defineCall({
  method: 'POST',
  path: '/inhouse/hilo/guess',
  class: 'play',
  summary: 'Guesses whether the next card is higher or lower; a wrong guess ends the round',
  auth: 'launch',
  body: z.object({
    roundId,
    /** How many guesses the round had when the page sent this one: a retry of an answered guess changes nothing. */
    step: z.number().int().min(0).max(HILO_MAX_STEPS),
    guess: hiloGuess,
  }),
  response: hiloReply,
});
export const hiloCashout = defineCall({
  method: 'POST',
  path: '/inhouse/hilo/cashout',
  class: 'play',
  summary: 'Ends a Hi-Lo round and pays the bet × the multiplier reached',
  auth: 'launch',
  body: z.object({ roundId }),
  response: hiloReply,
});

export const minesStart = defineCall({
  method: 'POST',
  path: '/inhouse/mines/start',
  class: 'play',
  summary: 'Starts a Mines round: the bet and the number of mines; the server places them',
  auth: 'launch',
  body: z.object({
    requestId,
    bet,
    mines: z
      .number({ error: 'Mines must be a number' })
      .int('Mines must be a whole number')
      .min(MINES_MIN, `Mines must be between ${MINES_MIN} and ${MINES_MAX}`)
      .max(MINES_MAX, `Mines must be between ${MINES_MIN} and ${MINES_MAX}`),
  }),
  response: minesReply,
});
export const minesPick = defineCall({
  method: 'POST',
  path: '/inhouse/mines/pick',
  class: 'play',
  summary: 'Opens a tile: a mine ends the round, a safe tile raises the multiplier',
  auth: 'launch',
  body: z.object({
    roundId,
    tile: z
      .number({ error: 'Tile must be a number' })
      .int('Tile must be a whole number')
      .min(0, 'Tile must be between 1 and 25')
      .max(MINES_TILES - 1, 'Tile must be between 1 and 25'),
  }),
  response: minesReply,
});
export const minesCashout = defineCall({
  method: 'POST',
  path: '/inhouse/mines/cashout',
  class: 'play',
  summary: 'Ends a Mines round and pays the bet × the multiplier reached',
  auth: 'launch',
  body: z.object({ roundId }),
  response: minesReply,
});

/** Bingo Turbo: a card of 15 numbers (3 rows × 5 columns B-I-N-G-O), 30 balls of 75 drawn at once. */
export const BINGO_BALLS = 75;
export const BINGO_DRAWN = 30;
export const bingoPlay = defineCall({
  method: 'POST',
  path: '/inhouse/bingo/play',
  class: 'play',
  summary: 'One Bingo Turbo round: a card, 30 balls, the rows and columns completed, the win',
  auth: 'launch',
  body: z.object({ requestId, bet }),
  response: wpsReply(
    z.object({
      roundId: z.string(),
      /** 15 numbers, row by row (3 rows of 5); column c holds numbers 15c+1 … 15c+15. */
      card: z.array(z.number().int()),
      /** The balls in draw order. */
      balls: z.array(z.number().int()),
      /** Complete rows (0–2) and columns (0–4). */
      rows: z.array(z.number().int()),
      columns: z.array(z.number().int()),
      multiplier: z.number(),
      bet: minorUnits,
      win: minorUnits,
      balance: minorUnits,
    }),
  ),
});
export type BingoPlayReply = z.infer<typeof bingoPlay.response>['value'];
