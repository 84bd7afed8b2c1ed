import { FetchError, ofetch } from 'ofetch';
import type { AnyCall, CallInput, CallOutput, ErrorCode, ErrorEnvelope } from '../../contract/call.ts';
import { errorEnvelope } from '../../contract/call.ts';
import { LANGUAGE_HEADER, MERCHANT_HEADER } from '../../contract/merchant.ts';
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
    readonly extra: Pick<ErrorEnvelope, 'balance' | 'maintenanceUntil'> = {},
  ) {
    super(message);
  }
}

let language = 'en';
/** The Language header every call carries (spec §7: launch and lists depend on it). */
export const setApiLanguage = (locale: string) => {
  language = locale;
};

const fillPath = (path: string, params: Record<string, unknown> = {}) =>
  path.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(String(params[k] ?? '')));

/**
 * Calls the server as the contract describes; the reply is parsed by the contract's response schema.
 * `headers` adds headers a call needs besides the session's (a game page's launch token).
 */
export async function call<C extends AnyCall>(
  c: C,
  input: CallInput<C> = {} as CallInput<C>,
  options: { headers?: Record<string, string> } = {},
): Promise<CallOutput<C>> {
  const { params, query, body } = input as {
    params?: Record<string, unknown>;
    query?: object;
    body?: object;
  };
  const merchant = storedMerchant();
  const token = storedToken();
  try {
    const raw = await ofetch(fillPath(c.path, params), {
      method: c.method,
      query: query as Record<string, unknown> | undefined,
      body,
      headers: {
        [LANGUAGE_HEADER]: language,
        ...(merchant ? { [MERCHANT_HEADER]: merchant } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...options.headers,
      },
      retry: c.method === 'GET' ? 1 : 0,
      timeout: 20_000,
    });
    return c.response.parse(raw);
  } catch (err) {
    if (err instanceof FetchError) {
      const env = errorEnvelope.safeParse(err.data);
      if (env.success)
        throw new ApiError(
          env.data.code,
          env.data.message,
          env.data.fields,
          err.status ?? 0,
          env.data.captchaRequired,
          { balance: env.data.balance, maintenanceUntil: env.data.maintenanceUntil },
        );
      throw new ApiError('NETWORK', err.message, {}, err.status ?? 0);
    }
    throw err;
  }
}
