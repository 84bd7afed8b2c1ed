import {
  type BingoPlayReply,
  DICE_RTP,
  type DiceDirection,
  type DiceRollReply,
  diceTargetRange,
  HILO_MAX_STEPS,
  type HiloGuess,
  type HiloReply,
  type InhouseSession,
  LADDER_RTP,
  MINES_MAX,
  MINES_MIN,
  MINES_TILES,
  type MinesReply,
  type SlotSpinReply,
} from '../../../contract/inhouse.ts';
import type { Db, Tx } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import type { Merchant } from '../../http/merchant.ts';
import type { Launch } from '../../http/route.ts';
import type { Field } from '../../lib/idempotency.ts';
import { idempotencyConflict } from '../../lib/idempotency.ts';
import { INHOUSE_VENDOR } from '../../ports/gameVendor.ts';
import type { Player, SeamlessWallet } from '../seamless/service.ts';
import type { Ledger } from '../wallet/ledger.ts';
import { BINGO_PAYTABLE, play as bingoDraw, bingoRtp } from './bingo.ts';
import { type InhouseGameInfo, launchedGame } from './catalogue.ts';
import { roll } from './dice.ts';
import { type HiloState, hiloCashout, hiloGuess, hiloStart, hiloView } from './hilo.ts';
import { type MinesState, minesCashout, minesPick, minesStart, minesView } from './mines.ts';
import type { RandomInt } from './random.ts';
import { advanceRound, openRoundOf } from './rounds.ts';
import { MEGA_CHERRIES, type Slot } from './slot.ts';
import { WOLF_FORTUNE } from './wolf.ts';

/** Play money a trial account gets once (2,000.00). */
export const TRIAL_CREDIT = 200_000n;

/**
 * Credits a trial account's play money; the idempotency key makes it once per account. Given when the account is
 * opened, so the header's balance and the game's agree from the first screen; an in-house session asks again for
 * trial accounts opened before that (a replay moves nothing).
 */
export async function grantTrialCredit(ledger: Ledger, merchantCode: string, memberId: number) {
  const promo = await ledger.wallet(merchantCode, null, 'HOUSE_PROMO');
  const main = await ledger.wallet(merchantCode, memberId, 'MAIN');
  await ledger.post(merchantCode, `inhouse:trial-credit:${memberId}`, 'TRIAL_CREDIT', [
    { walletId: promo, amount: -TRIAL_CREDIT },
    { walletId: main, amount: TRIAL_CREDIT },
  ]);
}

const rounded = (rtp: number) => Math.round(rtp * 10_000) / 10_000;

/** Each slot title's reels; any other slot node plays Mega Cherries' (titles.ts lists which nodes are slots). */
const SLOTS: Record<string, Slot> = { PORTICO_INHOUSE_WOLF_FORTUNE: WOLF_FORTUNE };
const slotOf = (nodeId: string) => SLOTS[nodeId] ?? MEGA_CHERRIES;
const SLOT_INFO = new Map(
  [MEGA_CHERRIES, WOLF_FORTUNE].map((slot) => [
    slot,
    {
      paylines: slot.def.paylines.map((l) => [...l]),
      symbols: [...slot.def.symbols],
      paytable: Object.fromEntries(slot.def.symbols.map((s) => [s, [...(slot.def.paytable[s] ?? [])]])),
      rtp: rounded(slot.rtp().total),
    },
  ]),
);
const BINGO_INFO = { rtp: rounded(bingoRtp().rtp), balls: 75, drawn: 30, paytable: [...BINGO_PAYTABLE] };

/** A Hi-Lo guess sent for an earlier step is a retry: it changes nothing. One for a later step is stale. */
const staleStep = () =>
  new DomainError(409, 'CONFLICT', 'The round has moved on: reload the game to see where it is');
const roundInPlay = () => new DomainError(409, 'CONFLICT', 'Finish the round in play first');

type Ladder = { status: 'playing' | 'lost' | 'cashed'; win: number; bet: number };

