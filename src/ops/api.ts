import { t } from '@lingui/core/macro';
import type { AnyCall, CallInput, CallOutput } from '../../contract/call.ts';
import { ApiError, call } from '../api/client.ts';

/**
 * The back office's own session: its token lives in session storage under its own key, apart from the member's
 * (`token`), so an operator and a member can be signed in side by side in one browser.
 */
const TOKEN_KEY = 'opsToken';

export const storedOpsToken = (): string | null => sessionStorage.getItem(TOKEN_KEY);
export const storeOpsToken = (token: string) => sessionStorage.setItem(TOKEN_KEY, token);
export const forgetOpsToken = () => sessionStorage.removeItem(TOKEN_KEY);

const bearer = (): Record<string, string> => {
  const token = storedOpsToken();
  return token ? { authorization: `Bearer ${token}` } : {};
};

let onExpired: () => void = () => {};
/** `handler` runs when the server no longer knows the token (ended, expired, operator disabled); returns an undo. */
export function whenOpsTokenExpires(handler: () => void): () => void {
  onExpired = handler;
  return () => {
    if (onExpired === handler) onExpired = () => {};
  };
}

/**
 * `call` with the operator's bearer (it replaces the member's). A refused token signs the operator out; a call the
 * role may not make fails with words that say so, wherever the page shows the failure.
 */
export async function opsCall<C extends AnyCall>(c: C, input?: CallInput<C>): Promise<CallOutput<C>> {
  try {
    return await call(c, input, { headers: bearer() });
  } catch (err) {
    if (!(err instanceof ApiError) || c.auth !== 'ops') throw err;
    if (err.code === 'UNAUTHORIZED') {
      forgetOpsToken();
      onExpired();
    }
    if (err.code === 'FORBIDDEN')
      throw new ApiError('FORBIDDEN', t`Your role may not do this. Ask an administrator.`, {}, err.status);
    throw err;
  }
}

/** An entry's picture (`GET /ops/uploads/:name`, operator token): its bytes, for an object URL. */
export async function fetchUpload(name: string): Promise<Blob> {
  const reply = await fetch(`/ops/uploads/${encodeURIComponent(name)}`, { headers: bearer() });
  if (!reply.ok) throw new ApiError(reply.status === 403 ? 'FORBIDDEN' : 'NOT_FOUND', '', {}, reply.status);
  return reply.blob();
}
