import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * Official results of the traditional Vietnam lotteries (XSMB, XSMT, XSMN): drawn by the state lottery companies
 * at 16:15 (South), 17:15 (Central) and 18:15 (North), Asia/Ho_Chi_Minh. The server never invents them: a draw of
 * an official lottery settles on results from a feed (this port) or typed by two operators in /ops
 * (modules/lottery/results.ts). Outside production without a feed, the development driver lets the demo settle.
 */

/** One lottery's result: prizes by label (DB, G1 … G8), each a list of digit strings, leading zeros kept. */
export interface PublishedResult {
  /** The catalogue's game code: XSMB, XSMT_<province>, XSMN_<province>. */
  game: string;
  prizes: Record<string, string[]>;
}

export interface ResultsFeed {
  /** Names the source in records and the ops page. */
  name: string;
  /**
   * The results published for the draws of one local date (YYYY-MM-DD, Asia/Ho_Chi_Minh). A result not yet out is
   * simply absent; an unreachable, unauthenticated or malformed answer throws ResultsFeedError.
   */
  resultsOf(date: string): Promise<PublishedResult[]>;
}

/**
 * How official draws get their numbers. `development`: drawn ahead by the server like a house draw and revealed at
 * the draw time, labelled DEVELOPMENT (never in production). `official`: only from `feed` (when configured) or
 * operator entry; `trustFeed` settles a feed's result at once, otherwise it waits for an operator's confirmation.
 */
export type ResultsSource =
  | { kind: 'development' }
  | { kind: 'official'; feed?: ResultsFeed; trustFeed: boolean; deadlineMs: number };

/** Hours after the draw time that a draw without confirmed results waits before it is voided and refunded. */
export const DEFAULT_RESULTS_DEADLINE_HOURS = 6;

/** The official source: feed results trusted or awaiting an operator's confirmation, void after `deadlineHours`. */
export const officialResults = (o: {
  feed?: ResultsFeed;
  trustFeed: boolean;
  deadlineHours?: number;
}): ResultsSource => ({
  kind: 'official',
  trustFeed: o.trustFeed,
  deadlineMs: (o.deadlineHours ?? DEFAULT_RESULTS_DEADLINE_HOURS) * 3_600_000,
  ...(o.feed ? { feed: o.feed } : {}),
});

export class ResultsFeedError extends Error {
  override name = 'ResultsFeedError';
}

/** The signature header of a feed signed with PORTICO_RESULTS_SECRET: `sha256=<hex HMAC-SHA256 of the body>`. */
export const RESULTS_SIGNATURE_HEADER = 'x-portico-signature';

const digits = z.string().regex(/^\d{2,6}$/, 'a prize number is 2–6 digits');

/**
 * The feed's document (README "Official lottery results"): the date asked for and the results published so far.
 * Prize counts and digit lengths are checked against the lottery's structure by the results service.
 */
export const resultsDocument = z.object({
  date: z.iso.date(),
  results: z
    .array(
      z.object({
        game: z.string().min(1).max(40),
        prizes: z.partialRecord(
          z.enum(['DB', 'G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7', 'G8']),
          z.array(digits).max(7),
        ),
      }),
    )
    .max(200),
});
export type ResultsDocument = z.infer<typeof resultsDocument>;

export const signBody = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

const FEED_TIMEOUT_MS = 10_000;
const MAX_BODY = 256 * 1024;

/**
 * The HTTP JSON feed (PORTICO_RESULTS_URL): `GET <url>?date=YYYY-MM-DD`, with `Authorization: Bearer <token>` when a
 * token is set; with a secret the answer must carry a valid signature header, so a tampered or spoofed body
 * settles nothing.
 */
export function httpResultsFeed(opts: {
  url: string;
  token?: string;
  secret?: string;
  fetch?: typeof fetch;
}): ResultsFeed {
  const get = opts.fetch ?? fetch;
  return {
    name: new URL(opts.url).host,
    async resultsOf(date) {
      const url = new URL(opts.url);
      url.searchParams.set('date', date);
      let res: Response;
      try {
        res = await get(url, {
          headers: {
            accept: 'application/json',
            ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          },
          signal: AbortSignal.timeout(FEED_TIMEOUT_MS),
        });
      } catch (err) {
        throw new ResultsFeedError(`feed unreachable: ${(err as Error).message}`);
      }
      const body = await res.text();
      if (!res.ok) throw new ResultsFeedError(`feed answered HTTP ${res.status}`);
      if (body.length > MAX_BODY) throw new ResultsFeedError(`feed answer over ${MAX_BODY} bytes`);
      if (opts.secret) {
        const given = Buffer.from(res.headers.get(RESULTS_SIGNATURE_HEADER) ?? '');
        const wanted = Buffer.from(signBody(opts.secret, body));
        if (given.length !== wanted.length || !timingSafeEqual(given, wanted))
          throw new ResultsFeedError('feed answer has no valid signature');
      }
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        throw new ResultsFeedError('feed answer is not JSON');
      }
      const doc = resultsDocument.safeParse(json);
      if (!doc.success) {
        const issue = doc.error.issues[0]!;
        throw new ResultsFeedError(
          `feed answer malformed at ${issue.path.join('.') || '(root)'}: ${issue.message}`,
        );
      }
      if (doc.data.date !== date) throw new ResultsFeedError(`feed answered ${doc.data.date} for ${date}`);
      return doc.data.results;
    },
  };
}

export interface LotteryResultsConfig {
  /** development: the server stands in for the official results (never in production); official: feed/operators. */
  mode: 'development' | 'official';
  /** PORTICO_RESULTS_URL: the HTTP JSON feed polled after the draw times. */
  url?: string;
  /** PORTICO_RESULTS_TOKEN: sent as `Authorization: Bearer`. */
  token?: string;
  /** PORTICO_RESULTS_SECRET: the feed's answers must carry its HMAC-SHA256 signature. */
  secret?: string;
  /** PORTICO_RESULTS_TRUST: `feed` (default) settles on the feed's result; `confirm` waits for an operator. */
  trustFeed: boolean;
  /** PORTICO_RESULTS_DEADLINE_HOURS: a draw without confirmed results is voided and refunded after (default 6). */
  deadlineHours: number;
}

/** The source a server runs with, from its configuration (server/config.ts lotteryResultsConfig). */
export function lotteryResultsSource(c: LotteryResultsConfig): ResultsSource {
  if (c.mode === 'development') return { kind: 'development' };
  const feed = c.url ? httpResultsFeed({ url: c.url, token: c.token, secret: c.secret }) : undefined;
  return officialResults({ feed, trustFeed: c.trustFeed, deadlineHours: c.deadlineHours });
}
