import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Game } from '../../../contract/games.ts';
import { buildApp } from '../../app.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { games } from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';

/**
 * The public catalogue's reply cache (server/http/replyCache.ts) through the real app: a catalogue write is seen by the
 * next request, in this app and in another one on the same database; ETag and 304; one member's data never in
 * another's reply.
 */

const OPS = 'ops-secret-for-the-reply-cache';
const LIST = '/lgw/games/list?gameType=RNG&pageNo=1&pageSize=42';
let t: TestApp;
/** A second API process on the same database: its own caches (PostgreSQL: its own pool, as another process has). */
let other: { app: FastifyInstance; database?: Database };

beforeAll(async () => {
  t = await testApp({ opsToken: OPS });
  const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
  const database =
    t.database.kind === 'postgres'
      ? await openDatabase({ kind: 'postgres', url: pool.options.connectionString! })
      : undefined;
  other = { app: await buildApp({ db: database?.db ?? t.database.db, opsToken: OPS }), database };
}, 120_000);
afterAll(async () => {
  await other?.app.close();
  await other?.database?.close();
  await t?.close();
});

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { merchant: 'PORTICO', ...headers } });
const listed = async (app: FastifyInstance, url = LIST): Promise<Game[]> => {
  const res = await get(app, url);
  expect(res.statusCode).toBe(200);
  return res.json().data.games;
};
const edit = (app: FastifyInstance, nodeIds: string[], set: object) =>
  app.inject({
    method: 'PATCH',
    url: '/ops/merchants/PORTICO/games',
    headers: { authorization: `Bearer ${OPS}` },
    payload: { nodeIds, set },
  });

/**
 * What another process answers after a write: at once on PGlite (one process); on PostgreSQL once its listener has
 * heard the write's notification, a moment after the commit (server/db/invalidation.ts). The writing process itself
 * answers the new rows on its very next request.
 */
const soon = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 2_000, interval: 5 });

