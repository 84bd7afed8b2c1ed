import {
  type DiceDirection,
  type DiceRollReply,
  diceTargetRange,
  type InhouseSession,
  SLOT_SYMBOLS,
  type SlotSpinReply,
  type SlotSymbol,
} from '../../../contract/inhouse.ts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../http/errors.ts';
import type { Merchant } from '../../http/merchant.ts';
import type { Launch } from '../../http/route.ts';
import { idempotencyConflict } from '../../lib/idempotency.ts';
import { INHOUSE_VENDOR } from '../../ports/gameVendor.ts';
import type { Player, SeamlessWallet } from '../seamless/service.ts';
import type { Ledger } from '../wallet/ledger.ts';
import { type InhouseGameInfo, launchedGame } from './catalogue.ts';
import { roll } from './dice.ts';
import type { RandomInt } from './random.ts';
import { PAYLINES, PAYTABLE, slotRtp, spin } from './slot.ts';

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

const SLOT_RTP = Math.round(slotRtp().total * 10_000) / 10_000;
const PAYTABLE_COPY = Object.fromEntries(SLOT_SYMBOLS.map((s) => [s, [...PAYTABLE[s]]])) as Record<
  SlotSymbol,
  number[]
>;

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

  async function play<O extends Outcome>(
    launch: Launch,
    game: InhouseGameInfo,
    input: { requestId: string; bet: number; target?: number; direction?: DiceDirection },
    draw: () => O,
  ): Promise<O & { roundId: string; bet: number; balance: number }> {
    if (!game.betSteps.includes(input.bet))
      throw new DomainError(400, 'VALIDATION', 'Invalid bet', { bet: 'Choose one of the offered bets' });
    const p = playerOf(launch);
    const roundRef = `m${launch.memberId}-${input.requestId}`;
    const txId = (op: string) => `${roundRef}-${op}`;
    await deps.seamless
      .bet(p, {
        txId: txId('bet'),
        roundRef,
        amount: BigInt(input.bet),
        nodeId: game.nodeId,
        gameType: 'INHOUSE',
        outcome: { ...draw(), bet: input.bet },
        // A retry must be the same request: the page's request id reused for another bet or pick is refused.
        request: { target: input.target, direction: input.direction },
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
    const outcome = round.outcome as O & { bet: number };
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
        slot:
          game.engine === 'slot'
            ? { paylines: PAYLINES.map((l) => [...l]), paytable: PAYTABLE_COPY, rtp: SLOT_RTP }
            : null,
        dice:
          game.engine === 'dice'
            ? { rtp: 0.97, under: diceTargetRange('under'), over: diceTargetRange('over') }
            : null,
      };
    },

    async spin(launch: Launch, input: { requestId: string; bet: number }): Promise<SlotSpinReply> {
      const game = await launchedGame(db, launch, 'slot');
      const r = await play(launch, game, input, () => spin(input.bet, deps.random));
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
      const r = await play(launch, game, input, () =>
        roll(input.bet, input.target, input.direction, deps.random),
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
  };
}
export type InhouseService = ReturnType<typeof createInhouseService>;
