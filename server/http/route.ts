import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type AnyCall, errorEnvelope } from '../../contract/call.ts';
import { AGENT_TYPES, TRIAL_AGENT_TYPE } from '../../contract/member.ts';
import type { gameLaunches } from '../db/schema/index.ts';
import type { AuditEntry } from '../modules/audit/log.ts';
import type { Member } from '../modules/auth/sessions.ts';
import type { OpsIdentity } from '../modules/backoffice/operators.ts';
import { csvFileName, csvStream, listItemOf, wantsCsv } from './csv.ts';
import { DomainError } from './errors.ts';
import type { Merchant } from './merchant.ts';
import type { CallAccess } from './openapi.ts';
import { asOperator } from './opsActor.ts';
import type { StandingCheck } from './standing.ts';

/** The logged-in member of a token call, and the hash of its token (to revoke it). */
export interface Auth {
  member: Member;
  tokenHash: string;
}

/** The operator behind an ops call; `tokenHash` is null for the environment token. */
export interface OpsAuth {
  operator: OpsIdentity;
  tokenHash: string | null;
}

/** The game launch behind a launch-token call, and its member (the tokens' hashes stay out of handlers). */
export type Launch = Omit<typeof gameLaunches.$inferSelect, 'tokenHash' | 'sessionTokenHash'> & {
  member: Member;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves the request's session (provided by the scope that registers token calls). */
    authenticate?: (req: FastifyRequest) => Promise<Auth>;
    /** Resolves the request's game launch (provided by the scope that registers launch-token calls). */
    authenticateLaunch?: (req: FastifyRequest) => Promise<Launch>;
    /** Resolves the operator of an ops call (decorated on the root app). */
    authenticateOps?: (req: FastifyRequest) => Promise<OpsAuth>;
    /** Who may make which member call (decorated on the root app): server/http/standing.ts. */
    standing?: StandingCheck;
    /** Records an operator's CSV export in the audit log (decorated on the root app). */
    recordExport?: (entry: AuditEntry) => Promise<void>;
  }
}
declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract call a route serves: the API description (server/http/openapi.ts) says who may make it from this. */
    call?: CallAccess;
  }
}

