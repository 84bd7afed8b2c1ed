import { createHash, randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { gameRounds, ledgerEntries } from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { invariantBreaches, launchToken, newMember } from '../../test/play.ts';
import { createLedger } from '../wallet/ledger.ts';
import { cryptoRandom, type RandomInt } from './random.ts';

/** Hi-Lo, Mines, Bingo Turbo and Wolf Fortune through the app: their own rules, one bet and one win a round. */

let t: TestApp;
let db: Db;
let random: RandomInt = cryptoRandom;
beforeAll(async () => {
  t = await testApp({ gameRandom: (max) => random(max) });
  db = t.database.db;
});
beforeEach(() => {
  random = cryptoRandom;
});
afterAll(() => t.close());

/** A source that returns these values in turn (then the real one). */
const rig = (...values: number[]): RandomInt => {
  let i = 0;
  return (max) => (i < values.length ? values[i++]! : cryptoRandom(max));
};

let ip = 0;
async function call(url: string, token: string, payload?: object) {
  const res = await t.app.inject({
    method: payload ? 'POST' : 'GET',
    url,
    headers: {
      merchant: 'PORTICO',
      'x-forwarded-for': `10.9.${(++ip >> 8) & 255}.${ip & 255}`,
      'x-launch-token': token,
    },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

async function player(account: string, credit: bigint, nodeId: string) {
  const m = await newMember(db, account, credit);
  const token = await launchToken(db, { memberId: m.id, nodeId });
  const balance = async () => Number(await createLedger(db).walletBalance(m.main));
  const rounds = () => db.select().from(gameRounds).where(eq(gameRounds.memberId, m.id));
  return { ...m, token, balance, rounds };
}
const moves = async (memberWallet: number) =>
  (await db.select({ n: count() }).from(ledgerEntries).where(eq(ledgerEntries.walletId, memberWallet)))[0]!.n;

describe('Hi-Lo', () => {
  const node = 'PORTICO_INHOUSE_HILO';

  it('debits the bet at the start, pays bet × 0.97 × 13/w per right guess at the cash-out, once', async () => {
    const p = await player('ih_hilo', 10_000n, node);
    const session = (await call('/inhouse/session', p.token)).body.value;
    expect(session).toMatchObject({
      game: 'hilo',
      hilo: { rtp: 0.97, maxSteps: 20, open: null },
      slot: null,
    });
    const bet = session.betSteps[0];
    random = rig(4); // a 5 of spades
    const start = await call('/inhouse/hilo/start', p.token, { requestId: randomUUID(), bet });
    expect(start.status).toBe(200);
    const { round } = start.body.value;
    expect(round).toMatchObject({ cards: [{ rank: 5, suit: 0 }], status: 'playing', win: 0 });
    expect(round.next.hi.chance).toBeCloseTo(9 / 13, 12);
    expect(start.body.value.balance).toBe(10_000 - bet);
    // Cashing out before a right guess is refused: the bet is still at stake.
    expect((await call('/inhouse/hilo/cashout', p.token, { roundId: round.roundId })).status).toBe(409);

    random = rig(9 + 13); // a 10 of hearts: higher wins on 9 ranks of 13
    const guess = { roundId: round.roundId, step: 0, guess: 'hi' };
    const g = (await call('/inhouse/hilo/guess', p.token, guess)).body.value;
    expect(g.round).toMatchObject({ guesses: ['hi'], status: 'playing', multiplier: 1.4 });
    // A retried guess changes nothing; one for a step the round has not reached is stale.
    expect((await call('/inhouse/hilo/guess', p.token, guess)).body.value).toEqual(g);
    expect((await call('/inhouse/hilo/guess', p.token, { ...guess, step: 5 })).status).toBe(409);
    // The page can be reloaded mid-round: the session gives the round back.
    expect((await call('/inhouse/session', p.token)).body.value.hilo.open).toEqual(g.round);
    // And a second round waits for this one to end.
    expect((await call('/inhouse/hilo/start', p.token, { requestId: randomUUID(), bet })).status).toBe(409);

    const win = Math.floor((bet * 97 * 13) / (100 * 9));
    const cash = await call('/inhouse/hilo/cashout', p.token, { roundId: round.roundId });
    expect(cash.body.value).toMatchObject({
      round: { status: 'cashed', win, next: null },
      balance: 10_000 - bet + win,
    });
    const before = await moves(p.main);
    expect((await call('/inhouse/hilo/cashout', p.token, { roundId: round.roundId })).body.value).toEqual(
      cash.body.value,
    );
    expect(await moves(p.main)).toBe(before);
    expect(await p.balance()).toBe(10_000 - bet + win);
    const [r] = await p.rounds();
    expect(r).toMatchObject({ status: 'SETTLED', bet: BigInt(bet), win: BigInt(win) });
    expect(await invariantBreaches(db)).toBe(0);
  });

  it('settles a wrong guess with no win, and refuses another player’s round', async () => {
    const p = await player('ih_hilo_lose', 10_000n, node);
    const bet = (await call('/inhouse/session', p.token)).body.value.betSteps[0];
    random = rig(12, 0); // a king, then an ace: "higher" from a king loses
    const { round } = (await call('/inhouse/hilo/start', p.token, { requestId: randomUUID(), bet })).body
      .value;
    const other = await player('ih_hilo_other', 0n, node);
    const stolen = await call('/inhouse/hilo/guess', other.token, {
      roundId: round.roundId,
      step: 0,
      guess: 'lo',
    });
    expect(stolen.status).toBe(403);
    const lost = (
      await call('/inhouse/hilo/guess', p.token, { roundId: round.roundId, step: 0, guess: 'hi' })
    ).body.value;
    expect(lost).toMatchObject({ round: { status: 'lost', win: 0 }, balance: 10_000 - bet });
    expect((await p.rounds())[0]).toMatchObject({ status: 'SETTLED', win: 0n });
    expect((await call('/inhouse/session', p.token)).body.value.hilo.open).toBeNull();
  });
});

// A race only PostgreSQL's pool can run (PGlite has one connection): the suite's PostgreSQL run is the one that bites.
describe('one round of a game at a time', () => {
  it.each([
    ['Hi-Lo', 'PORTICO_INHOUSE_HILO', '/inhouse/hilo/start', {}],
    ['Mines', 'PORTICO_INHOUSE_MINES_GOLD', '/inhouse/mines/start', { mines: 3 }],
  ])(
    '%s: of three starts sent at once, one opens a round and one bet is taken',
    async (_, node, url, extra) => {
      const p = await player(`ih_once_${node.slice(16, 20).toLowerCase()}`, 10_000n, node);
      const bet = (await call('/inhouse/session', p.token)).body.value.betSteps[0];
      const replies = await Promise.all(
        [1, 2, 3].map(() => call(url, p.token, { requestId: randomUUID(), bet, ...extra })),
      );
      expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      expect(replies.find((r) => r.status === 409)!.body.message).toBe('Finish the round in play first');
      expect(await p.rounds()).toHaveLength(1);
      expect(await p.balance()).toBe(10_000 - bet);
      expect(await invariantBreaches(db)).toBe(0);
    },
  );
});

describe('Mines', () => {
  const node = 'PORTICO_INHOUSE_MINES_GOLD';

  it('keeps the mines on the server until the round ends, and settles a mine with no win', async () => {
    const p = await player('ih_mines', 10_000n, node);
    const session = (await call('/inhouse/session', p.token)).body.value;
    expect(session.mines).toMatchObject({ tiles: 25, minMines: 1, maxMines: 24, open: null });
    const bet = session.betSteps[0];
    random = rig(0, 0, 0); // the shuffle puts the mines on tiles 0, 1 and 2
    const start = (await call('/inhouse/mines/start', p.token, { requestId: randomUUID(), bet, mines: 3 }))
      .body.value;
    expect(start.round).toMatchObject({
      mines: 3,
      picks: [],
      mineTiles: null,
      status: 'playing',
      salt: null,
    });
    expect(JSON.stringify(start)).not.toContain('layout');
    const roundId = start.round.roundId;
    const safe = (await call('/inhouse/mines/pick', p.token, { roundId, tile: 12 })).body.value;
    expect(safe.round).toMatchObject({ picks: [12], mineTiles: null, multiplier: 1.1 });
    const boom = (await call('/inhouse/mines/pick', p.token, { roundId, tile: 1 })).body.value;
    expect(boom).toMatchObject({
      round: { status: 'lost', win: 0, mineTiles: [0, 1, 2] },
      balance: 10_000 - bet,
    });
    // The seal given at the start opens with the salt revealed at the end.
    expect(boom.round.seal).toBe(start.round.seal);
    expect(createHash('sha256').update(`0,1,2:${boom.round.salt}`).digest('hex')).toBe(start.round.seal);
    expect((await call('/inhouse/mines/pick', p.token, { roundId, tile: 20 })).status).toBe(409);
    expect((await p.rounds())[0]).toMatchObject({ status: 'SETTLED', win: 0n });
  });

  it('pays the multiplier reached at the cash-out, and refuses a bad mine count', async () => {
    const p = await player('ih_mines_win', 10_000n, node);
    const bet = (await call('/inhouse/session', p.token)).body.value.betSteps[0];
    const bad = await call('/inhouse/mines/start', p.token, { requestId: randomUUID(), bet, mines: 25 });
    expect(bad).toMatchObject({ status: 400, body: { fields: { mines: expect.any(String) } } });
    random = rig(0, 0, 0);
    const { round } = (
      await call('/inhouse/mines/start', p.token, { requestId: randomUUID(), bet, mines: 3 })
    ).body.value;
    await call('/inhouse/mines/pick', p.token, { roundId: round.roundId, tile: 10 });
    await call('/inhouse/mines/pick', p.token, { roundId: round.roundId, tile: 11 });
    const win = Math.floor((bet * 97 * 300) / (100 * 231));
    const cash = (await call('/inhouse/mines/cashout', p.token, { roundId: round.roundId })).body.value;
    expect(cash).toMatchObject({ round: { status: 'cashed', win }, balance: 10_000 - bet + win });
    expect(await p.balance()).toBe(10_000 - bet + win);
    expect(await invariantBreaches(db)).toBe(0);
  });
});

describe('Bingo Turbo and Wolf Fortune', () => {
  it('plays a bingo round: a card, 30 balls, the lines, one bet and one win', async () => {
    const p = await player('ih_bingo', 10_000n, 'PORTICO_INHOUSE_BINGO_TURBO');
    const session = (await call('/inhouse/session', p.token)).body.value;
    expect(session.bingo).toMatchObject({
      balls: 75,
      drawn: 30,
      paytable: [0, 2, 10, 30, 100, 400, 1000, 0, 5000],
    });
    const bet = session.betSteps[0];
    const requestId = randomUUID();
    const r = (await call('/inhouse/bingo/play', p.token, { requestId, bet })).body.value;
    expect(r.card).toHaveLength(15);
    expect(r.balls).toHaveLength(30);
    expect(r.win).toBe(bet * r.multiplier);
    expect(r.balance).toBe(10_000 - bet + r.win);
    expect((await call('/inhouse/bingo/play', p.token, { requestId, bet })).body.value).toEqual(r);
    expect(await p.balance()).toBe(r.balance);
    expect(await p.rounds()).toHaveLength(1);
  });

  it('spins Wolf Fortune on its own reels and paytable, not Mega Cherries’', async () => {
    const p = await player('ih_wolf', 100_000n, 'PORTICO_INHOUSE_WOLF_FORTUNE');
    const session = (await call('/inhouse/session', p.token)).body.value;
    expect(session.slot.symbols).toEqual([
      'WOLF',
      'MOON',
      'EAGLE',
      'BEAR',
      'STAG',
      'ACE',
      'KING',
      'QUEEN',
      'JACK',
    ]);
    expect(session.slot.paytable.WOLF).toEqual([0, 0, 0, 80, 400, 1500]);
    expect(session.slot.rtp).toBeCloseTo(0.9604, 4);
    const spin = (
      await call('/inhouse/slot/spin', p.token, { requestId: randomUUID(), bet: session.betSteps[0] })
    ).body.value;
    const shown = new Set(spin.reels.flat());
    for (const s of shown) expect(session.slot.symbols).toContain(s);
    const rows = await db
      .select()
      .from(gameRounds)
      .where(and(eq(gameRounds.memberId, p.id), eq(gameRounds.nodeId, 'PORTICO_INHOUSE_WOLF_FORTUNE')));
    expect(rows).toHaveLength(1);
  });
});
