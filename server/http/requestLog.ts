import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Where log lines go and from which level (tests capture them with a stream). */
export interface LogOptions {
  level?: string;
  stream?: { write(line: string): void };
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The request id: the caller's `X-Request-Id` (a proxy's or a client's, for following one request across
 * services) when it is up to 64 safe characters, else a fresh UUID — never a value that could forge log lines.
 */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** Answers carry the id their log lines carry, so a user's report or a proxy log leads to them. */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });
}

const SECRET_KEY =
  /^(code|otp|pin|cvv|t)$|pass|pwd|token|secret|captcha|signature|authorization|cookie|totp|smscode|vcode|verifycode|validatecode/i;
const REDACTED = '[Redacted]';

/** A URL with the values of secret-looking query parameters (`token`, `code`, a launch's `t`…) masked. */
export function maskUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let key = pair.slice(0, eq);
      try {
        key = decodeURIComponent(key);
      } catch {}
      return SECRET_KEY.test(key.replace(/[-_]/g, '')) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    });
  return `${url.slice(0, q)}?${query.join('&')}`;
}

/**
 * A request body fit for a log line: secret-looking fields masked at any depth, long strings and arrays cut, deep
 * objects summarised (a 5xx's log line says what was asked without what must stay private).
 */
export function maskBody(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.length > 200 ? `${value.slice(0, 200)}…` : value;
  if (value === null || typeof value !== 'object') return value;
  if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
  if (depth >= 4) return '[…]';
  if (Array.isArray(value)) return value.slice(0, 20).map((v) => maskBody(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      SECRET_KEY.test(k.replace(/[-_]/g, '')) ? REDACTED : maskBody(v, depth + 1),
    ]),
  );
}

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** Drizzle puts a failed query's parameters (account names, hashes, codes) in its message: not in the logs. */
const withoutParams = (text: string) => text.replace(/\nparams: [^\n]*/g, `\nparams: ${REDACTED}`);

const nested = (value: unknown, depth: number): unknown =>
  !(value instanceof Error) ? value : depth < 3 ? serializeError(value, depth + 1) : String(value);

/** pino's error shape (type, message, stack, own fields, causes) without the query parameters of a failed query. */
export function serializeError(err: Error, depth = 0): LoggedError {
  const out: LoggedError = {
    type: err.constructor?.name ?? 'Error',
    message: withoutParams(String(err.message)),
    stack: withoutParams(String(err.stack ?? '')),
  };
  for (const [k, v] of Object.entries(err))
    if (k !== 'params' && k !== 'message' && k !== 'stack') out[k] = nested(v, depth);
  if (err.cause !== undefined && !('cause' in out)) out.cause = nested(err.cause, depth);
  return out;
}

/** What a log line says of a request: Fastify's fields, with secrets in the query string masked. */
const serializeRequest = (req: FastifyRequest) => ({
  method: req.method,
  url: maskUrl(req.url),
  host: req.host,
  remoteAddress: req.ip,
  remotePort: req.socket?.remotePort,
});

/**
 * Fastify's logger options: JSON lines (pino) at `level`, with credentials redacted wherever a log call puts them
 * (headers, bodies, objects with a password or token) besides the masking above.
 */
export function loggerOptions(log: LogOptions) {
  return {
    level: log.level ?? 'info',
    ...(log.stream ? { stream: log.stream } : {}),
    redact: {
      censor: REDACTED,
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-ops-token"]',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
        '*.headers.authorization',
        '*.headers.cookie',
        'password',
        'token',
        '*.password',
        '*.newPassword',
        '*.oldPassword',
        '*.token',
        '*.idToken',
        '*.secret',
      ],
    },
    serializers: { req: serializeRequest, err: serializeError },
  };
}
