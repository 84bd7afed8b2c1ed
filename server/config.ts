import { isIP } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scryptCost } from './lib/password.ts';
import { DEFAULT_RESULTS_DEADLINE_HOURS, type LotteryResultsConfig } from './ports/lotteryResults.ts';
import { checkSmtpUrl } from './ports/mail.ts';
import { parseSmsConfig, type SmsConfig } from './ports/sms.ts';
import { parseVendorSettings, type VendorSettings } from './ports/vendors/config.ts';
import { checkSecrets, DEV_GATEWAY_SECRET, DEV_SEAMLESS_SECRET, weakness } from './secrets.ts';

export interface Config {
  port: number;
  host: string;
  production: boolean;
  /** PGlite data folder (ignored when databaseUrl is set). */
  dataDir: string;
  databaseUrl?: string;
  /** Bearer token of the operator API; the API is off without it. */
  opsToken?: string;
  /** Whose X-Forwarded-For is believed: how many proxies stand in front, or their addresses; false for none. */
  trustProxy: TrustProxy | false;
  /** Built SPA to serve; none in API-only mode. */
  distDir?: string;
  /** Master secret of the signed seamless-wallet calls (per-merchant secrets derive from it); off when unset. */
  seamlessSecret?: string;
  /** Secret of the demo payment gateway's signed callbacks; the demo gateway is off when unset. */
  gatewaySecret?: string;
  /** PORTICO_SECRETS_KEY: seals the secrets operators store (payment channels'); unset, they are stored plain. */
  secretsKey?: string;
  /** Where uploaded files (proofs of withdrawals not received) are kept. */
  uploadsDir: string;
  /** Bearer token of GET /metrics; unset: open outside production, off in production. */
  metricsToken?: string;
  /** PORTICO_VENDORS: game vendors connected over HTTP, per merchant (docs/integrations.md). */
  vendors: VendorSettings[];
  /** LOG_LEVEL: JSON log lines from this level on (info in production, warn otherwise: 5xx always show). */
  logLevel: string;
  /** PORTICO_SMTP_URL (+ PORTICO_SMTP_FROM, the default sender): e-mail over SMTP; unset, the development outbox. */
  smtp?: { url: string; from?: string };
  /** PORTICO_SMS_URL (+ PORTICO_SMS_DRIVER, PORTICO_SMS_SECRET, PORTICO_SMS_FROM): SMS over Twilio or a webhook. */
  sms?: SmsConfig;
  /** PORTICO_GEOIP_DB: a MaxMind country database (.mmdb) for visitors' countries. */
  geoipDb?: string;
  /** Official lottery results (XSMB, XSMT, XSMN): see lotteryResultsConfig. */
  lotteryResults: LotteryResultsConfig;
}

/**
 * PORTICO_RESULTS_* settings. Outside production without a feed URL the development stand-in settles the demo
 * (PORTICO_RESULTS=official turns it off to try operator entry); production is always official, and a configured
 * feed there must be authenticated (a token, or a strong signing secret).
 */
