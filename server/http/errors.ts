import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode, ErrorEnvelope } from '../../contract/call.ts';
import { maskBody } from './requestLog.ts';

/** A rule the request broke: becomes a 4xx envelope with the given code, message and field messages. */
export class DomainError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** What the envelope carries besides (captchaRequired, balance, maintenanceUntil). */
    readonly extra: ErrorExtra = {},
  ) {
    super(message);
  }
}

export type ErrorExtra = Pick<
  ErrorEnvelope,
  'captchaRequired' | 'balance' | 'maintenanceUntil' | 'until' | 'limit' | 'retryAfter'
>;

export const envelope = (
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
  extra: ErrorExtra = {},
): ErrorEnvelope => ({
  success: false,
  code,
  message,
  ...(fields ? { fields } : {}),
  ...extra,
});

const fieldPath = (instancePath: string, params: Record<string, unknown> | undefined) =>
  instancePath.replace(/^\//, '').replaceAll('/', '.') ||
  String((params?.issue as { path?: unknown[] } | undefined)?.path?.join('.') ?? '') ||
  '_';

/** Maps every failure to the envelope; 5xx details stay in the log, never in the reply. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof DomainError) {
      return reply.code(err.statusCode).send(envelope(err.code, err.message, err.fields, err.extra));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const v of err.validation) {
        const key = fieldPath(v.instancePath, v.params as Record<string, unknown>);
        fields[key] ??= v.message ?? 'Invalid value';
      }
      const where = err.validationContext ?? 'request';
      return reply.code(400).send(envelope('VALIDATION', `Invalid ${where}`, fields));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'reply does not match its contract');
      return reply.code(500).send(envelope('INTERNAL', 'Something went wrong, please try again'));
    }
    const status = err.statusCode ?? 500;
    if (status === 429)
      return reply.code(429).send(envelope('RATE_LIMITED', 'Too many requests, try again later'));
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx: malformed JSON, wrong content type, body too large …
      const message = err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'Malformed JSON body' : err.message;
      return reply.code(status).send(envelope('VALIDATION', message));
    }
    // With its stack and what was asked (secrets masked): the one line on-call has to go on.
    req.log.error({ err, body: maskBody(req.body) }, 'unhandled error');
    return reply.code(500).send(envelope('INTERNAL', 'Something went wrong, please try again'));
  });
}
