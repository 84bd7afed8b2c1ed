import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Config {
  port: number;
  host: string;
  production: boolean;
  /** PGlite data folder (ignored when databaseUrl is set). */
  dataDir: string;
  databaseUrl?: string;
  /** Bearer token of the operator API; the API is off without it. */
  opsToken?: string;
  /** Honour X-Forwarded-For (behind a reverse proxy only). */
  trustProxy: boolean;
  /** Built SPA to serve; none in API-only mode. */
  distDir?: string;
  /** Master secret of the signed seamless-wallet calls (per-merchant secrets derive from it); off when unset. */
  seamlessSecret?: string;
  /** Secret of the demo payment gateway's signed callbacks; the demo gateway is off when unset. */
  gatewaySecret?: string;
  /** Where uploaded files (proofs of withdrawals not received) are kept. */
  uploadsDir: string;
}

/** Outside production, without PORTICO_SEAMLESS_SECRET: a fixed, public development secret. */
export const DEV_SEAMLESS_SECRET = createHash('sha256').update('portico-dev-seamless').digest('hex');

/** Outside production, without PORTICO_GATEWAY_SECRET: a fixed, public development secret. */
export const DEV_GATEWAY_SECRET = createHash('sha256').update('portico-dev-gateway').digest('hex');

export const DEFAULT_DIST = fileURLToPath(new URL('../dist', import.meta.url));

export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    production: env.NODE_ENV === 'production',
    dataDir: env.PORTICO_DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL || undefined,
    opsToken: env.PORTICO_OPS_TOKEN || undefined,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    // An empty PORTICO_DIST_DIR means API only (npm run dev serves the SPA through Vite).
    distDir: env.PORTICO_DIST_DIR === '' ? undefined : (env.PORTICO_DIST_DIR ?? DEFAULT_DIST),
    seamlessSecret:
      env.PORTICO_SEAMLESS_SECRET || (env.NODE_ENV === 'production' ? undefined : DEV_SEAMLESS_SECRET),
    gatewaySecret:
      env.PORTICO_GATEWAY_SECRET || (env.NODE_ENV === 'production' ? undefined : DEV_GATEWAY_SECRET),
    uploadsDir: env.PORTICO_UPLOADS_DIR || join(env.PORTICO_DATA_DIR ?? './data', 'uploads'),
  };
}
