import { useCallback, useReducer, useRef } from 'react';
import { ApiError } from '../../api/client.ts';
import { newRequestId } from '../../api/requestId.ts';
import {
  awaitsRetry,
  initialRound,
  type RoundError,
  type RoundEvent,
  type RoundRequest,
  type RoundState,
  roundReducer,
} from './round.ts';

const roundError = (err: unknown): RoundError =>
  err instanceof ApiError
    ? { code: err.code, balance: err.extra.balance, until: err.extra.until }
    : { code: 'NETWORK' };

/**
 * Plays rounds through `send`: one at a time; after a network failure the next play (or `retry`) resends the
 * unanswered request with its bet and request id unchanged.
 */
export function useRound<B extends object, R extends { balance: number }>(
  send: (request: RoundRequest<B>) => Promise<R>,
  onSettled?: () => void,
) {
  const [state, dispatch] = useReducer(
    roundReducer as (s: RoundState<B, R>, e: RoundEvent<B, R>) => RoundState<B, R>,
    undefined,
    initialRound<B, R>,
  );
  // A double click must not start two rounds before React re-renders.
  const busy = useRef(false);

  const run = useCallback(
    async (request: RoundRequest<B>) => {
      if (busy.current) return;
      busy.current = true;
      dispatch({ type: 'start', request });
      try {
        dispatch({ type: 'settled', reply: await send(request) });
        onSettled?.();
      } catch (err) {
        dispatch({ type: 'failed', error: roundError(err) });
      } finally {
        busy.current = false;
      }
    },
    [send, onSettled],
  );

  const retrying = awaitsRetry(state);
  return {
    state,
    retrying,
    play: (body: B) => {
      if (state.ended) return;
      void run(retrying && state.pending ? state.pending : { ...body, requestId: newRequestId() });
    },
  };
}
