import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCall, lgwReply } from '../../contract/call.ts';
import type { Merchant } from './merchant.ts';
import { type CachePolicy, codingFor, createReplyCache, maintenanceEnd, matchesEtag } from './replyCache.ts';

/** The reply cache on its own: keys, versions, expiry, bounds and the HTTP side (ETag, 304, headers). */

const call = defineCall({
  method: 'GET',
  path: '/lgw/test/list',
  summary: 'test',
  response: lgwReply(z.object({ items: z.array(z.string()) })),
});
type Reply = z.input<typeof call.response>;

let clock = 1_000_000;
let app: FastifyInstance | undefined;
afterEach(() => app?.close());

/** An app whose one route serves `items()` through the cache under the version the test sets. */
async function harness(
  options: Parameters<typeof createReplyCache>[0] = {},
  policy: Partial<CachePolicy<Reply>> = {},
) {
  const cache = createReplyCache({ now: () => clock, ...options });
  const state = { version: 0, fills: 0, items: ['a'] };
  app = Fastify();
  app.get<{ Querystring: { k?: string; m?: string } }>('/list', async (req, reply) => {
    req.catalogueVersion = state.version;
    const merchant = { code: req.query.m ?? 'PORTICO' } as Merchant;
    return cache.serve({ req, reply, merchant }, call, { key: [req.query.k ?? ''], ...policy }, async () => {
      state.fills += 1;
      return { success: true as const, data: { items: [...state.items, req.query.k ?? ''] } };
    });
  });
  const get = (url = '/list', headers: Record<string, string> = {}) =>
    app!.inject({ method: 'GET', url, headers });
  return { cache, state, get };
}

