import { z } from 'zod';

/**
 * One API call: the single description both the SPA client and the server route are derived from.
 * `auth: 'token'` calls need a session token, `auth: 'launch'` calls a game launch token (header X-Launch-Token,
 * sent by an in-house game's page); the merchant always comes from the request (header or domain).
 */
export interface Call<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  P extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  summary: string;
  auth?: 'token' | 'ops' | 'launch';
  /**
   * What a member-facing call does, which decides who may make it (contract/standing.ts): every `/wps`, `/lgw` and
   * game-page call declares one; operator calls do not.
   */
  class?: CallClass;
  /** Token calls of a registered account's own money and rewards: a trial account (agent type 4) is refused. */
  registeredOnly?: true;
  /** Agent-centre calls: only agent types 1, 2, 41, 42 (spec §2); a member is refused. */
  agentOnly?: true;
  /** Operator calls: the back-office roles besides ADMIN that may make it (none: ADMIN only). */
  opsRoles?: readonly ('FINANCE' | 'CONTENT' | 'SUPPORT')[];
  /**
   * A call another party's server makes, signed in its headers (the scope that registers it checks the signature
   * before the input is read): `vendor` a game vendor's seamless-wallet call (X-Vendor, X-Timestamp, X-Signature),
   * `gateway` a payment gateway's callback (X-Gateway-Signature).
   */
  signed?: 'vendor' | 'gateway';
  params?: P;
  query?: Q;
  body?: B;
  response: R;
}

/**
 * - `open`: answers whatever the visitor's standing (site status, white-label settings, providers' callbacks);
 * - `read`: reads the member's or the site's data;
 * - `account`: logs in, registers, changes the member's own settings;
 * - `money`: puts money in (deposits, transfers to someone else);
 * - `withdraw`: takes money out or between the member's own wallets;
 * - `play`: launches games, places bets;
 * - `claim`: claims bonuses, promo codes, sign-in rewards, raffles, rebates, tickets, points.
 */
export type CallClass = 'open' | 'read' | 'account' | 'money' | 'withdraw' | 'play' | 'claim';

// biome-ignore lint/suspicious/noExplicitAny: the widest call, for generic helpers
export type AnyCall = Call<any, any, any, any>;

/** The header a game page sends its launch token in (calls with `auth: 'launch'`). */
export const LAUNCH_TOKEN_HEADER = 'x-launch-token';

export const defineCall = <const C extends AnyCall>(call: C): C => call;

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;
type Defined<K extends string, S> = S extends z.ZodType ? { [k in K]: InputOf<S> } : { [k in K]?: never };

/** What a caller passes: params, query and body, each present only when the call declares it. */
export type CallInput<C extends AnyCall> = Defined<'params', C['params']> &
  Defined<'query', C['query']> &
  Defined<'body', C['body']>;
export type CallOutput<C extends AnyCall> = z.output<C['response']>;

/** Error codes the server may answer with; the SPA maps them to the spec's general messages. */
export const errorCode = z.enum([
  'VALIDATION',
  'UNKNOWN_MERCHANT',
  'NOT_FOUND',
  /** A known path asked with a method it does not have (the reply's Allow header lists those it has). */
  'METHOD_NOT_ALLOWED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'RATE_LIMITED',
  'CONFLICT',
  'INSUFFICIENT_FUNDS',
  'GAME_MAINTENANCE',
  'INTERNAL',
  /** The member's standing (contract/standing.ts). */
  'ACCOUNT_LOCKED',
  'PASSWORD_CHANGE_REQUIRED',
  'SELF_EXCLUDED',
  'REGION_RESTRICTED',
  'MAINTENANCE',
  /** A responsible-gaming limit would be passed; the envelope's `limit` says which and what is left. */
  'LIMIT_EXCEEDED',
  /** A request id reused with a different body. */
  'IDEMPOTENCY_CONFLICT',
  /** Seamless wallet: a vendor's transaction id reused for another movement (Hub88's RS_ERROR_DUPLICATE_TRANSACTION). */
  'DUPLICATE_TRANSACTION',
  /** An operator's login needs its two-factor code. */
  'TOTP_REQUIRED',
  /** A game provider did not answer, declined, or is not connected on this site (docs/integrations.md). */
  'VENDOR_UNAVAILABLE',
]);
export type ErrorCode = z.infer<typeof errorCode>;

// Named: the API description shows it once, as the component every error reply points at.
export const errorEnvelope = z
  .object({
    success: z.literal(false),
    code: errorCode,
    message: z.string(),
    /** Field path → message, for input that failed its schema or a domain rule. */
    fields: z.record(z.string(), z.string()).optional(),
    /** Login only: the next attempt must carry a solved captcha (spec §4: a failed login with a captcha flag). */
    captchaRequired: z.boolean().optional(),
    /** INSUFFICIENT_FUNDS: the member's real balance (minor units), so a game shows what is there. */
    balance: z.number().int().optional(),
    /** GAME_MAINTENANCE: until when the game is down (ISO time; null when no end is set). */
    maintenanceUntil: z.string().nullable().optional(),
    /** SELF_EXCLUDED, MAINTENANCE, a locked-out password: until when the refusal holds (ISO time; null: open-ended). */
    until: z.string().nullable().optional(),
    /**
     * LIMIT_EXCEEDED: the limit (minor units), its period, what is left of it, and when the period ends (ISO time:
     * the SPA says "… more until <date>").
     */
    limit: z
      .object({
        kind: z.string(),
        period: z.string(),
        amount: z.number().int(),
        remaining: z.number().int(),
        resetsAt: z.string().optional(),
      })
      .optional(),
    /** RATE_LIMITED: whole seconds before the same request is taken again (an SMS code asked too soon). */
    retryAfter: z.number().int().positive().optional(),
  })
  .meta({ id: 'ErrorEnvelope' });
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** `/wps/*` replies carry their payload as `value` (spec §7: value.list, value.expiredMinutes …). */
export const wpsReply = <T extends z.ZodType>(value: T) =>
  z.object({ success: z.literal(true), code: z.string().optional(), message: z.string().optional(), value });

/** `/lgw/*` (lottery/game gateway) replies carry their payload as `data` (spec §7: data.lanes). */
export const lgwReply = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), code: z.string().optional(), message: z.string().optional(), data });

export const emptyQuery = z.object({});

/** The paging fields of a list query: `pageNo` from 1, `pageSize` up to `max` (default `size`). */
export const paging = (size = 20, max = 100) => ({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(max).default(size),
});
