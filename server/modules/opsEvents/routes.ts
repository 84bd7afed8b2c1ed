import type { FastifyInstance } from 'fastify';
import { OPS_STREAMS_PER_OPERATOR, type OpsEventData, opsEvents } from '../../../contract/opsEvents.ts';
import { DomainError } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { mayReach } from '../backoffice/scope.ts';
import type { OpsEventBus } from './bus.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live streams' source (decorated on the root app; tests check that closed streams leave it). */
    opsEventBus?: OpsEventBus;
  }
}

export interface OpsEventsModuleDeps {
  bus: OpsEventBus;
  /** A comment line this often keeps proxies from closing a quiet stream. */
  heartbeatMs?: number;
  /**
   * A stream ends after this long and the page opens a new one: the operator's session, role and grant are checked
   * again then (they are read once when a stream opens).
   */
  maxAgeMs?: number;
}

/** `GET /ops/events`: the back office's live stream (server/modules/opsEvents/bus.ts feeds it). */
export async function opsEventRoutes(app: FastifyInstance, deps: OpsEventsModuleDeps): Promise<void> {
  const heartbeatMs = deps.heartbeatMs ?? 25_000;
  const maxAgeMs = deps.maxAgeMs ?? 15 * 60_000;
  const open = new Map<number, number>();
  const ends = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of [...ends]) end();
    await deps.bus.close();
  });

  route(app, opsEvents, async ({ auth, query, req, reply }) => {
    const { operator } = auth;
    const held = open.get(operator.id) ?? 0;
    if (held >= OPS_STREAMS_PER_OPERATOR)
      throw new DomainError(
        429,
        'RATE_LIMITED',
        'Too many live streams open: close a tab of the back office',
      );
    open.set(operator.id, held + 1);
    const wanted = (merchant: string) =>
      query.merchant ? merchant === query.merchant : mayReach(operator.merchants, merchant);
    const raw = reply.hijack().raw;
    let closed = false;
    let unsubscribe: (() => Promise<void>) | undefined;
    const write = (chunk: string) => {
      if (!closed) raw.write(chunk);
    };
    const heartbeat = setInterval(() => write(': ping\n\n'), heartbeatMs);
    const end = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(expiry);
      ends.delete(end);
      const left = (open.get(operator.id) ?? 1) - 1;
      if (left > 0) open.set(operator.id, left);
      else open.delete(operator.id);
      void unsubscribe?.();
      raw.end();
    };
    const expiry = setTimeout(end, maxAgeMs);
    ends.add(end);
    req.raw.once('close', end);
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    // The page reconnects after 5 s when the stream drops; its first line tells it the stream is live.
    write('retry: 5000\n: open\n\n');
    try {
      unsubscribe = await deps.bus.subscribe((e) => {
        if (!wanted(e.merchant)) return;
        const data: OpsEventData = { merchant: e.merchant, queues: [e.queue, 'dashboard'] };
        write(`data: ${JSON.stringify(data)}\n\n`);
      });
    } catch (err) {
      req.log.warn({ err }, 'ops events: the database could not be listened to');
      end();
      return '';
    }
    if (closed) await unsubscribe();
    else write(': listening\n\n');
    return '';
  });
}
