import type { AnyCall, CallInput, CallOutput, ErrorCode, ErrorEnvelope } from '../../contract/call.ts';
import { LANGUAGE_HEADER, MERCHANT_HEADER } from '../../contract/constants.ts';
import type { Route } from '../../contract/routes.ts';
import { type FirstRepliesStore, pageReplies } from './firstReplies.ts';
import { storedMerchant, storedToken } from './session.ts';

/** A failed call: the server's envelope code, or NETWORK when no envelope came back. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    readonly fields: Record<string, string> = {},
    readonly status = 0,
    /** Login: the next attempt needs a captcha. */
    readonly captchaRequired?: boolean,
    /** INSUFFICIENT_FUNDS: the real balance; GAME_MAINTENANCE: until when (minor units / ISO time). */
    readonly extra: Pick<
      ErrorEnvelope,
      'balance' | 'maintenanceUntil' | 'until' | 'limit' | 'retryAfter'
    > = {},
  ) {
    super(message);
  }
}

/**
 * Who calls and how: the tab's session (`pageApi`), or one server render's (src/ssr/firstScreen.tsx), which two
 * renders at once must not share.
 */
export interface ApiScope {
  /** The Language header every call carries (spec §7: launch and lists depend on it). */
  language: string;
  /** The merchant the calls name (a white-label link's), null for the domain's. */
  merchant(): string | null;
  token(): string | null;
  /** The page's replies to the first calls, taken instead of asking. */
  firstReplies: FirstRepliesStore;
}

export interface Api {
  readonly scope: ApiScope;
  call<C extends AnyCall>(
    c: C | Route<C>,
    input?: CallInput<C>,
    options?: { headers?: Record<string, string> },
  ): Promise<CallOutput<C>>;
  /**
   * Whether the page carries the reply to this GET (its first replies), which `call` takes instead of asking: it was
   * answered with the page's request (firstReplies.ts pageRequestTimes), not with a call of its own.
   */
  carries<C extends AnyCall>(c: C | Route<C>, input?: CallInput<C>): boolean;
}

export const createApi = (scope: ApiScope): Api => ({
  scope,
  call: (c, input, options) => callIn(scope, c, input, options),
  carries: (c, input) =>
    c.method === 'GET' && scope.firstReplies.carries(urlOf(c, input), scope.merchant(), scope.language),
});

/** The tab's: its stored session and the replies its page carried. */
export const pageApi = createApi({
  language: 'en',
  merchant: storedMerchant,
  token: storedToken,
  firstReplies: pageReplies,
});

export const setApiLanguage = (locale: string) => {
  pageApi.scope.language = locale;
};

/** A long-lived reply read as it arrives (the back office's server-sent events): fetch, so headers can be sent. */
export const openStream = (path: string, headers: Record<string, string>, signal: AbortSignal) =>
  fetch(path, { headers, signal });

export const fillPath = (path: string, params: Record<string, unknown> = {}) =>
  path.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(String(params[k] ?? '')));

/** The query string of a call: absent values are left out, a list repeats its key. */
export function withQuery(path: string, query: object | undefined): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v])
      search.append(k, item === null ? '' : typeof item === 'object' ? JSON.stringify(item) : String(item));
  }
  const qs = search.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

/** The address a call asks: its path with its parameters filled in, and its query string. */
function urlOf<C extends AnyCall>(c: C | Route<C>, input: CallInput<C> | undefined): string {
  const { params, query } = (input ?? {}) as { params?: Record<string, unknown>; query?: object };
  return withQuery(fillPath(c.path, params), query);
}

/** A reply that is not a success: its status and its body (the error envelope, when the server sent one). */
class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly data: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

/** Statuses a GET is sent again for, once (the ones ofetch retried, which this client replaced). */
const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const TIMEOUT_MS = 20_000;

const readBody = async (res: Response): Promise<unknown> => {
  const text = await res.text();
  if (!text) return undefined;
  if (!(res.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** fetch with a timeout; a reply that is not 2xx throws HttpError, a GET is tried again once on a network error. */
async function send(url: string, init: RequestInit, retries: number): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    if (retries > 0) return send(url, init, retries - 1);
    throw err;
  }
  if (res.ok) return readBody(res);
  if (retries > 0 && RETRY_STATUSES.has(res.status)) return send(url, init, retries - 1);
  throw new HttpError(res.status, await readBody(res).catch(() => undefined));
}

/**
 * The error envelope in a failed reply, when it is one. Checked by hand rather than by the contract's schema: the
 * first page's code carries no zod (contract/routes.ts); the server builds every envelope from that schema.
 */
function envelopeOf(data: unknown): ErrorEnvelope | undefined {
  const e = data as Partial<ErrorEnvelope> | null;
  return typeof e === 'object' &&
    e !== null &&
    e.success === false &&
    typeof e.code === 'string' &&
    typeof e.message === 'string'
    ? (e as ErrorEnvelope)
    : undefined;
}

/**
 * Calls the server as the contract describes, for the tab's session. Given the contract's call, the reply is parsed
 * by its response schema; given the call's route (contract/routes.ts, the first page's calls), it is taken as the
 * server sent it, which the server has checked against the same schema.
 * `headers` adds headers a call needs besides the session's (a game page's launch token). A JSON body is encoded;
 * a FormData body (multipart) goes as it is, the browser setting its boundary.
 */
export const call: Api['call'] = (c, input, options) => callIn(pageApi.scope, c, input, options);

async function callIn<C extends AnyCall>(
  scope: ApiScope,
  c: C | Route<C>,
  input: CallInput<C> = {} as CallInput<C>,
  options: { headers?: Record<string, string> } = {},
): Promise<CallOutput<C>> {
  const { body } = input as { body?: object };
  const { language } = scope;
  const merchant = scope.merchant();
  const token = scope.token();
  const json = body !== undefined && !(body instanceof FormData);
  const url = urlOf(c, input);
  try {
    const raw =
      (c.method === 'GET' ? scope.firstReplies.take(url, merchant, language) : undefined) ??
      (await send(
        url,
        {
          method: c.method,
          body: json ? JSON.stringify(body) : (body as FormData | undefined),
          headers: {
            accept: 'application/json',
            ...(json ? { 'content-type': 'application/json' } : {}),
            [LANGUAGE_HEADER]: language,
            ...(merchant ? { [MERCHANT_HEADER]: merchant } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...options.headers,
          },
        },
        c.method === 'GET' ? 1 : 0,
      ));
    return 'response' in c ? c.response.parse(raw) : (raw as CallOutput<C>);
  } catch (err) {
    if (err instanceof HttpError) {
      const env = envelopeOf(err.data);
      if (env)
        throw new ApiError(env.code, env.message, env.fields, err.status, env.captchaRequired, {
          balance: env.balance,
          maintenanceUntil: env.maintenanceUntil,
          until: env.until,
          limit: env.limit,
          retryAfter: env.retryAfter,
        });
      throw new ApiError('NETWORK', err.message, {}, err.status);
    }
    // No reply at all (offline, refused, timed out): a network error for the views.
    if (err instanceof TypeError || (err instanceof DOMException && err.name === 'TimeoutError'))
      throw new ApiError('NETWORK', err.message, {}, 0);
    throw err;
  }
}
