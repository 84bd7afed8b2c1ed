import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsGame } from '../../../contract/catalogue.ts';
import type { Game } from '../../../contract/games.ts';
import { auditLog, games } from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';

/** The game catalogue edited in /ops, and what members see of it at their next request. */

const OPS = 'ops-secret-for-games';
let t: TestApp;
let api: ReturnType<typeof client>;
let player: string;
const auth = { authorization: `Bearer ${OPS}` };

beforeAll(async () => {
  t = await testApp({ opsToken: OPS });
  api = client(t.app);
  player = (await api.login('player01', 'Player123')).body.value.token;
}, 120_000);
afterAll(() => t?.close());

const opsList = async (query = '', code = 'PORTICO') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/ops/merchants/${code}/games?${query}`,
    headers: auth,
  });
  expect(res.statusCode).toBe(200);
  return res.json().value as { list: OpsGame[]; totalPages: number };
};
const edit = (nodeIds: string[], set: object, code = 'PORTICO') =>
  t.app.inject({
    method: 'PATCH',
    url: `/ops/merchants/${code}/games`,
    headers: auth,
    payload: { nodeIds, set },
  });
const playerList = async (query: string): Promise<Game[]> =>
  (await api.send('GET', `/lgw/games/list?${query}`)).body.data.games;
const launch = (game: { nodeId: string; vendor: string }) =>
  api.send('POST', '/wps/game/launchGame', { nodeId: game.nodeId, vassalage: game.vendor }, player);

describe('the game catalogue in /ops', () => {
  it('lists a merchant’s games by vendor, type, name and flag', async () => {
    const all = await opsList('pageSize=200');
    expect(all.list.length).toBeGreaterThan(10);
    const rng = await opsList('gameType=RNG&pageSize=200');
    expect(rng.list.length).toBeGreaterThan(0);
    expect(rng.list.every((g) => g.gameType === 'RNG')).toBe(true);
    const first = rng.list[0]!;
    const byVendor = await opsList(`vendor=${first.vendor}&pageSize=200`);
    expect(byVendor.list.every((g) => g.vendor === first.vendor)).toBe(true);
    const name = first.names.en!.slice(0, 5);
    const byName = await opsList(`name=${encodeURIComponent(name)}`);
    expect(byName.list.map((g) => g.nodeId)).toContain(first.nodeId);
    const hot = await opsList('flag=hot&pageSize=200');
    expect(hot.list.every((g) => g.isHot)).toBe(true);
    const total = (await opsList('pageSize=1')).totalPages;
    const paged = await opsList('pageSize=5&pageNo=2');
    expect(paged.list).toHaveLength(5);
    expect(paged.list[0]).toEqual((await opsList('pageSize=1&pageNo=6')).list[0]);
    expect(paged.totalPages).toBe(Math.ceil(total / 5));
  });

  it('hides a game from every lobby and launch, and shows it again, at the next request', async () => {
    const [game] = (await opsList('gameType=RNG&pageSize=1')).list;
    const listed = async () => (await playerList('gameType=RNG&pageSize=100')).map((g) => g.nodeId);
    expect(await listed()).toContain(game!.nodeId);

    const hidden = await edit([game!.nodeId], { hidden: true });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().value.list[0]).toMatchObject({ nodeId: game!.nodeId, hidden: true });
    expect(await listed()).not.toContain(game!.nodeId);
    expect((await launch(game!)).status).toBe(404);
    // Still in the back office, under its flag.
    expect((await opsList('flag=hidden')).list.map((g) => g.nodeId)).toContain(game!.nodeId);

    expect((await edit([game!.nodeId], { hidden: false })).statusCode).toBe(200);
    expect(await listed()).toContain(game!.nodeId);
  });

  it('puts a selection under maintenance: shown as such, its launch refused with the spec’s message', async () => {
    const picked = (await opsList('gameType=LIVE&pageSize=2')).list;
    expect(picked).toHaveLength(2);
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const res = await edit(
      picked.map((g) => g.nodeId),
      { maintenanceUntil: until, isHot: true },
    );
    expect(res.statusCode).toBe(200);
    for (const g of res.json().value.list as OpsGame[])
      expect(g).toMatchObject({ isHot: true, maintenanceUntil: until });

    const shown = (await playerList('gameType=LIVE&pageSize=100')).find(
      (g) => g.nodeId === picked[0]!.nodeId,
    );
    expect(shown).toMatchObject({ maintenanceUntil: until, isHot: 1 });
    const refused = await launch(picked[0]!);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'GAME_MAINTENANCE',
      message: 'The game is under maintenance, please see other popular games',
      maintenanceUntil: until,
    });

    // Ending it opens the game again.
    expect((await edit([picked[0]!.nodeId], { maintenanceUntil: null })).statusCode).toBe(200);
    expect((await launch(picked[0]!)).status).toBe(200);
  });

  it('keeps the change as an override over the feed, and audits it once per batch', async () => {
    const [game] = (await opsList('gameType=RNG&pageSize=1&pageNo=2')).list;
    expect((await edit([game!.nodeId], { sort: 7, isNew: true })).statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(games)
      .where(and(eq(games.merchantCode, 'PORTICO'), eq(games.nodeId, game!.nodeId)));
    expect(row).toMatchObject({ sort: 7, isNew: true, overrides: { sort: 7, isNew: true } });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantCode, 'PORTICO'), eq(auditLog.action, 'GAME_EDIT')));
    expect(entries.map((e) => e.subject)).toContainEqual({
      nodeIds: [game!.nodeId],
      set: { sort: 7, isNew: true },
    });
  });

  it('refuses a batch naming an unknown game whole, and bad input with field messages', async () => {
    const [game] = (await opsList('pageSize=1')).list;
    const before = (await opsList(`name=${encodeURIComponent(game!.nodeId)}`)).list[0];
    const res = await edit([game!.nodeId, 'NO_SUCH_GAME'], { hidden: true });
    expect(res.statusCode).toBe(404);
    expect(res.json().fields.nodeIds).toContain('NO_SUCH_GAME');
    expect((await opsList(`name=${encodeURIComponent(game!.nodeId)}`)).list[0]).toEqual(before);

    const empty = await edit([game!.nodeId], {});
    expect(empty.statusCode).toBe(400);
    const none = await edit([], { hidden: true });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toHaveProperty('nodeIds');
    const badTime = await edit([game!.nodeId], { maintenanceUntil: 'tomorrow' });
    expect(badTime.statusCode).toBe(400);
    const unknown = await t.app.inject({ method: 'GET', url: '/ops/merchants/NOPE/games', headers: auth });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers only to an operator', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ops/merchants/PORTICO/games' });
    expect(res.statusCode).toBe(401);
  });
});
