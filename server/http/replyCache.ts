import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AnyCall } from '../../contract/call.ts';
import { LANGUAGE_HEADER, MERCHANT_HEADER } from '../../contract/merchant.ts';
import type { Merchant } from './merchant.ts';

/**
 * Replies of the public catalogue (game lists, menus, vendor lanes, hot games, notices and banners, the winner
 * board), kept per merchant as the bytes sent and their ETag, so a lobby page costs no query and no serialising.
 *
 * What a reply depends on is its key: the merchant, the call, its parsed query (filters, page) and the language.
 * None of these replies has a part of its own per member: a listed game carries no favourite flag (the SPA asks
 * /wps/game/fav/ids for those), so one reply serves visitors and members alike. Calls with a member's data
 * (favourites, recent games, the recent lottery menu) are not cached at all: keying them by member would keep a copy
 * per player for little gain, and a key mistake would show one member another's list.
 *
 * Freshness: every catalogue write raises the catalogue version in its own transaction (migration 0036); the request
 * reads it with its merchant (server/http/merchantCache.ts: one statement on PostgreSQL, a notification counter on
 * PGlite), and a newer version empties the cache. A write that has returned is therefore seen by every request that
 * starts after it, in this process and in every other one on the same database. Replies that change without a
 * catalogue write expire: a game's maintenance end (`until`), the winner board (`ttlMs`, a few seconds: it changes
 * with every settled win, whose money transaction must not notify).
 */

/**
 * A reply as sent: the JSON bytes and their strong ETag, computed once when the entry is filled, and its compressed
 * copies, made once when a browser first takes them (the compression plugin would compress it again per request).
 */
interface Entry {
  body: string;
  /** UTF-8 bytes of `body`. */
  size: number;
  /** The body's hash: the ETag is it quoted, with the content coding's suffix when compressed (`"…-br"`). */
  tag: string;
  br?: Buffer;
  gzip?: Buffer;
  /** Milliseconds (epoch) after which the entry is not served. */
  expires: number;
}

export interface ReplyCacheOptions {
  /** Bytes of replies kept per merchant (least recently used first out). */
  maxBytesPerMerchant?: number;
  /** Milliseconds an entry lives at most even without a write (a safety net; writes are what empty it). */
  maxAgeMs?: number;
  now?: () => number;
}

export interface CachePolicy<V> {
  /** What changes the reply besides the merchant and the catalogue version (call, query, language). */
  key: readonly unknown[];
  /** How long the reply may be served without a catalogue write (default: the cache's maxAgeMs). */
  ttlMs?: number;
  /** When the reply stops being true without any write (a game's maintenance end), in epoch milliseconds. */
  until?: (value: V) => number | undefined;
  /** Cache-Control max-age (seconds) for browsers; stale-while-revalidate is 6× it. */
  browserMaxAge?: number;
}

export const DEFAULT_BROWSER_MAX_AGE = 10;
/** As server/app.ts's compression plugin: smaller replies travel as they are. */
const COMPRESS_FROM_BYTES = 1024;
const DEFAULT_MAX_BYTES = 8 * 1024 * 1024;
const DEFAULT_MAX_AGE_MS = 5 * 60_000;

/** One merchant's replies by key; a Map keeps insertion order, which is the recency order here. */
interface Shelf {
  entries: Map<string, Entry>;
  bytes: number;
}

/** `If-None-Match` names one of these ETags (weak comparison, RFC 9110 §13.1.2: a proxy may have weakened it). */
export function matchesEtag(header: string | undefined, ...etags: string[]): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => etags.includes(tag.trim().replace(/^W\//, '')));
}

type Coding = 'br' | 'gzip';
const SUFFIX: Record<Coding, string> = { br: '-br', gzip: '-gz' };

/** The content coding to send: brotli when the browser takes it, else gzip, else none (q=0 refuses one). */
export function codingFor(acceptEncoding: string | undefined): Coding | undefined {
  const taken = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) taken.add(name.trim());
  }
  return taken.has('br') ? 'br' : taken.has('gzip') ? 'gzip' : undefined;
}

/** A body in `coding` (brotli at a middle level: once per fill, not per request). */
const compress = (body: string, coding: Coding): Buffer =>
  coding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 6,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      })
    : gzipSync(body);

/** The bytes an entry holds: its body and the compressed copies made so far. */
const weight = (e: Entry) => e.size + (e.br?.length ?? 0) + (e.gzip?.length ?? 0);

