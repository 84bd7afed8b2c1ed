// The soak's HTTP client: a reply, or a NetworkError when the server was not there to answer (killed, restarting),
// so the operation is tried again later with the same idempotency keys.
import { LAUNCH_TOKEN_HEADER } from '../../contract/call.ts';
import { MERCHANT_HEADER } from '../../contract/merchant.ts';

export class NetworkError extends Error {}
/** A 5xx: a fault of the server, never retried, always reported. */
export class ServerError extends Error {}

export interface Reply {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: replies of many calls, read by the operation that made them
  body: any;
}

export interface Caller {
  /** X-Forwarded-For: the address the caller's requests come from (the server trusts the proxy). */
  ip: string;
  token?: string;
  launch?: string;
}

export type Send = (method: string, path: string, who: Caller, body?: unknown) => Promise<Reply>;

/** Requests to `base()` (read at each request: the server may have been restarted meanwhile). */
export function http(base: () => string): Send {
  return async (method, path, who, body) => {
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${base()}${path}`, {
        method,
        headers: {
          [MERCHANT_HEADER]: 'PORTICO',
          'x-forwarded-for': who.ip,
          ...(who.token ? { authorization: `Bearer ${who.token}` } : {}),
          ...(who.launch ? { [LAUNCH_TOKEN_HEADER]: who.launch } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(60_000),
      });
      text = await res.text();
    } catch (err) {
      throw new NetworkError(`${method} ${path}: ${(err as Error).cause ?? err}`);
    }
    if (res.status >= 500) throw new ServerError(`${res.status} ${method} ${path}: ${text.slice(0, 300)}`);
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
}
