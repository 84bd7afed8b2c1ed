import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode, ErrorEnvelope } from '../../contract/call.ts';
import type { Locale } from '../../contract/constants.ts';
import { issueText, serverText } from '../i18n/serverTexts.ts';
import { requestLocale } from './locale.ts';
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

/** The reply's language: the query's `language` where the call has one, else the Language header (requestLocale). */
const replyLocale = (req: FastifyRequest): Locale => {
  const q = (req.query as { language?: unknown } | undefined)?.language;
  return requestLocale(req, typeof q === 'string' ? q : undefined);
};

/** The envelope in the request's language: the player reads its message and field messages as they are. */
const sendIn = (req: FastifyRequest, reply: FastifyReply, status: number, e: ErrorEnvelope) => {
  const locale = replyLocale(req);
  if (locale === 'en') return reply.code(status).send(e);
  const fields =
    e.fields && Object.fromEntries(Object.entries(e.fields).map(([k, v]) => [k, serverText(v, locale)]));
  return reply
    .code(status)
    .send({ ...e, message: serverText(e.message, locale), ...(fields ? { fields } : {}) });
};

/** Maps every failure to the envelope; 5xx details stay in the log, never in the reply. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof DomainError) {
      return sendIn(req, reply, err.statusCode, envelope(err.code, err.message, err.fields, err.extra));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const locale = replyLocale(req);
      const fields: Record<string, string> = {};
      for (const v of err.validation) {
        const key = fieldPath(v.instancePath, v.params as Record<string, unknown>);
        // The type provider hands the zod issue over as `params` (less path, code and message) and `keyword` (its code).
        const issue = { ...v.params, code: v.keyword, path: [] } as unknown as Parameters<
          typeof issueText
        >[0];
        fields[key] ??= issueText(issue, v.message ?? 'Invalid value', locale);
      }
      const where = err.validationContext ?? 'request';
      return sendIn(req, reply, 400, envelope('VALIDATION', `Invalid ${where}`, fields));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'reply does not match its contract');
      return sendIn(req, reply, 500, envelope('INTERNAL', 'Something went wrong, please try again'));
    }
    const status = err.statusCode ?? 500;
    if (status === 429)
      return sendIn(req, reply, 429, envelope('RATE_LIMITED', 'Too many requests, try again later'));
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx: malformed JSON, wrong content type, body too large …
      const message = err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'Malformed JSON body' : err.message;
      return sendIn(req, reply, status, envelope('VALIDATION', message));
    }
    // With its stack and what was asked (secrets masked): the one line on-call has to go on.
    req.log.error({ err, body: maskBody(req.body) }, 'unhandled error');
    return sendIn(req, reply, 500, envelope('INTERNAL', 'Something went wrong, please try again'));
  });
}
