import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';

let t: TestApp;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await testApp();
  api = client(t.app);
});
afterAll(() => t.close());

type G = {
  nodeId: string;
  gameType: string;
  vassalage: string;
  gameClassify: string;
  isNew: number;
  isHot: number;
  gameName: string;
  minBet: number;
};
const list = async (query: string) => (await api.send('GET', `/lgw/games/list?${query}`)).body;

describe('game list', () => {
  it('pages 42 games by default and counts the pages', async () => {
    const { data } = await list('gameType=RNG&vassalage=PT');
    expect(data.games).toHaveLength(42);
    expect(data.total).toBe(100);
    expect(data.totalPages).toBe(3);
    const lastPage = (await list('gameType=RNG&vassalage=PT&pageNo=3')).data;
    expect(lastPage).toMatchObject({ total: 100, totalPages: 3 });
    const last = lastPage.games as G[];
    expect(last).toHaveLength(16);
    // Past the end: no game, and still the count.
    expect((await list('gameType=RNG&vassalage=PT&pageNo=4')).data).toEqual({
      games: [],
      total: 100,
      totalPages: 3,
    });
    expect((await list('gameType=RNG&vassalage=NOPE')).data).toEqual({ games: [], total: 0, totalPages: 0 });
    expect(new Set([...data.games, ...last].map((g: G) => g.nodeId)).size).toBe(58);
  });

  it('filters by type, vendor, class, new and minimum bet', async () => {
    const games = (await list('gameType=LIVE&gameClassify=ROULETTE&pageSize=1000')).data.games as G[];
    expect(games.length).toBeGreaterThan(0);
    expect(games.every((g) => g.gameType === 'LIVE' && g.gameClassify === 'ROULETTE')).toBe(true);
    const fresh = (await list('isNew=1&pageSize=1000')).data.games as G[];
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh.every((g) => g.isNew === 1)).toBe(true);
    const cheap = (await list('minBet=200&pageSize=1000')).data.games as G[];
    expect(cheap.every((g) => g.minBet <= 200)).toBe(true);
  });

  it('answers the popup game list (spec §7): a sports vendor’s lobby entry, every platform, 1000 a page', async () => {
    const q = 'clientType=3&platform=flash%2Chtml5-desktop&gameType=SPORTS&vassalage=IBC&language=en';
    const { data } = await list(`${q}&pageNo=1&pageSize=1000`);
    expect(data.games).toHaveLength(1);
    expect(data.games[0]).toMatchObject({ vassalage: 'IBC', gameType: 'SPORTS', gameClassify: 'LOBBY' });
    // A sports book's lobby has no free play: a trial account is told to register (spec §6).
    expect(data.games[0].supportPlay).toBe(false);
    // Minimum bets narrow the lobby query too, and a live lobby's popup list has all its vendor's tables.
    const live = (await list('platform=flash%2Chtml5-desktop&gameType=LIVE&vassalage=AG&pageSize=1000')).data;
    expect(live.games).toHaveLength(live.total);
    const cheap = (await list('gameType=LIVE&vassalage=AG&minBet=100&pageSize=1000')).data.games as G[];
    expect(cheap.length).toBeLessThan(live.total);
    expect(cheap.every((g) => g.minBet <= 100)).toBe(true);
  });

  it('searches names in the visitor’s language and in English, 28 a page', async () => {
    const en = (await list('gameType=RNG&vassalage=AG')).data.games as G[];
    const word = en[0]!.gameName.split(' ')[0]!;
    const found = await list(`gameName=${encodeURIComponent(` ${word.toLowerCase()} `)}`);
    expect(found.data.games.length).toBeGreaterThan(0);
    expect(found.data.games.length).toBeLessThanOrEqual(28);
    expect(found.data.totalPages).toBe(Math.ceil(found.data.total / 28));
    const vi = (await list(`gameType=RNG&vassalage=AG&language=vi`)).data.games as G[];
    const viWord = vi[0]!.gameName.split(' ')[0]!;
    expect((await list(`language=vi&gameName=${encodeURIComponent(viWord)}`)).data.total).toBeGreaterThan(0);
    expect((await list('gameName=%25%25%25')).data.total).toBe(0);
  });

  it('answers bad filters with 400 and field messages', async () => {
    for (const q of ['gameType=NOPE', 'pageNo=0', 'pageSize=5000', 'isNew=2', 'minBet=-1']) {
      const res = await api.send('GET', `/lgw/games/list?${q}`);
      expect(res.status, q).toBe(400);
      expect(Object.keys(res.body.fields).length, q).toBeGreaterThan(0);
    }
  });

  it('lists hot games, optionally of one vendor', async () => {
    const all = (await api.send('GET', '/lgw/games/hot')).body.data.games as G[];
    expect(all.length).toBeGreaterThanOrEqual(8);
    expect(all.every((g) => g.isHot === 1)).toBe(true);
    const pt = (await api.send('GET', '/lgw/games/hot?vassalage=PT')).body.data.games as G[];
    expect(pt.every((g) => g.vassalage === 'PT')).toBe(true);
  });
});