describe('reply cache', () => {
  it('answers from memory until the catalogue version moves, then fills again', async () => {
    const { state, get } = await harness();
    const first = await get();
    expect(first.json()).toEqual({ success: true, data: { items: ['a', ''] } });
    expect((await get()).body).toBe(first.body);
    expect(state.fills).toBe(1);

    state.items = ['b'];
    expect((await get()).json().data.items).toEqual(['a', '']);
    state.version = 1;
    expect((await get()).json().data.items).toEqual(['b', '']);
    expect(state.fills).toBe(2);
  });

  it('keeps one reply per key and per merchant', async () => {
    const { state, get } = await harness();
    expect((await get('/list?k=x')).json().data.items).toEqual(['a', 'x']);
    expect((await get('/list?k=y')).json().data.items).toEqual(['a', 'y']);
    expect((await get('/list?k=x&m=LOTUS')).json().data.items).toEqual(['a', 'x']);
    expect(state.fills).toBe(3);
    await get('/list?k=x');
    await get('/list?k=x&m=LOTUS');
    expect(state.fills).toBe(3);
  });

  it('neither serves nor keeps for a request that read an older version', async () => {
    const { state, get } = await harness();
    state.version = 5;
    await get();
    state.version = 4;
    state.items = ['old'];
    expect((await get()).json().data.items).toEqual(['old', '']);
    state.version = 5;
    state.items = ['new'];
    expect((await get()).json().data.items).toEqual(['a', '']);
  });

  it('fills once for requests that miss together', async () => {
    const { state, get } = await harness();
    const replies = await Promise.all([get(), get(), get(), get()]);
    expect(state.fills).toBe(1);
    expect(new Set(replies.map((r) => r.body)).size).toBe(1);
  });

  it('expires a reply after its time to live, or when it stops being true', async () => {
    const ttl = await harness({}, { ttlMs: 5_000 });
    await ttl.get();
    clock += 4_999;
    await ttl.get();
    expect(ttl.state.fills).toBe(1);
    clock += 2;
    await ttl.get();
    expect(ttl.state.fills).toBe(2);
    await app!.close();

    const until = await harness({}, { until: () => clock + 1_000 });
    await until.get();
    clock += 1_001;
    await until.get();
    expect(until.state.fills).toBe(2);
  });

  it('stays within its bytes per merchant, the least recently used going first', async () => {
    // Each reply is about 45 bytes: three fit, a fourth pushes the oldest out.
    const { cache, state, get } = await harness({ maxBytesPerMerchant: 150 });
    for (const k of ['k1', 'k2', 'k3']) await get(`/list?k=${k}`);
    expect(cache.size('PORTICO').entries).toBe(3);
    await get('/list?k=k1');
    await get('/list?k=k4');
    const { entries, bytes } = cache.size('PORTICO');
    expect(entries).toBe(3);
    expect(bytes).toBeLessThanOrEqual(150);
    const fills = state.fills;
    await get('/list?k=k1');
    expect(state.fills).toBe(fills);
    await get('/list?k=k2');
    expect(state.fills).toBe(fills + 1);
  });

  it('answers 304 to a matching If-None-Match, with the ETag and caching headers', async () => {
    const { get } = await harness();
    const first = await get();
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=10, stale-while-revalidate=60');
    expect(first.headers.vary).toBe('merchant, language, accept-encoding');
    expect(first.headers['content-type']).toContain('application/json');

    const again = await get('/list', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await get('/list', { 'if-none-match': `W/${etag}` })).statusCode).toBe(304);
    expect((await get('/list', { 'if-none-match': '"other"' })).statusCode).toBe(200);

    const member = await get('/list', { authorization: 'Bearer t' });
    expect(member.headers['cache-control']).toBe('private, max-age=10, stale-while-revalidate=60');
  });

  it('sends a long reply compressed once, in the coding the browser takes, each with its own ETag', async () => {
    const long = Array.from({ length: 300 }, (_, i) => `game ${i}`);
    const cache = createReplyCache({ now: () => clock });
    app = Fastify();
    // As server/app.ts has it: the plugin must pass the cache's compressed bytes through untouched.
    await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
    app.get('/long', async (req, reply) => {
      req.catalogueVersion = 0;
      return cache.serve(
        { req, reply, merchant: { code: 'P' } as Merchant },
        call,
        { key: [] },
        async () => ({
          success: true as const,
          data: { items: long },
        }),
      );
    });
    const get = (headers: Record<string, string>) => app!.inject({ method: 'GET', url: '/long', headers });
    const plain = await get({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get({ 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const tags = [plain, br, gz].map((r) => r.headers.etag as string);
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags)
      expect((await get({ 'accept-encoding': 'br', 'if-none-match': tag })).statusCode).toBe(304);
    expect(cache.size('P').bytes).toBe(plain.rawPayload.length + br.rawPayload.length + gz.rawPayload.length);
  });

  it('refuses a reply its schema refuses, and keeps nothing', async () => {
    const cache = createReplyCache();
    app = Fastify();
    app.get('/bad', async (req, reply) => {
      req.catalogueVersion = 0;
      return cache.serve(
        { req, reply, merchant: { code: 'P' } as Merchant },
        call,
        { key: [] },
        async () => ({
          success: true,
          data: { items: [1] },
        }),
      );
    });
    expect((await app.inject({ method: 'GET', url: '/bad' })).statusCode).toBe(500);
    expect(cache.size('P').entries).toBe(0);
  });
});

describe('ETag matching and maintenance ends', () => {
  it('takes brotli before gzip, and neither when refused', () => {
    expect(codingFor('gzip, deflate, br, zstd')).toBe('br');
    expect(codingFor('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(codingFor('identity')).toBeUndefined();
    expect(codingFor(undefined)).toBeUndefined();
  });

  it('compares If-None-Match lists weakly', () => {
    expect(matchesEtag('"a", "b"', '"b"')).toBe(true);
    expect(matchesEtag('*', '"b"')).toBe(true);
    expect(matchesEtag(undefined, '"b"')).toBe(false);
    expect(matchesEtag('"a"', '"b"')).toBe(false);
  });

  it('finds the first maintenance end of a list', () => {
    expect(maintenanceEnd([{ maintenanceUntil: null }])).toBeUndefined();
    expect(
      maintenanceEnd([
        { maintenanceUntil: '2026-11-28T02:00:00.000Z' },
        { maintenanceUntil: null },
        { maintenanceUntil: '2026-11-28T01:00:00.000Z' },
      ]),
    ).toBe(Date.parse('2026-11-28T01:00:00.000Z'));
  });
});
