import { LAUNCH_TOKEN_HEADER } from '../../../contract/call.ts';
import { type DiceDirection, diceRoll, inhouseSession, slotSpin } from '../../../contract/inhouse.ts';
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