describe('public catalogue replies', () => {
  it('serve an operator’s game edit on the very next request', async () => {
    const before = await listed(t.app);
    expect(await listed(t.app)).toEqual(before);
    const game = before[0]!;
    const hot = async () => (await get(t.app, '/lgw/games/hot')).json().data.games as Game[];
    const wasHot = (await hot()).some((g) => g.nodeId === game.nodeId);

    expect((await edit(t.app, [game.nodeId], { hidden: true, isHot: !wasHot })).statusCode).toBe(200);
    expect((await listed(t.app)).map((g) => g.nodeId)).not.toContain(game.nodeId);
    expect((await edit(t.app, [game.nodeId], { hidden: false })).statusCode).toBe(200);
    expect((await listed(t.app)).find((g) => g.nodeId === game.nodeId)?.isHot).toBe(wasHot ? 0 : 1);
    expect((await hot()).some((g) => g.nodeId === game.nodeId)).toBe(!wasHot);
    await edit(t.app, [game.nodeId], { isHot: wasHot });
  });

  it('serve a write made by another app on the same database, or by hand, once it is heard', async () => {
    const [game] = await listed(t.app);
    await listed(other.app);
    const until = new Date(Date.now() + 3_600_000).toISOString();
    expect((await edit(other.app, [game!.nodeId], { maintenanceUntil: until })).statusCode).toBe(200);
    const inList = async (app: FastifyInstance) =>
      (await listed(app)).find((g) => g.nodeId === game!.nodeId)?.maintenanceUntil;
    expect(await inList(other.app)).toBe(until);
    await soon(async () => expect(await inList(t.app)).toBe(until));
    expect((await edit(t.app, [game!.nodeId], { maintenanceUntil: null })).statusCode).toBe(200);
    expect(await inList(t.app)).toBeNull();
    await soon(async () => expect(await inList(other.app)).toBeNull());

    // psql, a back-office tool: the triggers see every writer.
    await t.database.db
      .update(games)
      .set({ minBet: 777 })
      .where(and(eq(games.merchantCode, 'PORTICO'), eq(games.nodeId, game!.nodeId)));
    for (const app of [t.app, other.app])
      await soon(async () =>
        expect((await listed(app)).find((g) => g.nodeId === game!.nodeId)?.minBet).toBe(777),
      );
  });

  it('show a new announcement in the notice index: at once where it was made, once heard elsewhere', async () => {
    const index = async (app: FastifyInstance) =>
      (await get(app, '/wps/notice/index?language=en')).json().value.notices as { title: string }[];
    await index(t.app);
    await index(other.app);
    const added = await other.app.inject({
      method: 'POST',
      url: '/ops/merchants/PORTICO/notices',
      headers: { authorization: `Bearer ${OPS}` },
      payload: { type: 'PL', titles: { en: 'Cache test notice' }, contents: { en: '<p>Fresh</p>' } },
    });
    expect(added.statusCode).toBe(200);
    expect((await index(other.app)).map((n) => n.title)).toContain('Cache test notice');
    await soon(async () => expect((await index(t.app)).map((n) => n.title)).toContain('Cache test notice'));
  });

  it('answer 304 to the ETag they sent, and a new ETag once the catalogue changed', async () => {
    for (const url of [LIST, '/lgw/games/game_menus', '/lgw/games/vendor', '/lgw/games/hot']) {
      const first = await get(t.app, url);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^"[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('public, max-age=10, stale-while-revalidate=60');
      expect(first.headers.vary).toContain('language');
      const again = await get(t.app, url, { 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
    }
    const first = await get(t.app, LIST);
    const [game] = first.json().data.games as Game[];
    await edit(t.app, [game!.nodeId], { sort: 999_999 });
    const changed = await get(t.app, LIST, { 'if-none-match': first.headers.etag as string });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect((changed.json().data.games as Game[]).map((g) => g.nodeId)).not.toContain(game!.nodeId);
  });

  it('keep one reply per language and filter', async () => {
    const page = async (query: string) =>
      (await listed(t.app, `/lgw/games/list?${query}`)).map((g) => g.nodeId);
    const one = await page('gameType=RNG&pageNo=1&pageSize=5');
    const two = await page('gameType=RNG&pageNo=2&pageSize=5');
    expect(two).not.toEqual(one);
    const fish = await listed(t.app, '/lgw/games/list?gameType=FISH&pageSize=5');
    expect(fish.every((g) => g.gameType === 'FISH')).toBe(true);
    const en = await get(t.app, '/lgw/games/list?gameType=RNG&pageSize=5', { language: 'en' });
    const vi = await get(t.app, '/lgw/games/list?gameType=RNG&pageSize=5', { language: 'vi' });
    const tile = (r: typeof en) => (r.json().data.games as Game[])[0]!.iconUrl;
    expect(tile(en)).toContain('lang=en');
    expect(tile(vi)).toContain('lang=vi');
  });

  it('are the same bytes for visitors and members, and never carry one member’s favourites to another', async () => {
    const api = client(t.app);
    const one = (await api.login('player01', 'Player123')).body.value.token as string;
    const two = (await api.login('vip01', 'Player123')).body.value.token as string;
    const [game] = await listed(t.app);
    expect(
      (
        await api.send(
          'POST',
          '/wps/game/fav/add',
          { nodeId: game!.nodeId, vendor: game!.vassalage, gameType: game!.gameType },
          one,
        )
      ).status,
    ).toBe(200);

    const visitor = await get(t.app, LIST);
    const member = await get(t.app, LIST, { authorization: `Bearer ${one}` });
    expect(member.body).toBe(visitor.body);
    expect(member.headers['cache-control']).toMatch(/^private,/);
    expect(visitor.headers['cache-control']).toMatch(/^public,/);

    const favourites = async (token: string) =>
      (await api.send('GET', '/wps/game/fav/ids', undefined, token)).body.value as string[];
    expect(await favourites(one)).toContain(game!.nodeId);
    expect(await favourites(two)).not.toContain(game!.nodeId);
    const favList = await api.send('GET', '/wps/game/fav/list?pageNo=1&pageSize=10', undefined, two);
    expect(favList.body.value.content.map((g: Game) => g.nodeId)).not.toContain(game!.nodeId);
  });
});
