import pg from 'pg';
import { type Db, embeddedClient } from './client.ts';

/** The channel of migration 0035's `portico_invalidate(topic, key)`: payload `topic:key`. */
const CHANNEL = 'portico_invalidate';
/** Migration 0016's channel: `merchants` or `domains` changed (delivered as the topic `merchant_config`, key ''). */
const MERCHANT_CHANNEL = 'merchant_config';

/** Told that `key` of the topic changed, or with null that anything may have (the listener was down or came back). */
export type Invalidated = (key: string | null) => void;

/**
 * How a per-process cache learns that rows it keeps changed, from triggers that call `portico_invalidate(topic, key)`
 * in the writer's transaction (migration 0035), whoever writes: this process, another one, psql.
 *
 * - PGlite: one process owns the data, and its own listen hands notifications over before the writing query returns.
 * - PostgreSQL: LISTEN on one connection of its own (outside the pool), opened again after a failure. A notification
 *   arrives a moment after the commit, also in the process that wrote. So that a request that starts after a write
 *   returned in this process never sees the old row, a write to a watched table (`watch`) makes the cache bypassed
 *   until a round trip on the listening connection has come back: PostgreSQL sends a listener the notifications of
 *   transactions committed before that round trip ahead of its reply.
 *
 * While nothing is listened to (starting, after an error, closed) `live()` is false: caches must then neither answer
 * nor fill, since writes go unheard. A cache reads `stamp()` before it reads a row and keeps the row only if
 * `fresh(stamp)` still holds after: any notification, reset or local write in between changes the stamp.
 */