export interface InhouseDeps {
  seamless: SeamlessWallet;
  ledger: Ledger;
  random: RandomInt;
  /** Where a failed rollback is reported (the round stays open; a retry of the request settles it). */
  report?: (err: unknown) => void;
}

type Outcome = { win: number };

/**
 * An in-house round is the member's own play, not a vendor's call: each of its movements on the seamless wallet
 * (INHOUSE_BET with the game, INHOUSE_WIN, INHOUSE_ROLLBACK) is audited as the member's, in the movement's
 * transaction (`SeamlessDeps.auditAs`).
 */
export const inhouseAudit = (p: Player, op: string) => ({
  actor: `member:${p.memberId}`,
  action: `INHOUSE_${op.toUpperCase()}`,
});

/**
 * In-house games on the seamless wallet. A spin or roll is one round: the outcome is drawn, then the bet (which
 * stores the outcome on the round), then the win (0 too). Transaction ids derive from the member and the page's
 * request id, so a retried request replays the first round: its outcome, its win, its balance.
 */
export function createInhouseService(db: Db, deps: InhouseDeps) {
  const playerOf = (launch: Launch): Player => ({
    merchantCode: launch.merchantCode,
    memberId: launch.memberId,
    vassalage: INHOUSE_VENDOR,
    trial: launch.trial,
  });

  /**
   * The bet of a round, with the outcome (or a ladder's first state) the server drew for it stored on the round.
   * A replayed request finds the first one's round and its outcome.
   */
  async function placeBet<O extends object>(
    launch: Launch,
    game: InhouseGameInfo,
    input: { requestId: string; bet: number; request?: Record<string, Field> },
    draw: () => O,
    underLock?: (tx: Tx) => Promise<void>,
  ): Promise<{ roundRef: string; outcome: O; balance: number }> {
    if (!game.betSteps.includes(input.bet))
      throw new DomainError(400, 'VALIDATION', 'Invalid bet', { bet: 'Choose one of the offered bets' });
    const p = playerOf(launch);
    const roundRef = `m${launch.memberId}-${input.requestId}`;
    const placed = await deps.seamless
      .bet(p, {
        txId: `${roundRef}-bet`,
        roundRef,
        amount: BigInt(input.bet),
        nodeId: game.nodeId,
        gameType: 'INHOUSE',
        outcome: draw() as Record<string, unknown>,
        // A retry must be the same request: the page's request id reused for another bet or pick is refused.
        request: input.request,
        underLock,
      })
      .catch((err: unknown) => {
        throw err instanceof DomainError && err.code === 'DUPLICATE_TRANSACTION'
          ? idempotencyConflict()
          : err;
      });
    // A replayed bet kept the first request's outcome: the round holds it.
    const round = (await deps.seamless.round(p, roundRef))!;
    if (round.status === 'ROLLED_BACK')
      throw new DomainError(409, 'CONFLICT', 'This round was cancelled and its bet returned');
    return { roundRef, outcome: round.outcome as O, balance: placed.balance };
  }

  /** Starts a ladder round: one at a time per game, so a round left mid-way is finished before the next. */
  async function startLadder<S extends Ladder>(
    launch: Launch,
    game: InhouseGameInfo,
    input: { requestId: string; bet: number; request?: Record<string, Field> },
    draw: () => S,
  ): Promise<{ roundRef: string; state: S; balance: number }> {
    // Under the member's wallet lock: two starts sent at once cannot both open a round.
    const oneAtATime = async (tx: Tx) => {
      if (await openRoundOf(tx, playerOf(launch), game.nodeId)) throw roundInPlay();
    };
    const { roundRef, outcome, balance } = await placeBet(launch, game, input, draw, oneAtATime);
    return { roundRef, state: outcome, balance };
  }

  /**
   * One step of a ladder round (a guess, a tile, a cash-out); a round it ends is settled with its win (0 on a
   * loss). The win's transaction id is the round's, so a retry settles once.
   */
  async function stepLadder<S extends Ladder>(
    launch: Launch,
    game: InhouseGameInfo,
    roundRef: string,
    step: (state: S) => S,
  ): Promise<{ state: S; balance: number }> {
    const p = playerOf(launch);
    const state = await advanceRound(db, p, roundRef, game.nodeId, step);
    if (state.status === 'playing') return { state, balance: (await deps.seamless.balance(p)).balance };
    const settled = await deps.seamless.win(p, {
      txId: `${roundRef}-win`,
      roundRef,
      amount: BigInt(state.win),
    });
    return { state, balance: settled.balance };
  }

  /** The member's ladder round of this game still in play, for the page to resume; one left ended is settled. */
  async function resume<S extends Ladder>(launch: Launch, game: InhouseGameInfo) {
    const open = await openRoundOf(db, playerOf(launch), game.nodeId);
    if (!open) return null;
    const { state } = await stepLadder<S>(launch, game, open.roundRef, (s) => s);
    return state.status === 'playing' ? { roundRef: open.roundRef, state } : null;
  }

  async function play<O extends Outcome>(
    launch: Launch,
    game: InhouseGameInfo,
    input: { requestId: string; bet: number; request?: Record<string, Field> },
    draw: () => O,
  ): Promise<O & { roundId: string; bet: number; balance: number }> {
    const { roundRef, outcome } = await placeBet(launch, game, input, () => ({ ...draw(), bet: input.bet }));
    const p = playerOf(launch);
    const txId = (op: string) => `${roundRef}-${op}`;
    try {
      const settled = await deps.seamless.win(p, {
        txId: txId('win'),
        roundRef,
        amount: BigInt(outcome.win),
      });
      return { ...outcome, roundId: roundRef, balance: settled.balance };
    } catch (err) {
      await deps.seamless.rollback(p, { txId: txId('rollback'), betTxId: txId('bet') }).catch(deps.report);
      throw err;
    }
  }

  return {
    async session(launch: Launch, merchant: Merchant): Promise<InhouseSession> {
      const game = await launchedGame(db, launch);
      if (launch.trial) await grantTrialCredit(deps.ledger, launch.merchantCode, launch.memberId);
      const hilo = game.engine === 'hilo' ? await resume<HiloState>(launch, game) : null;
      const mines = game.engine === 'mines' ? await resume<MinesState>(launch, game) : null;
      const { balance } = await deps.seamless.balance(playerOf(launch));
      return {
        game: game.engine,
        nodeId: game.nodeId,
        name: game.name,
        balance,
        currency: merchant.brand.currency,
        currencySign: merchant.brand.currencySign,
        trial: launch.trial,
        betSteps: game.betSteps,
        defaultBet: game.betSteps[0]!,
        slot: game.engine === 'slot' ? SLOT_INFO.get(slotOf(game.nodeId))! : null,
        dice:
          game.engine === 'dice'
            ? { rtp: DICE_RTP, under: diceTargetRange('under'), over: diceTargetRange('over') }
            : null,
        hilo:
          game.engine === 'hilo'
            ? {
                rtp: LADDER_RTP,
                maxSteps: HILO_MAX_STEPS,
                open: hilo && { roundId: hilo.roundRef, ...hiloView(hilo.state) },
              }
            : null,
        mines:
          game.engine === 'mines'
            ? {
                rtp: LADDER_RTP,
                tiles: MINES_TILES,
                minMines: MINES_MIN,
                maxMines: MINES_MAX,
                defaultMines: 3,
                open: mines && { roundId: mines.roundRef, ...minesView(mines.state) },
              }
            : null,
        bingo: game.engine === 'bingo' ? BINGO_INFO : null,
      };
    },

    async spin(launch: Launch, input: { requestId: string; bet: number }): Promise<SlotSpinReply> {
      const game = await launchedGame(db, launch, 'slot');
      const r = await play(launch, game, input, () => slotOf(game.nodeId).spin(input.bet, deps.random));
      return {
        roundId: r.roundId,
        reels: r.reels,
        lines: r.lines,
        scatter: r.scatter,
        bet: r.bet,
        win: r.win,
        balance: r.balance,
      };
    },

    async roll(
      launch: Launch,
      input: { requestId: string; bet: number; target: number; direction: DiceDirection },
    ): Promise<DiceRollReply> {
      const game = await launchedGame(db, launch, 'dice');
      const r = await play(
        launch,
        game,
        { ...input, request: { target: input.target, direction: input.direction } },
        () => roll(input.bet, input.target, input.direction, deps.random),
      );
      return {
        roundId: r.roundId,
        roll: r.roll,
        target: r.target,
        direction: r.direction,
        multiplier: r.multiplier,
        bet: r.bet,
        win: r.win,
        balance: r.balance,
      };
    },

    async bingo(launch: Launch, input: { requestId: string; bet: number }): Promise<BingoPlayReply> {
      const game = await launchedGame(db, launch, 'bingo');
      const r = await play(launch, game, input, () => bingoDraw(input.bet, deps.random));
      return {
        roundId: r.roundId,
        card: r.card,
        balls: r.balls,
        rows: r.rows,
        columns: r.columns,
        multiplier: r.multiplier,
        bet: r.bet,
        win: r.win,
        balance: r.balance,
      };
    },

    async hiloStart(launch: Launch, input: { requestId: string; bet: number }): Promise<HiloReply> {
      const game = await launchedGame(db, launch, 'hilo');
      const r = await startLadder(launch, game, input, () => hiloStart(input.bet, deps.random));
      return { round: { roundId: r.roundRef, ...hiloView(r.state) }, balance: r.balance };
    },

    async hiloGuess(
      launch: Launch,
      input: { roundId: string; step: number; guess: HiloGuess },
    ): Promise<HiloReply> {
      const game = await launchedGame(db, launch, 'hilo');
      const r = await stepLadder<HiloState>(launch, game, input.roundId, (s) => {
        if (input.step < s.guesses.length) return s;
        if (input.step > s.guesses.length) throw staleStep();
        return hiloGuess(s, input.guess, deps.random);
      });
      return { round: { roundId: input.roundId, ...hiloView(r.state) }, balance: r.balance };
    },

    async hiloCashout(launch: Launch, input: { roundId: string }): Promise<HiloReply> {
      const game = await launchedGame(db, launch, 'hilo');
      const r = await stepLadder<HiloState>(launch, game, input.roundId, (s) =>
        s.status === 'cashed' ? s : hiloCashout(s),
      );
      return { round: { roundId: input.roundId, ...hiloView(r.state) }, balance: r.balance };
    },

    async minesStart(
      launch: Launch,
      input: { requestId: string; bet: number; mines: number },
    ): Promise<MinesReply> {
      const game = await launchedGame(db, launch, 'mines');
      const r = await startLadder(launch, game, { ...input, request: { mines: input.mines } }, () =>
        minesStart(input.bet, input.mines, deps.random),
      );
      return { round: { roundId: r.roundRef, ...minesView(r.state) }, balance: r.balance };
    },

    async minesPick(launch: Launch, input: { roundId: string; tile: number }): Promise<MinesReply> {
      const game = await launchedGame(db, launch, 'mines');
      const r = await stepLadder<MinesState>(launch, game, input.roundId, (s) => minesPick(s, input.tile));
      return { round: { roundId: input.roundId, ...minesView(r.state) }, balance: r.balance };
    },

    async minesCashout(launch: Launch, input: { roundId: string }): Promise<MinesReply> {
      const game = await launchedGame(db, launch, 'mines');
      const r = await stepLadder<MinesState>(launch, game, input.roundId, (s) =>
        s.status === 'cashed' ? s : minesCashout(s),
      );
      return { round: { roundId: input.roundId, ...minesView(r.state) }, balance: r.balance };
    },
  };
}
export type InhouseService = ReturnType<typeof createInhouseService>;