export function createReplyCache({
  maxBytesPerMerchant = DEFAULT_MAX_BYTES,
  maxAgeMs = DEFAULT_MAX_AGE_MS,
  now = Date.now,
}: ReplyCacheOptions = {}) {
  /** The catalogue version the kept replies were filled under. */
  let filledUnder = -1;
  const shelves = new Map<string, Shelf>();
  /** Fills in flight: requests for the same reply wait for one query instead of each running it. */
  const pending = new Map<string, Promise<Entry>>();

  const shelfOf = (merchant: string) => {
    let shelf = shelves.get(merchant);
    if (!shelf) {
      shelf = { entries: new Map(), bytes: 0 };
      shelves.set(merchant, shelf);
    }
    return shelf;
  };

  function drop(shelf: Shelf, key: string) {
    const old = shelf.entries.get(key);
    if (!old) return;
    shelf.entries.delete(key);
    shelf.bytes -= weight(old);
  }

  /** Least recently used out until the shelf fits (a reply larger than the whole shelf is served, not kept). */
  function trim(shelf: Shelf) {
    for (const [oldest] of shelf.entries) {
      if (shelf.bytes <= maxBytesPerMerchant) break;
      drop(shelf, oldest);
    }
  }

  function keep(shelf: Shelf, key: string, entry: Entry) {
    drop(shelf, key);
    shelf.entries.set(key, entry);
    shelf.bytes += weight(entry);
    trim(shelf);
  }

  /** The entry in `coding`, made on first use and counted in its shelf's bytes while it is kept. */
  function copyOf(merchant: string, key: string, entry: Entry, coding: Coding): Buffer {
    const made = entry[coding];
    if (made) return made;
    const bytes = compress(entry.body, coding);
    entry[coding] = bytes;
    const shelf = shelves.get(merchant);
    if (shelf?.entries.get(key) === entry) {
      shelf.bytes += bytes.length;
      trim(shelf);
    }
    return bytes;
  }

  function entryOf<V>(call: AnyCall, value: V, policy: CachePolicy<V>): Entry {
    // What the route's serializer would send (fastify-type-provider-zod encodes with the reply schema).
    const body = JSON.stringify(z.encode(call.response, value));
    const tag = createHash('sha1').update(body).digest('base64url');
    const until = policy.until?.(value);
    const expires = Math.min(now() + (policy.ttlMs ?? maxAgeMs), until ?? Number.POSITIVE_INFINITY);
    return { body, size: Buffer.byteLength(body), tag, expires };
  }

  async function lookup<V>(
    merchant: string,
    key: string,
    stamp: number,
    call: AnyCall,
    policy: CachePolicy<V>,
    fill: () => Promise<V>,
  ): Promise<Entry> {
    if (stamp > filledUnder) {
      shelves.clear();
      pending.clear();
      filledUnder = stamp;
    }
    // A request that read an older version than another one (it started before a write) neither uses nor fills the
    // newer cache; so does one whose merchant scope did not read a version.
    if (stamp < 0 || stamp !== filledUnder) return entryOf(call, await fill(), policy);
    const shelf = shelfOf(merchant);
    const hit = shelf.entries.get(key);
    if (hit && hit.expires > now()) {
      // Most recently used goes last.
      shelf.entries.delete(key);
      shelf.entries.set(key, hit);
      return hit;
    }
    const flightKey = `${merchant}\u0000${key}`;
    const flying = pending.get(flightKey);
    if (flying) return flying;
    const filling = fill()
      .then((value) => {
        const entry = entryOf(call, value, policy);
        if (stamp === filledUnder) keep(shelfOf(merchant), key, entry);
        return entry;
      })
      .finally(() => {
        if (pending.get(flightKey) === filling) pending.delete(flightKey);
      });
    pending.set(flightKey, filling);
    return filling;
  }

  return {
    /**
     * Answers `req` from the cache, filling it with `fill` on a miss: the kept bytes with their ETag, or 304 Not
     * Modified when `If-None-Match` names it. Browsers may keep it `browserMaxAge` seconds and use it a while longer
     * while they ask again; `private` when the request carries a session token (a shared cache keeps no reply to a
     * member's request, even one without member data).
     */
    async serve<C extends AnyCall, V>(
      ctx: { req: FastifyRequest; reply: FastifyReply; merchant: Merchant },
      call: C,
      policy: CachePolicy<V>,
      fill: () => Promise<V>,
    ): Promise<V> {
      const { req, reply, merchant } = ctx;
      const key = JSON.stringify([call.path, ...policy.key]);
      const entry = await lookup(merchant.code, key, req.catalogueVersion, call, policy, fill);
      const maxAge = policy.browserMaxAge ?? DEFAULT_BROWSER_MAX_AGE;
      const coding =
        entry.size >= COMPRESS_FROM_BYTES ? codingFor(req.headers['accept-encoding']) : undefined;
      // Each coding is its own representation with its own strong ETag; any of them still names this body.
      const etag = `"${entry.tag}${coding ? SUFFIX[coding] : ''}"`;
      reply
        .header('etag', etag)
        .header(
          'cache-control',
          `${req.headers.authorization ? 'private' : 'public'}, max-age=${maxAge}, stale-while-revalidate=${maxAge * 6}`,
        )
        // The host is in the address already; these two headers choose the merchant and the language.
        .header('vary', `${MERCHANT_HEADER}, ${LANGUAGE_HEADER}, accept-encoding`);
      const tags = [`"${entry.tag}"`, `"${entry.tag}${SUFFIX.br}"`, `"${entry.tag}${SUFFIX.gzip}"`];
      if (matchesEtag(req.headers['if-none-match'], ...tags)) reply.code(304).send();
      else if (coding) {
        // The compression plugin passes a reply that has its content coding through.
        reply
          .header('content-encoding', coding)
          .type('application/json; charset=utf-8')
          .send(copyOf(merchant.code, key, entry, coding));
      } else reply.type('application/json; charset=utf-8').send(entry.body);
      // The reply is sent as the kept bytes (Fastify sends a string as it is); the route returns the reply itself.
      return reply as unknown as V;
    },

    /** Replies kept, per merchant (tests, metrics). */
    size(merchant: string) {
      const shelf = shelves.get(merchant);
      return { entries: shelf?.entries.size ?? 0, bytes: shelf?.bytes ?? 0 };
    },
  };
}
export type ReplyCache = ReturnType<typeof createReplyCache>;

/** The earliest of the future maintenance ends of a list's games: the reply changes then without a write. */
export const maintenanceEnd = (games: readonly { maintenanceUntil: string | null }[]) => {
  let first: number | undefined;
  for (const g of games) {
    if (!g.maintenanceUntil) continue;
    const t = Date.parse(g.maintenanceUntil);
    if (first === undefined || t < first) first = t;
  }
  return first;
};