export function createInvalidation(db: Db, options: { retryMs?: number } = {}) {
  const topics = new Map<string, Set<Invalidated>>();
  const pglite = embeddedClient(db);
  const pool = pglite ? undefined : (db as unknown as { $client: pg.Pool }).$client;
  let generation = 0;
  let listening = false;
  let closed = false;
  let stop: (() => Promise<void>) | undefined;
  let starting: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let fencesWanted = 0;
  let fencesDone = 0;
  let fencing = false;
  let listener: pg.Client | undefined;

  const deliver = (payload: string | undefined) => {
    const at = payload?.indexOf(':') ?? -1;
    if (!payload || at < 0) return;
    generation += 1;
    const key = payload.slice(at + 1);
    for (const fn of topics.get(payload.slice(0, at)) ?? []) fn(key);
  };
  const reset = () => {
    generation += 1;
    for (const subscribers of topics.values()) for (const fn of subscribers) fn(null);
  };

  function down() {
    listening = false;
    listener = undefined;
    stop = undefined;
    reset();
    if (!closed) retry = setTimeout(() => void start().catch(() => undefined), options.retryMs ?? 1_000);
  }

  async function listenPostgres(p: pg.Pool) {
    const client = new pg.Client(p.options);
    let ended = false;
    client.on('notification', (n) => {
      if (n.channel === CHANNEL) deliver(n.payload);
      else if (n.channel === MERCHANT_CHANNEL) deliver(`${MERCHANT_CHANNEL}:`);
    });
    const lost = () => {
      if (ended) return;
      ended = true;
      void client.end().catch(() => undefined);
      down();
    };
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}; LISTEN ${MERCHANT_CHANNEL}`);
    } catch (err) {
      ended = true;
      await client.end().catch(() => undefined);
      throw err;
    }
    listener = client;
    return async () => {
      ended = true;
      await client.end().catch(() => undefined);
    };
  }

  function start(): Promise<void> {
    if (stop || closed) return Promise.resolve();
    starting ??= (async () => {
      try {
        stop = pglite ? await pglite.listen(CHANNEL, deliver) : await listenPostgres(pool!);
        // Whatever changed while nothing listened is unknown: caches start again from here.
        reset();
        fencesDone = fencesWanted;
        listening = true;
      } catch (err) {
        down();
        throw err;
      }
    })().finally(() => {
      starting = undefined;
    });
    return starting;
  }

  /** One round trip on the listening connection at a time, again while writes asked for one after it was sent. */
  function fence() {
    fencesWanted += 1;
    if (fencing) return;
    fencing = true;
    void (async () => {
      while (fencesDone < fencesWanted && listener) {
        const target = fencesWanted;
        try {
          await listener.query('select 1');
          fencesDone = target;
        } catch {
          // The connection's error handler takes the listener down.
          break;
        }
      }
    })().finally(() => {
      fencing = false;
    });
  }

  const watched = new Set<string>();
  if (pool) {
    const dirty = new WeakSet<pg.PoolClient>();
    const patched = new WeakSet<pg.PoolClient>();
    // drizzle writes `update "members" set …`, `delete from "sessions" …`: the statement names its table first.
    const writeTable = /^\s*(?:update|delete\s+from|insert\s+into)\s+"?([a-z_]+)"?/i;
    pool.on('acquire', (client) => {
      if (patched.has(client)) return;
      patched.add(client);
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as { query: unknown }).query = (...args: unknown[]) => {
        const first = args[0] as string | { text?: unknown } | undefined;
        const text = typeof first === 'string' ? first : first?.text;
        const table = typeof text === 'string' ? writeTable.exec(text)?.[1] : undefined;
        if (table && watched.has(table.toLowerCase())) dirty.add(client);
        return query(...args);
      };
    });
    // The pool takes a client back before the writer's query or transaction returns to its caller.
    pool.on('release', (_err, client) => {
      if (!dirty.has(client)) return;
      dirty.delete(client);
      generation += 1;
      fence();
    });
  }

  return {
    /** Starts listening (again); resolves once notifications are heard. */
    start,
    /** Tables whose writes in this process a cache must see at once (PostgreSQL; PGlite needs nothing). */
    watch(...tables: string[]) {
      for (const t of tables) watched.add(t.toLowerCase());
    },
    /** Calls `fn` with each changed key of `topic` (null: anything may have changed) until the returned function is called. */
    on(topic: string, fn: Invalidated): () => void {
      const subscribers = topics.get(topic) ?? new Set<Invalidated>();
      topics.set(topic, subscribers.add(fn));
      return () => subscribers.delete(fn);
    },
    /** Whether a cache may answer now: every committed write is heard, and no write of this process is unheard. */
    live: () => listening && fencesDone === fencesWanted,
    /** Read before a row is read; `fresh(stamp)` after says whether that row may be kept. */
    stamp: () => generation,
    fresh(stamp: number) {
      return stamp === generation && listening && fencesDone === fencesWanted;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await starting?.catch(() => undefined);
      const s = stop;
      stop = undefined;
      listening = false;
      listener = undefined;
      await s?.();
      reset();
    },
    /** Tests: ends the PostgreSQL listening connection as a network failure would. */
    breakConnection() {
      if (listener) listener.emit('error', new Error('connection broken (test)'));
      else if (stop) {
        void stop();
        down();
      }
    },
  };
}
export type Invalidation = ReturnType<typeof createInvalidation>;

/**
 * A map of at most `cap` entries for a per-process cache: the one used least recently goes first, so memory stays
 * bounded whatever keys visitors bring.
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, V>();
  constructor(
    private readonly cap: number,
    private readonly onEvict: (key: K, value: V) => void = () => undefined,
  ) {}

  get size() {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // Map keeps insertion order: moved to the end, it is the most recently used.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.cap) {
      const [oldest, v] = this.entries.entries().next().value as [K, V];
      this.delete(oldest, v);
    }
  }

  delete(key: K, value = this.entries.get(key)): void {
    if (value === undefined || !this.entries.delete(key)) return;
    this.onEvict(key, value);
  }

  clear(): void {
    for (const [k, v] of [...this.entries]) this.delete(k, v);
  }
}
