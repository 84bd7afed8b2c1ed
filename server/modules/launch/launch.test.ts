import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Game } from '../../../contract/games.ts';
import { gameLaunches, games, merchants } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/secrets.ts';
import { demoVendorDriver } from '../../ports/gameVendor.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';
import { createLedger } from '../wallet/ledger.ts';

let t: TestApp;
let api: ReturnType<typeof client>;
let player: string;
let vip: string;
beforeAll(async () => {
  t = await testApp();
  api = client(t.app);
  player = (await api.login('player01', 'Player123')).body.value.token;
  vip = (await api.login('vip01', 'Player123')).body.value.token;
});
afterAll(() => t.close());

const list = async (query: string): Promise<Game[]> =>
  (await api.send('GET', `/lgw/games/list?${query}`)).body.data.games;
const launch = (token: string | undefined, game: Pick<Game, 'nodeId' | 'vassalage'>, extra: object = {}) =>
  api.send(
    'POST',
    '/wps/game/launchGame',
    { nodeId: game.nodeId, vassalage: game.vassalage, ...extra },
    token,
  );

describe('game launch', () => {
  it('needs a login', async () => {
    const [game] = await list('gameType=RNG&pageSize=1');
    expect((await launch(undefined, game!)).status).toBe(401);
  });

  it('opens in-house games on our own pages, by class, with a launch token stored only as a hash', async () => {
    const inhouse = await list('gameType=INHOUSE&pageSize=50');
    const slot = inhouse.find((g) => g.gameClassify === 'SLOT')!;
    const mini = inhouse.find((g) => g.gameClassify === 'MINI')!;
    const res = await launch(player, slot, { username: 'Player01', language: 'vi' });
    expect(res.status).toBe(200);
    expect(res.body.value.openIn).toBe('frame');
    const url = new URL(res.body.value.content, 'http://x');
    expect(url.pathname).toBe('/play/slot');
    expect(url.searchParams.get('lang')).toBe('vi');
    const token = url.searchParams.get('t')!;
    const [row] = await t.database.db
      .select()
      .from(gameLaunches)
      .where(eq(gameLaunches.tokenHash, sha256(token)));
    expect(row).toMatchObject({ nodeId: slot.nodeId, vassalage: 'PORTICO', trial: false, language: 'vi' });
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 11 * 3_600_000);
    expect(new URL((await launch(player, mini)).body.value.content, 'http://x').pathname).toBe('/play/dice');
  });

  it("opens our game pages on one of the merchant's launch CDNs; a lottery stays in the portal", async () => {
    const { db } = t.database;
    const [portico] = await db.select().from(merchants).where(eq(merchants.code, 'PORTICO'));
    const settings = portico!.settings;
    const withCdns = (launchGameCDNs: string[]) =>
      db
        .update(merchants)
        .set({ settings: { ...settings, launchGameCDNs } })
        .where(eq(merchants.code, 'PORTICO'));
    await withCdns(['https://play.portico.example', 'not a url']);
    try {
      const slot = (await list('gameType=INHOUSE&pageSize=50')).find((g) => g.gameClassify === 'SLOT')!;
      const opened = (await launch(player, slot)).body.value.content as string;
      expect(opened).toMatch(/^https:\/\/play\.portico\.example\/play\/slot\?t=/);
      const lottery = await launch(
        player,
        { nodeId: 'XSMB', vassalage: 'TCG_LOTTO_VN' },
        { launchMode: 'LOTT', area: 'VN' },
      );
      expect(lottery.body.value.content).toBe('/vnLottery?gameCode=XSMB');
    } finally {
      await withCdns(settings.launchGameCDNs);
    }
    const slot = (await list('gameType=INHOUSE&pageSize=50')).find((g) => g.gameClassify === 'SLOT')!;
    expect((await launch(player, slot)).body.value.content).toMatch(/^\/play\/slot\?t=/);
  });

  it('takes the language from the Language header first', async () => {
    const [game] = await list('gameType=LIVE&pageSize=1');
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/game/launchGame',
      headers: { merchant: 'PORTICO', authorization: `Bearer ${player}`, language: 'vi' },
      payload: { nodeId: game!.nodeId, vassalage: game!.vassalage, language: 'en' },
    });
    expect(new URL(res.json().value.content, 'http://x').searchParams.get('lang')).toBe('vi');
  });

  it('opens third-party games through the demo vendor', async () => {
    const [game] = await list('gameType=RNG&vassalage=PT&pageSize=1');
    const res = await launch(player, game!);
    expect(new URL(res.body.value.content, 'http://x').pathname).toBe('/play/demo');
  });

  it('refuses a payload naming another account or merchant, and unknown games', async () => {
    const [game] = await list('gameType=RNG&pageSize=1');
    expect((await launch(player, game!, { username: 'vip01' })).body).toMatchObject({ code: 'FORBIDDEN' });
    expect((await launch(player, game!, { merchantCode: 'LOTUS' })).status).toBe(403);
    expect((await launch(player, { nodeId: 'NOPE_1', vassalage: 'PG' })).status).toBe(404);
    expect((await launch(player, { nodeId: game!.nodeId, vassalage: 'OTHER' })).status).toBe(404);
    const bad = await api.send('POST', '/wps/game/launchGame', { vassalage: 'PG', clientType: 'x' }, player);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(expect.arrayContaining(['nodeId']));
  });

  it('opens a lottery (launch mode LOTT, VN area) on its page when the merchant sells it', async () => {
    const lott = { launchMode: 'LOTT', area: 'VN' };
    const north = await launch(player, { nodeId: 'XSMB', vassalage: 'TCG_LOTTO_VN' }, lott);
    expect(north.body.value).toEqual({ content: '/vnLottery?gameCode=XSMB', openIn: 'frame' });
    const fast = await launch(player, { nodeId: 'VN1P', vassalage: 'TCG_SEA' }, lott);
    expect(fast.body.value).toEqual({ content: '/lottery?gameCode=VN1P', openIn: 'frame' });
    // PORTICO has no GPI vendor, so no Keno; an unknown code or the wrong vendor is no lottery either.
    for (const game of [
      { nodeId: 'KENO5', vassalage: 'GPI' },
      { nodeId: 'NOPE', vassalage: 'TCG_SEA' },
      { nodeId: 'XSMB', vassalage: 'TCG_SEA' },
    ])
      expect((await launch(player, game, lott)).status).toBe(404);
    expect((await launch(undefined, { nodeId: 'XSMB', vassalage: 'TCG_LOTTO_VN' }, lott)).status).toBe(401);
  });

  it('answers a game under maintenance with its end time, and lets it open once over', async () => {
    const [game] = await list('gameType=FISH&pageSize=1');
    const until = new Date(Date.now() + 3_600_000);
    const where = and(eq(games.merchantCode, 'PORTICO'), eq(games.nodeId, game!.nodeId));
    await t.database.db.update(games).set({ maintenanceUntil: until }).where(where);
    const res = await launch(player, game!);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'GAME_MAINTENANCE', maintenanceUntil: until.toISOString() });
    await t.database.db
      .update(games)
      .set({ maintenanceUntil: new Date(Date.now() - 1000) })
      .where(where);
    expect((await launch(player, game!)).status).toBe(200);
  });

  it('lets a trial account open free-play games only', async () => {
    const trial = (await api.send('POST', '/wps/session/login/freeplay', {})).body.value.token;
    const all = await list('gameType=RNG&pageSize=200');
    const free = all.find((g) => g.supportPlay)!;
    const paid = all.find((g) => !g.supportPlay)!;
    expect((await launch(trial, free)).status).toBe(200);
    expect((await launch(trial, paid)).body).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Please Register An Account First',
    });
  });
});

