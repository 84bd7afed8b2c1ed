import type pg from 'pg';
import { type OpsQueue, opsQueue } from '../../../contract/opsEvents.ts';
import { type Db, embeddedClient } from '../../db/client.ts';

/** What changed: a queue of a merchant (migration 0033's `ops_event` trigger, in the writer's transaction). */
export interface OpsEvent {
  merchant: string;
  queue: OpsQueue;
}

const CHANNEL = 'ops_events';

const parse = (payload: string | undefined): OpsEvent | undefined => {
  try {
    const e = JSON.parse(payload ?? '') as { merchant?: unknown; queue?: unknown };
    const queue = opsQueue.safeParse(e.queue);
    return typeof e.merchant === 'string' && queue.success
      ? { merchant: e.merchant, queue: queue.data }
      : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The database's notifications of changed queues, handed to the live streams of this process. The database is
 * listened to only while a stream is open: PGlite's own listen (delivered in-process at commit), PostgreSQL's LISTEN
 * on one connection of its own (so a write committed by any API process reaches every process's operators); that
 * connection is opened again after a failure.
 */
export function createOpsEventBus(db: Db, options: { retryMs?: number } = {}) {
  const subscribers = new Set<(e: OpsEvent) => void>();
  const deliver = (payload: string | undefined) => {
    const event = parse(payload);
    if (event) for (const s of subscribers) s(event);
  };
  let stop: (() => Promise<void>) | undefined;
  let starting: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;

  async function listenPostgres(pool: pg.Pool) {
    const client = await pool.connect();
    let ended = false;
    const end = async () => {
      if (ended) return;
      ended = true;
      client.off('notification', onNotice);
      await client.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
      client.release();
    };
    const onNotice = (n: pg.Notification) => {
      if (n.channel === CHANNEL) deliver(n.payload);
    };
    client.on('notification', onNotice);
    client.once('error', () => {
      ended = true;
      client.release(true);
      stop = undefined;
      if (subscribers.size > 0) retry = setTimeout(() => void start(), options.retryMs ?? 1_000);
    });
    await client.query(`LISTEN ${CHANNEL}`);
    return end;
  }

  function start(): Promise<void> {
    if (stop) return Promise.resolve();
    starting ??= (async () => {
      const pglite = embeddedClient(db);
      if (pglite) stop = await pglite.listen(CHANNEL, deliver);
      else stop = await listenPostgres((db as unknown as { $client: pg.Pool }).$client);
    })().finally(() => {
      starting = undefined;
    });
    return starting;
  }

  async function halt() {
    clearTimeout(retry);
    await starting?.catch(() => undefined);
    const s = stop;
    stop = undefined;
    await s?.();
    // A stream that opened while this one was closing still wants the notices.
    if (subscribers.size > 0) await start();
  }

  return {
    /** Calls `fn` with every event until the returned function is called; resolves once the database is listened to. */
    async subscribe(fn: (e: OpsEvent) => void): Promise<() => Promise<void>> {
      subscribers.add(fn);
      await start();
      return async () => {
        subscribers.delete(fn);
        if (subscribers.size === 0) await halt();
      };
    },
    /** Streams listening in this process (tests: none is left behind). */
    size: () => subscribers.size,
    /** Whether the database is being listened to. */
    listening: () => stop !== undefined,
    close: halt,
  };
}
export type OpsEventBus = ReturnType<typeof createOpsEventBus>;
