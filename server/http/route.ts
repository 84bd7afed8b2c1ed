import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type AnyCall, errorEnvelope } from '../../contract/call.ts';
import type { Merchant } from './merchant.ts';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler gets: the parsed parts its contract declares, and the request's merchant. */
export interface Ctx<C extends AnyCall> {
  params: Out<C['params']>;
  query: Out<C['query']>;
  body: Out<C['body']>;
  merchant: Merchant;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** Registers a contract call: its schemas validate the request and the reply, and feed OpenAPI. */
export function route<C extends AnyCall>(
  app: FastifyInstance,
  call: C,
  handler: (ctx: Ctx<C>) => Promise<z.input<C['response']>>,
): void {
  const area = call.path.split('/')[2] ?? 'api';
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    schema: {
      summary: call.summary,
      tags: [area],
      ...(call.params ? { params: call.params } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.body ? { body: call.body } : {}),
      response: { 200: call.response, '4xx': errorEnvelope },
    },
    handler: (req, reply) =>
      handler({
        params: req.params as Out<C['params']>,
        query: req.query as Out<C['query']>,
        body: req.body as Out<C['body']>,
        merchant: req.merchant,
        req,
        reply,
      }),
  });
}

/** Success replies: `/wps/*` carries `value`, `/lgw/*` carries `data`. */
export const okValue = <T>(value: T) => ({ success: true as const, value });
export const okData = <T>(data: T) => ({ success: true as const, data });