export function lotteryResultsConfig(env: NodeJS.ProcessEnv): LotteryResultsConfig {
  const production = env.NODE_ENV === 'production';
  const url = env.PORTICO_RESULTS_URL?.trim() || undefined;
  if (url && !/^https?:\/\//.test(url))
    throw new Error(`PORTICO_RESULTS_URL must be an http(s):// address, got "${url.slice(0, 80)}"`);
  const wanted = env.PORTICO_RESULTS?.trim() || undefined;
  if (wanted && wanted !== 'development' && wanted !== 'official')
    throw new Error(`PORTICO_RESULTS must be development or official, got "${wanted.slice(0, 40)}"`);
  if (production && wanted === 'development')
    throw new Error(
      'PORTICO_RESULTS=development would settle real bets on invented numbers: not in production',
    );
  const trust = env.PORTICO_RESULTS_TRUST?.trim() || 'feed';
  if (trust !== 'feed' && trust !== 'confirm')
    throw new Error(`PORTICO_RESULTS_TRUST must be feed or confirm, got "${trust.slice(0, 40)}"`);
  const hours = Number(env.PORTICO_RESULTS_DEADLINE_HOURS || DEFAULT_RESULTS_DEADLINE_HOURS);
  if (!Number.isFinite(hours) || hours < 1 || hours > 72)
    throw new Error(
      `PORTICO_RESULTS_DEADLINE_HOURS must be 1–72 hours, got "${env.PORTICO_RESULTS_DEADLINE_HOURS}"`,
    );
  const token = env.PORTICO_RESULTS_TOKEN || undefined;
  const secret = env.PORTICO_RESULTS_SECRET || undefined;
  if (production && url) {
    if (!token && !secret)
      throw new Error(
        'PORTICO_RESULTS_URL needs PORTICO_RESULTS_TOKEN or PORTICO_RESULTS_SECRET in production',
      );
    const why = secret && weakness(secret);
    if (why) throw new Error(`PORTICO_RESULTS_SECRET ${why}`);
  }
  return {
    mode: production || url || wanted === 'official' ? 'official' : 'development',
    url,
    token,
    secret,
    trustFeed: trust === 'feed',
    deadlineHours: hours,
  };
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];

/**
 * What production runs without, said at start: members' e-mails and SMS then fail (each one listed at /ops
 * Deliveries, never held back as if sent), and visitors' countries are unknown ('--'), so no region rule applies.
 */
export function startWarnings(c: Pick<Config, 'production' | 'smtp' | 'sms' | 'geoipDb'>): string[] {
  if (!c.production) return [];
  return [
    ...(c.smtp
      ? []
      : ['PORTICO_SMTP_URL is not set: password-recovery e-mails will fail (see /ops Deliveries)']),
    ...(c.sms ? [] : ['PORTICO_SMS_URL is not set: SMS codes will fail (see /ops Deliveries)']),
    ...(c.geoipDb
      ? []
      : [
          "PORTICO_GEOIP_DB is not set: every visitor's country is unknown and region restrictions do not apply",
        ]),
  ];
}

/**
 * Proxies whose X-Forwarded-For is believed: a hop count (the client is that many entries from the right, which the
 * client cannot forge) or the proxies' addresses and CIDR ranges. Never "every hop": the left-most entry is whatever
 * the client wrote, so rate limits and region rules would key on a value the client chooses.
 */
export type TrustProxy = number | string[];

/**
 * Fastify's trustProxy for a setting. Fastify ≥ 5.12 trusts nothing for a bare hop count (the immediate peer is not
 * checked), so the count is a function: the socket is hop 0, and the client is the first address past `hops`. It
 * holds only when clients cannot reach the server but through the proxy; otherwise list the proxies' addresses.
 */
export const fastifyTrustProxy = (t: TrustProxy | false | undefined) =>
  typeof t === 'number' ? (_address: string, hop: number) => hop < t : (t ?? false);

const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** TRUST_PROXY: unset, empty or `0` for none; a hop count (`1`); or a comma-separated list of addresses/CIDRs. */
export function parseTrustProxy(value: string | undefined): TrustProxy | false {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0' || text === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (text === 'true')
    throw new Error(
      "TRUST_PROXY=true would believe any X-Forwarded-For a client writes: give the hop count (1) or the proxies' addresses",
    );
  const entries = text.split(',').map((e) => e.trim());
  const bad = entries.find((e) => !PROXY_RANGES.includes(e) && !isAddressOrRange(e));
  if (bad !== undefined)
    throw new Error(
      `TRUST_PROXY must be a hop count (1) or a comma-separated list of proxy addresses/CIDRs (10.0.0.1,192.168.0.0/16), got "${bad}"`,
    );
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

export const DEFAULT_DIST = fileURLToPath(new URL('../dist', import.meta.url));

export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  // A malformed PORTICO_SCRYPT_N, or one below 2^17 in production, stops the start (password hashes read it).
  scryptCost(env);
  const logLevel = env.LOG_LEVEL || (env.NODE_ENV === 'production' ? 'info' : 'warn');
  if (!LOG_LEVELS.includes(logLevel))
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  // A weak or public secret in production stops the start, naming the variable (server/secrets.ts).
  if (env.NODE_ENV === 'production') checkSecrets(env);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    production: env.NODE_ENV === 'production',
    dataDir: env.PORTICO_DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL || undefined,
    opsToken: env.PORTICO_OPS_TOKEN || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    // An empty PORTICO_DIST_DIR means API only (npm run dev serves the SPA through Vite).
    distDir: env.PORTICO_DIST_DIR === '' ? undefined : (env.PORTICO_DIST_DIR ?? DEFAULT_DIST),
    seamlessSecret:
      env.PORTICO_SEAMLESS_SECRET || (env.NODE_ENV === 'production' ? undefined : DEV_SEAMLESS_SECRET),
    gatewaySecret:
      env.PORTICO_GATEWAY_SECRET || (env.NODE_ENV === 'production' ? undefined : DEV_GATEWAY_SECRET),
    secretsKey: env.PORTICO_SECRETS_KEY || undefined,
    uploadsDir: env.PORTICO_UPLOADS_DIR || join(env.PORTICO_DATA_DIR ?? './data', 'uploads'),
    metricsToken: env.PORTICO_METRICS_TOKEN || undefined,
    smtp: env.PORTICO_SMTP_URL
      ? { url: checkSmtpUrl(env.PORTICO_SMTP_URL), from: env.PORTICO_SMTP_FROM || undefined }
      : undefined,
    sms: parseSmsConfig(env),
    geoipDb: env.PORTICO_GEOIP_DB || undefined,
    vendors: parseVendorSettings(env.PORTICO_VENDORS, env.NODE_ENV === 'production'),
    logLevel,
    lotteryResults: lotteryResultsConfig(env),
  };
}