describe('favourites', () => {
  it('add, list and remove a member’s favourites; adding twice keeps one', async () => {
    const { token } = (await api.login('player01', 'Player123')).body.value;
    const ref = { nodeId: 'PT_RNG_3', vendor: 'PT', gameType: 'RNG' };
    expect((await api.send('POST', '/wps/game/fav/add', ref, token)).status).toBe(200);
    await api.send('POST', '/wps/game/fav/add', ref, token);
    await api.send(
      'POST',
      '/wps/game/fav/add',
      { nodeId: 'AG_LIVE_1', vendor: 'AG', gameType: 'LIVE' },
      token,
    );
    expect((await api.send('GET', '/wps/game/fav/ids', undefined, token)).body.value.sort()).toEqual([
      'AG_LIVE_1',
      'PT_RNG_3',
    ]);
    const rng = (await api.send('GET', '/wps/game/fav/list?gameType=RNG', undefined, token)).body.value;
    expect(rng).toMatchObject({ totalPages: 1, content: [{ nodeId: 'PT_RNG_3', vassalage: 'PT' }] });
    await api.send('POST', '/wps/game/fav/remove', ref, token);
    expect((await api.send('GET', '/wps/game/fav/ids', undefined, token)).body.value).toEqual(['AG_LIVE_1']);
  });

  it('keeps members apart and refuses visitors, trial accounts and unknown games', async () => {
    const { token } = (await api.login('agent01', 'Agent1234')).body.value;
    expect((await api.send('GET', '/wps/game/fav/ids', undefined, token)).body.value).toEqual([]);
    const ref = { nodeId: 'PT_RNG_3', vendor: 'PT', gameType: 'RNG' };
    expect((await api.send('POST', '/wps/game/fav/add', ref)).status).toBe(401);
    const trial = (await api.send('POST', '/wps/session/login/freeplay', {})).body.value.token;
    const refused = await api.send('POST', '/wps/game/fav/add', ref, trial);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', message: 'Please Register An Account First' });
    const unknown = await api.send('POST', '/wps/game/fav/add', { ...ref, nodeId: 'NOPE_1' }, token);
    expect(unknown.status).toBe(404);
  });
});

describe('winner board', () => {
  type W = {
    customerId: number;
    vo: { iconUrl: string; customerName: string; gameName: string; winAmount: number };
  };
  it('lists the latest 20 wins of a new install with masked names and real games', async () => {
    const { list } = (await api.send('GET', '/wps/game/winners?gameCategory=ALL&limitNum=20')).body.value as {
      list: W[];
    };
    expect(list).toHaveLength(20);
    for (const w of list) {
      expect(w.vo.customerName).toMatch(/^.{2}\*\*\*.{2}$/);
      expect(w.vo.winAmount).toBeGreaterThanOrEqual(5_000);
      expect(w.vo.iconUrl).toMatch(/^\/art\/PORTICO\/tiles\//);
      expect(w.vo.gameName.length).toBeGreaterThan(0);
    }
  });

  it('filters by category, names games in the asked language and refuses unknown categories', async () => {
    const live = (await api.send('GET', '/wps/game/winners?gameCategory=LIVE&limitNum=100')).body.value
      .list as W[];
    const all = (await api.send('GET', '/wps/game/winners?limitNum=100')).body.value.list as W[];
    expect(live.length).toBeGreaterThan(0);
    expect(live.length).toBeLessThan(all.length);
    const vi = (await api.send('GET', '/wps/game/winners?limitNum=1&language=vi')).body.value.list as W[];
    expect(vi[0]!.vo.gameName).not.toBe(all[0]!.vo.gameName);
    expect((await api.send('GET', '/wps/game/winners?gameCategory=NOPE')).status).toBe(400);
    expect((await api.send('GET', '/wps/game/winners?limitNum=500')).status).toBe(400);
  });
});
