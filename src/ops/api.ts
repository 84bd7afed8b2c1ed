import { t } from '@lingui/core/macro';
import type { AnyCall, CallInput, CallOutput } from '../../contract/call.ts';
import { ApiError, call, fillPath, withQuery } from '../api/client.ts';

/**
 * The back office's own session: its token lives in session storage under its own key, apart from the member's
 * (`token`), so an operator and a member can be signed in side by side in one browser.
 */
const TOKEN_KEY = 'opsToken';

export const storedOpsToken = (): string | null => sessionStorage.getItem(TOKEN_KEY);
export const storeOpsToken = (token: string) => sessionStorage.setItem(TOKEN_KEY, token);
export const forgetOpsToken = () => sessionStorage.removeItem(TOKEN_KEY);

export const bearer = (): Record<string, string> => {
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
    const reply = await call(c, input, { headers: bearer() });
    const value = (reply as { value?: { list?: unknown } }).value;
    if (c.method === 'GET' && value && Array.isArray(value.list)) listSources.set(value, { call: c, input });
    return reply;
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

/**
 * Which call, with which input, each operator list reply came from (the reply's value object, as the ops queries
 * keep it: server/http/csv.ts answers every such list as CSV), so any table of one can offer its export.
 */
const listSources = new WeakMap<object, { call: AnyCall; input: CallInput<AnyCall> | undefined }>();

/** The CSV address of a list reply's call with its filters (the server walks every page itself). */
export function csvSourceOf(list: unknown): string | undefined {
  const source = list && typeof list === 'object' ? listSources.get(list) : undefined;
  if (!source) return undefined;
  const { pageNo: _n, pageSize: _s, ...filters } = (source.input?.query ?? {}) as Record<string, unknown>;
  return withQuery(fillPath(source.call.path, source.input?.params), { ...filters, format: 'csv' });
}

/** `derived` (a list narrowed in the browser) exports as the reply it was made from. */
export function sameSource<T extends object>(reply: object, derived: T): T {
  const source = listSources.get(reply);
  if (source) listSources.set(derived, source);
  return derived;
}

/** Downloads a CSV export with the operator's token, under the name the server gives it. */
export async function downloadCsv(path: string): Promise<void> {
  const reply = await fetch(path, { headers: bearer() });
  if (!reply.ok) throw new ApiError(reply.status === 403 ? 'FORBIDDEN' : 'INTERNAL', '', {}, reply.status);
  const name = /filename="([^"]+)"/.exec(reply.headers.get('content-disposition') ?? '')?.[1] ?? 'export.csv';
  const url = URL.createObjectURL(await reply.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** A picture operators read with their token (an entry's upload, a withdrawal's proof): its bytes, for an object URL. */
export async function fetchPicture(path: string): Promise<Blob> {
  const reply = await fetch(path, { headers: bearer() });
  if (!reply.ok) throw new ApiError(reply.status === 403 ? 'FORBIDDEN' : 'NOT_FOUND', '', {}, reply.status);
  return reply.blob();
}