describe('recent, popular and PvP rooms', () => {
  it('lists the member’s recent games latest first, each once, only their own', async () => {
    const token = (await api.login('agent01', 'Agent1234')).body.value.token;
    const picks = await list('gameType=RNG&vassalage=MG&pageSize=3');
    for (const g of [picks[0]!, picks[1]!, picks[0]!, picks[2]!]) await launch(token, g);
    const recent = await api.send('GET', '/wps/game/recent?pageSize=2', undefined, token);
    expect(recent.body.value.totalPages).toBe(2);
    expect(recent.body.value.list.map((g: Game) => g.nodeId)).toEqual([picks[2]!.nodeId, picks[0]!.nodeId]);
    const page2 = await api.send('GET', '/wps/game/recent?pageSize=2&pageNo=2', undefined, token);
    expect(page2.body.value.list.map((g: Game) => g.nodeId)).toEqual([picks[1]!.nodeId]);
    const other = await api.send('GET', '/wps/game/recent?vassalage=MG', undefined, vip);
    expect(other.body.value).toEqual({ list: [], totalPages: 0 });
    expect((await api.send('GET', '/wps/game/recent')).status).toBe(401);
    expect((await api.send('GET', '/wps/game/recent?pageSize=5000', undefined, token)).status).toBe(400);
  });

  it('ranks popular games by launches and fills with hot games', async () => {
    const [a, b] = await list('gameType=FISH&vassalage=CQ9&pageSize=2');
    for (let i = 0; i < 3; i += 1) await launch(vip, b!);
    await launch(vip, a!);
    const { data } = (await api.send('GET', '/lgw/games/popular?gameType=FISH&count=5')).body;
    expect(data.games).toHaveLength(5);
    expect(data.games[0].nodeId).toBe(b!.nodeId);
    expect(data.games.every((g: Game) => g.gameType === 'FISH')).toBe(true);
    expect(new Set(data.games.map((g: Game) => g.nodeId)).size).toBe(5);
    expect((await api.send('GET', '/lgw/games/popular')).body.data.games).toHaveLength(20);
    expect((await api.send('GET', '/lgw/games/popular?count=0')).status).toBe(400);
  });

  it('lists PvP tables with the members seated lately', async () => {
    const [card] = await list('gameType=PVP&vassalage=KY&pageSize=1');
    await launch(vip, card!);
    await launch(player, card!);
    const { value } = (await api.send('GET', '/wps/relay/GLS2_roomList?vassalage=KY', undefined, player))
      .body;
    const tables = value.list.filter((r: { nodeId: string }) => r.nodeId === card!.nodeId);
    expect(tables.map((r: { minBet: number }) => r.minBet)).toEqual(
      [1, 10, 100].map((k) => card!.minBet * k),
    );
    expect(tables[0]).toMatchObject({ players: 2, maxPlayers: 6, supportPlay: card!.supportPlay });
    expect(value.list.every((r: { vassalage: string }) => r.vassalage === 'KY')).toBe(true);
    expect((await api.send('GET', '/wps/relay/GLS2_roomList')).status).toBe(401);
  });
});

describe('demo vendor wallet', () => {
  it('moves money main ↔ vendor once per transfer id and never overdraws', async () => {
    const ledger = createLedger(t.database.db);
    const demo = demoVendorDriver(ledger);
    const [member] = await t.database.db
      .execute<{ id: number }>(
        "select id from members where merchant_code = 'PORTICO' and account = 'reset01'",
      )
      .then((r) => (Array.isArray(r) ? r : (r as { rows: { id: number }[] }).rows));
    const id = member!.id;
    const total = await ledger.memberBalance('PORTICO', id);
    await demo.transferIn('PORTICO', id, 'PG', 30_000n, 'a1');
    await demo.transferIn('PORTICO', id, 'PG', 30_000n, 'a1');
    expect(await demo.balance('PORTICO', id, 'PG')).toBe(30_000n);
    await demo.transferOut('PORTICO', id, 'PG', 10_000n, 'b1');
    expect(await demo.balance('PORTICO', id, 'PG')).toBe(20_000n);
    await expect(demo.transferOut('PORTICO', id, 'PG', 20_001n, 'b2')).rejects.toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
    });
    expect(await ledger.memberBalance('PORTICO', id)).toBe(total);
  });
});
