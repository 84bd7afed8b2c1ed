import type { ErrorCode } from '../../../contract/call.ts';

/**
 * One round of an in-house game, as the page sees it: the request in flight (or the one a network failure left
 * unanswered, which a retry sends again unchanged, so the server replays it if it did arrive), the last result,
 * the balance and why the last round failed.
 */
export interface RoundError {
  code: ErrorCode | 'NETWORK';
  /** INSUFFICIENT_FUNDS: the real balance. */
  balance?: number;
  /** SELF_EXCLUDED: until when the break holds (ISO; null: self-excluded without end). */
  until?: string | null;
}

export type RoundRequest<B> = B & { requestId: string };

export interface RoundState<B, R> {
  /** Null until the first round: the session's balance holds. */
  balance: number | null;
  pending: RoundRequest<B> | null;
  playing: boolean;
  result: R | null;
  error: RoundError | null;
  /** The launch token was refused: the session is over. */
  ended: boolean;
}

export type RoundEvent<B, R> =
  | { type: 'start'; request: RoundRequest<B> }
  | { type: 'settled'; reply: R & { balance: number } }
  | { type: 'failed'; error: RoundError };

export const initialRound = <B, R>(): RoundState<B, R> => ({
  balance: null,
  pending: null,
  playing: false,
  result: null,
  error: null,
  ended: false,
});

export function roundReducer<B, R>(state: RoundState<B, R>, event: RoundEvent<B, R>): RoundState<B, R> {
  switch (event.type) {
    case 'start':
      if (state.playing || state.ended) return state;
      return { ...state, pending: event.request, playing: true, error: null };
    case 'settled':
      return { ...state, pending: null, playing: false, result: event.reply, balance: event.reply.balance };
    case 'failed': {
      const { error } = event;
      const next = { ...state, playing: false, error };
      // Did the request arrive? Unknown: keep it, so a retry replays it rather than betting again.
      if (error.code === 'NETWORK') return next;
      if (error.code === 'UNAUTHORIZED') return { ...next, pending: null, ended: true };
      if (error.code === 'INSUFFICIENT_FUNDS')
        return { ...next, pending: null, balance: error.balance ?? state.balance };
      return { ...next, pending: null };
    }
  }
}

/** A network failure left a request unanswered: the next play sends that same request again. */
export const awaitsRetry = (state: RoundState<unknown, unknown>) =>
  state.error?.code === 'NETWORK' && state.pending !== null;