/** The bearer token of a request's Authorization header ('' when none). */
export const bearerOf = (req: FastifyRequest) => (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');

const sessionsOf = new WeakMap<FastifyRequest, Auth | Launch | OpsAuth>();

export interface RouteOptions {
  /** Per-route limit on top of the global one (per IP). */
  rateLimit?: { max: number; timeWindow: string };
  /**
   * The handler refuses a member on a break itself, with the standing's own refusal (SELF_EXCLUDED), in the
   * statement that would write (a lottery slip: responsible `playVerdict`), so a success needs no break read before
   * it. The standing check then reads the break only when the call fails otherwise (its input invalid, the handler
   * refusing): a member on a break still gets the break's refusal first, as from every other call.
   */
  breakInHandler?: boolean;
}

/** Calls that check a login or payment password: a few a minute per address is plenty, and slows guessing. */
export const PASSWORD_LIMIT: RouteOptions = { rateLimit: { max: 30, timeWindow: '1 minute' } };

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler gets: the parsed parts its contract declares, and the request's merchant. */
export interface Ctx<C extends AnyCall> {
  params: Out<C['params']>;
  query: Out<C['query']>;
  body: Out<C['body']>;
  merchant: Merchant;
  /** Present for calls with `auth: 'token'` (the session), `'launch'` (the game launch) and `'ops'` (the operator). */
  auth: C['auth'] extends 'token'
    ? Auth
    : C['auth'] extends 'launch'
      ? Launch
      : C['auth'] extends 'ops'
        ? OpsAuth
        : undefined;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** Registers a contract call: its schemas validate the request and the reply, and feed OpenAPI. */
export function route<C extends AnyCall>(
  app: FastifyInstance,
  call: C,
  handler: (ctx: Ctx<C>) => Promise<z.input<C['response']>>,
  options: RouteOptions = {},
): void {
  const area = call.path.split('/')[2] ?? 'api';
  const authenticate =
    call.auth === 'launch'
      ? app.authenticateLaunch
      : call.auth === 'ops'
        ? app.authenticateOps
        : app.authenticate;
  if (call.auth && !authenticate)
    throw new Error(`${call.path} needs a ${call.auth} resolver: register it in the auth scope`);
  const opsRoles: readonly string[] = ['ADMIN', ...(call.opsRoles ?? [])];
  const { standing } = app;
  // Every operator list answers `?format=csv` too (server/http/csv.ts).
  const csvItem = listItemOf(call);
  if (call.class && !standing)
    throw new Error(`${call.path} is a member call: decorate the app with its standing`);
  const preValidation = async (req: FastifyRequest) => {
    standing?.site(req, call);
    if (!call.auth) return;
    const auth = await authenticate!(req);
    if ('operator' in auth && !opsRoles.includes(auth.operator.role))
      throw new DomainError(403, 'FORBIDDEN', 'Your role cannot do this');
    if ('member' in auth) {
      if (call.registeredOnly && auth.member.agentType === TRIAL_AGENT_TYPE)
        throw new DomainError(403, 'FORBIDDEN', 'Please Register An Account First');
      if (call.agentOnly && !(AGENT_TYPES as readonly number[]).includes(auth.member.agentType))
        throw new DomainError(403, 'FORBIDDEN', 'For agents only');
      await standing?.member(req, call, auth.member, options.breakInHandler);
    }
    sessionsOf.set(req, auth);
  };
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    config: { call, ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}) },
    ...(options.breakInHandler ? { attachValidation: true } : {}),
    // Where the caller stands, and who is asking, are settled before the input is even read.
    ...(call.auth || (call.class && call.class !== 'open') ? { preValidation } : {}),
    schema: {
      summary: call.summary,
      tags: [area],
      ...(call.params ? { params: call.params } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.body ? { body: call.body } : {}),
      response: { 200: call.response, '4xx': errorEnvelope },
    },
    handler: (req, reply) => {
      const auth = sessionsOf.get(req);
      const run = (query = req.query) =>
        handler({
          auth: auth as Ctx<C>['auth'],
          params: req.params as Out<C['params']>,
          query: query as Out<C['query']>,
          body: req.body as Out<C['body']>,
          merchant: req.merchant,
          req,
          reply,
        });
      if (csvItem && auth && 'operator' in auth && wantsCsv(req.url))
        return sendCsv(app, call, csvItem, req, reply, auth, run);
      if (options.breakInHandler && auth && 'member' in auth) {
        const member = auth.member;
        // Any failure: the break's refusal instead when there is one (the check skipped in preValidation).
        const breakFirst = async (err: unknown): Promise<never> => {
          await standing?.member(req, call, member);
          throw err;
        };
        if (req.validationError) return breakFirst(req.validationError);
        return run().catch(breakFirst);
      }
      // What an operator call writes to the audit log names the operator.
      return auth && 'operator' in auth ? asOperator(auth.operator, () => run()) : run();
    },
  });
}

/**
 * An operator list as a CSV download, with the request's filters (validated by the call's query schema already),
 * audited as who exported what; the rows are the handler's own replies, page by page.
 */
async function sendCsv(
  app: FastifyInstance,
  call: AnyCall,
  item: NonNullable<ReturnType<typeof listItemOf>>,
  req: FastifyRequest,
  reply: FastifyReply,
  auth: OpsAuth,
  run: (query: unknown) => Promise<unknown>,
) {
  const raw = Object.fromEntries(
    [...new URLSearchParams(req.url.split('?')[1] ?? '')].filter(([k]) => k !== 'format'),
  );
  const params = (req.params ?? {}) as Record<string, string>;
  const page = async (query: Record<string, unknown>) =>
    ((await asOperator(auth.operator, () => run(query))) as { value: { list: []; totalPages?: number } })
      .value;
  const stream = await csvStream(call, item, raw, page);
  await asOperator(auth.operator, () =>
    app.recordExport?.({
      merchantCode: params.code ?? raw.merchant ?? '*',
      actor: 'ops',
      action: 'OPS_EXPORT',
      subject: { path: call.path, params, filters: raw },
    }),
  );
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csvFileName(call.path, new Date())}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}

/** Success replies: `/wps/*` carries `value`, `/lgw/*` carries `data`. */
export const okValue = <T>(value: T) => ({ success: true as const, value });
export const okData = <T>(data: T) => ({ success: true as const, data });
