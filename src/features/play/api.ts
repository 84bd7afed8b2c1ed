import { LAUNCH_TOKEN_HEADER } from '../../../contract/call.ts';
import {
  bingoPlay,
  type DiceDirection,
  diceRoll,
  type HiloGuess,
  hiloCashout,
  hiloPlay,
  hiloStart,
  inhouseSession,
  minesCashout,
  minesPick,
  minesStart,
  slotSpin,
} from '../../../contract/inhouse.ts';
import { call } from '../../api/client.ts';

/** The game page's calls carry its launch token (from the `t` of its URL), not the portal session. */
const withToken = (token: string) => ({ headers: { [LAUNCH_TOKEN_HEADER]: token } });

export const loadPlaySession = async (token: string) =>
  (await call(inhouseSession, { query: {} }, withToken(token))).value;

export const spinSlot = async (token: string, body: { requestId: string; bet: number }) =>
  (await call(slotSpin, { body }, withToken(token))).value;

export const rollDice = async (
  token: string,
  body: { requestId: string; bet: number; target: number; direction: DiceDirection },
) => (await call(diceRoll, { body }, withToken(token))).value;

export const playBingo = async (token: string, body: { requestId: string; bet: number }) =>
  (await call(bingoPlay, { body }, withToken(token))).value;

/** A ladder game's move: start a round (a request id makes its bet once), or a step of the round in play. */
export type HiloMove =
  | { kind: 'start'; bet: number }
  | { kind: 'guess'; roundId: string; step: number; guess: HiloGuess }
  | { kind: 'cashout'; roundId: string };

export async function moveHilo(token: string, move: HiloMove & { requestId: string }) {
  const h = withToken(token);
  switch (move.kind) {
    case 'start':
      return (await call(hiloStart, { body: { requestId: move.requestId, bet: move.bet } }, h)).value;
    case 'guess':
      return (
        await call(hiloPlay, { body: { roundId: move.roundId, step: move.step, guess: move.guess } }, h)
      ).value;
    case 'cashout':
      return (await call(hiloCashout, { body: { roundId: move.roundId } }, h)).value;
  }
}

export type MinesMove =
  | { kind: 'start'; bet: number; mines: number }
  | { kind: 'pick'; roundId: string; tile: number }
  | { kind: 'cashout'; roundId: string };

export async function moveMines(token: string, move: MinesMove & { requestId: string }) {
  const h = withToken(token);
  switch (move.kind) {
    case 'start':
      return (
        await call(minesStart, { body: { requestId: move.requestId, bet: move.bet, mines: move.mines } }, h)
      ).value;
    case 'pick':
      return (await call(minesPick, { body: { roundId: move.roundId, tile: move.tile } }, h)).value;
    case 'cashout':
      return (await call(minesCashout, { body: { roundId: move.roundId } }, h)).value;
  }
}
