import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import {
  auditLog,
  gameLaunches,
  gameRounds,
  ledgerEntries,
  ledgerTransactions,
  members,
} from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';
import { inhouseGames, invariantBreaches, launchToken, newMember } from '../../test/play.ts';
import { createAuditLog } from '../audit/log.ts';
import { createSeamlessWallet } from '../seamless/service.ts';
import { createLedger } from '../wallet/ledger.ts';
import { betSteps } from './catalogue.ts';
import { cryptoRandom, type RandomInt } from './random.ts';
import { createInhouseService, inhouseAudit } from './service.ts';
import { evaluate, windowAt } from './slot.ts';

let t: TestApp;
let db: Db;
let games: Awaited<ReturnType<typeof inhouseGames>>;
/** The outcome source of the app: real by default, rigged by the tests that need a known outcome. */
let random: RandomInt = cryptoRandom;
beforeAll(async () => {
  t = await testApp({ gameRandom: (max) => random(max) });
  db = t.database.db;
  games = await inhouseGames(db);
});
beforeEach(() => {
  random = cryptoRandom;
});
afterAll(() => t.close());

let ip = 0;
async function call(method: 'GET' | 'POST', url: string, token: string | null, payload?: object) {
  const res = await t.app.inject({
    method,
    url,
    headers: {
      merchant: 'PORTICO',
      'x-forwarded-for': `10.8.${(++ip >> 8) & 255}.${ip & 255}`,
      ...(token ? { 'x-launch-token': token } : {}),
    },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}
const spin = (token: string, bet: number, requestId: string = randomUUID()) =>
  call('POST', '/inhouse/slot/spin', token, { requestId, bet });
const roll = (token: string, body: object) => call('POST', '/inhouse/dice/roll', token, body);

async function playerWith(account: string, credit: bigint, game: 'slot' | 'dice' = 'slot') {
  const m = await newMember(db, account, credit);
  const token = await launchToken(db, { memberId: m.id, nodeId: games[game].nodeId });
  const balance = async () => Number(await createLedger(db).walletBalance(m.main));
  return { ...m, token, balance };
}
const entries = async () => (await db.select({ n: count() }).from(ledgerEntries))[0]!.n;

/** Stops whose window pays nothing: the rigged source for tests that need every spin to lose. */
function losingStops(): number[] {
  for (let a = 0; ; a++) {
    const stops = [a % 32, (a * 7) % 33, (a * 11) % 32, (a * 13) % 32, (a * 17) % 33];
    if (evaluate(windowAt(stops), 1000).win === 0) return stops;
  }
}
/** Rigs the reels: the spin draws one stop a reel, in reel order. */
const rigStops = (stops: number[]): RandomInt => {
  let i = 0;
  return () => stops[i++ % 5]!;
};

describe('in-house session', () => {
  it('tells the page its game, name, balance, bet steps and paytable', async () => {
    const p = await playerWith('ih_session', 12_345n);
    const { body } = await call('GET', '/inhouse/session', p.token);
    expect(body.value).toMatchObject({
      game: 'slot',
      nodeId: games.slot.nodeId,
      name: games.slot.names.en,
      balance: 12_345,
      currency: 'USD',
      currencySign: '$',
      trial: false,
      betSteps: betSteps(games.slot.minBet),
      defaultBet: betSteps(games.slot.minBet)[0],
      dice: null,
    });
    expect(body.value.slot.paylines).toHaveLength(20);
    expect(body.value.slot.paytable.SEVEN).toEqual([0, 0, 0, 30, 120, 600]);
    expect(body.value.slot.rtp).toBeCloseTo(0.96, 2);
    const dice = await playerWith('ih_session_d', 0n, 'dice');
    const d = (await call('GET', '/inhouse/session', dice.token)).body.value;
    expect([d.game, d.slot, d.dice]).toEqual([
      'dice',
      null,
      { rtp: 0.97, under: { min: 196, max: 9600 }, over: { min: 400, max: 9804 } },
    ]);
  });

  it('says the session has ended for a missing, unknown, expired or other merchant’s token', async () => {
    const m = await newMember(db, 'ih_expired', 0n);
    const expired = await launchToken(db, {
      memberId: m.id,
      nodeId: games.slot.nodeId,
      expiresAt: new Date(Date.now() - 1000),
    });
    const live = await launchToken(db, { memberId: m.id, nodeId: games.slot.nodeId });
    for (const token of [null, 'not-a-token', expired]) {
      const res = await call('GET', '/inhouse/session', token);
      expect(res).toEqual({
        status: 401,
        body: {
          success: false,
          code: 'UNAUTHORIZED',
          message: 'The game session has ended, please launch the game again',
        },
      });
    }
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: '/inhouse/session',
      headers: { merchant: 'LOTUS', 'x-launch-token': live },
    });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('refuses a token of another game: a vendor game, or the other in-house engine', async () => {
    const m = await newMember(db, 'ih_other', 10_000n);
    const vendor = await launchToken(db, { memberId: m.id, nodeId: games.rng.nodeId });
    expect((await call('GET', '/inhouse/session', vendor)).status).toBe(403);
    const dice = await launchToken(db, { memberId: m.id, nodeId: games.dice.nodeId });
    const slot = await launchToken(db, { memberId: m.id, nodeId: games.slot.nodeId });
    const steps = betSteps(games.dice.minBet);
    expect((await spin(dice, steps[0]!)).body.code).toBe('FORBIDDEN');
    const wrong = await roll(slot, {
      requestId: randomUUID(),
      bet: steps[0],
      target: 5000,
      direction: 'under',
    });
    expect([wrong.status, wrong.body.code]).toEqual([403, 'FORBIDDEN']);
    expect(await createLedger(db).walletBalance(m.main)).toBe(10_000n);
  });

  it('opens with the token of a real launch (login, launch call, the game page’s URL)', async () => {
    const api = client(t.app);
    const { token } = (await api.login('player01', 'Player123')).body.value;
    const { slot } = games;
    const launched = await api.send(
      'POST',
      '/wps/game/launchGame',
      { nodeId: slot.nodeId, vassalage: 'PORTICO' },
      token,
    );
    const url = new URL(launched.body.value.content, 'http://x');
    expect(url.pathname).toBe('/play/slot');
    const session = await call('GET', '/inhouse/session', url.searchParams.get('t'));
    expect(session.body.value).toMatchObject({ game: 'slot', nodeId: slot.nodeId, balance: 100_000 });
  });

  it('gives a trial launch its play money once', async () => {
    const m = await newMember(db, 'ih_trial', 0n);
    const token = await launchToken(db, { memberId: m.id, nodeId: games.slot.nodeId, trial: true });
    expect((await call('GET', '/inhouse/session', token)).body.value).toMatchObject({
      trial: true,
      balance: 200_000,
    });
    expect((await call('GET', '/inhouse/session', token)).body.value.balance).toBe(200_000);
  });

  it('opens a trial account with its play money: the header balance and the game session agree', async () => {
    const api = client(t.app);
    const opened = await api.send('POST', '/wps/session/login/freeplay', {});
    expect(opened.status).toBe(200);
    const balance = async () =>
      (await api.send('GET', '/wps/v2/wallets/balance', undefined, opened.body.value.token)).body.value
        .sumBalance;
    expect(await balance()).toBe(200_000);
    const [member] = await db.select().from(members).where(eq(members.account, opened.body.value.account));
    const token = await launchToken(db, { memberId: member!.id, nodeId: games.slot.nodeId, trial: true });
    expect((await call('GET', '/inhouse/session', token)).body.value.balance).toBe(200_000);
    expect(await balance()).toBe(200_000);
  });
});

describe('slot spins', () => {
  it('moves win − bet, settles one round, and keeps the ledger balanced', async () => {
    const p = await playerWith('ih_spin', 1_000_000n);
    const bet = betSteps(games.slot.minBet)[1]!;
    let balance = 1_000_000;
    for (let i = 0; i < 8; i++) {
      const { status, body } = await spin(p.token, bet);
      expect(status).toBe(200);
      const r = body.value;
      expect(r.reels).toHaveLength(5);
      expect(r.reels.every((c: string[]) => c.length === 3)).toBe(true);
      const lineSum = r.lines.reduce((s: number, l: { win: number }) => s + l.win, 0);
      expect(r.win).toBe(lineSum + (r.scatter?.win ?? 0));
      balance += r.win - bet;
      expect(r.balance).toBe(balance);
      const [round] = await db.select().from(gameRounds).where(eq(gameRounds.roundRef, r.roundId));
      expect(round).toMatchObject({
        status: 'SETTLED',
        bet: BigInt(bet),
        win: BigInt(r.win),
        memberId: p.id,
      });
    }
    expect(await p.balance()).toBe(balance);
    expect(await invariantBreaches(db)).toBe(0);
  });

  it('pays what the reels show (rigged to a known window)', async () => {
    const p = await playerWith('ih_known', 100_000n);
    const stops = [0, 0, 0, 0, 0];
    random = rigStops(stops);
    const bet = betSteps(games.slot.minBet)[0]!;
    const { body } = await spin(p.token, bet);
    const expected = evaluate(windowAt(stops), bet);
    expect(body.value).toMatchObject({ lines: expected.lines, scatter: expected.scatter, win: expected.win });
    expect(body.value.balance).toBe(100_000 - bet + expected.win);
  });

  it('answers a retried request with the first reply and moves nothing', async () => {
    const p = await playerWith('ih_retry', 100_000n);
    const bet = betSteps(games.slot.minBet)[0]!;
    const requestId = randomUUID();
    const first = await spin(p.token, bet, requestId);
    const before = [await entries(), await p.balance()];
    expect(await spin(p.token, bet, requestId)).toEqual(first);
    // The same request id with another bet is another request: refused, not answered with the first round.
    const other = await spin(p.token, bet * 2, requestId);
    expect([other.status, other.body.code]).toEqual([409, 'IDEMPOTENCY_CONFLICT']);
    expect([await entries(), await p.balance()]).toEqual(before);
  });

  it('refuses a dice request id reused with another target or direction', async () => {
    const p = await playerWith('ih_retry_dice', 100_000n, 'dice');
    const bet = betSteps(games.dice.minBet)[0]!;
    const requestId = randomUUID();
    const body = { requestId, bet, target: 2500, direction: 'under' };
    const first = await roll(p.token, body);
    expect(first.status).toBe(200);
    const before = [await entries(), await p.balance()];
    expect(await roll(p.token, body)).toEqual(first);
    for (const changed of [{ target: 3000 }, { direction: 'over' }]) {
      const res = await roll(p.token, { ...body, ...changed });
      expect([res.status, res.body.code]).toEqual([409, 'IDEMPOTENCY_CONFLICT']);
    }
    expect([await entries(), await p.balance()]).toEqual(before);
  });

  it('runs two identical requests at once as one round', async () => {
    const p = await playerWith('ih_twins', 100_000n);
    const bet = betSteps(games.slot.minBet)[0]!;
    const requestId = randomUUID();
    const [a, b] = await Promise.all([spin(p.token, bet, requestId), spin(p.token, bet, requestId)]);
    expect(a).toEqual(b);
    expect(await p.balance()).toBe(100_000 - bet + a.body.value.win);
  });

  it('refuses bad input with 400 and field messages, moving nothing', async () => {
    const p = await playerWith('ih_bad', 100_000n);
    const before = await entries();
    const step = betSteps(games.slot.minBet)[0]!;
    const cases: [object, string][] = [
      [{ requestId: randomUUID(), bet: step + 1 }, 'bet'],
      [{ requestId: randomUUID(), bet: 0 }, 'bet'],
      [{ requestId: randomUUID(), bet: -step }, 'bet'],
      [{ requestId: randomUUID(), bet: step + 0.5 }, 'bet'],
      [{ requestId: randomUUID(), bet: 1e15 }, 'bet'],
      [{ requestId: randomUUID(), bet: String(step) }, 'bet'],
      [{ requestId: 'not-a-uuid', bet: step }, 'requestId'],
      [{ bet: step }, 'requestId'],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', '/inhouse/slot/spin', p.token, body);
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION']);
      expect(Object.keys(res.body.fields)).toContain(field);
    }
    expect([await entries(), await p.balance()]).toEqual([before, 100_000]);
  });

  it('answers a bet above the balance with 409 and the real balance', async () => {
    const step = betSteps(games.slot.minBet)[0]!;
    const p = await playerWith('ih_short', BigInt(step - 1));
    const res = await spin(p.token, step);
    expect(res).toEqual({
      status: 409,
      body: {
        success: false,
        code: 'INSUFFICIENT_FUNDS',
        message: 'Insufficient balance',
        balance: step - 1,
      },
    });
  });

  it('never overdraws: 10 concurrent spins with money for 3 → exactly 3 go through', async () => {
    random = rigStops(losingStops());
    const bet = betSteps(games.slot.minBet)[0]!;
    const p = await playerWith('ih_race', BigInt(3 * bet));
    const results = await Promise.all(Array.from({ length: 10 }, () => spin(p.token, bet)));
    const codes = results.map((r) => (r.status === 200 ? 'OK' : r.body.code)).sort();
    expect(codes).toEqual([...Array(3).fill('OK'), ...Array(7).fill('INSUFFICIENT_FUNDS')].sort());
    expect(await p.balance()).toBe(0);
    const afters = await db
      .select({ after: ledgerEntries.balanceAfter })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.walletId, p.main));
    expect(afters.every((e) => e.after >= 0n)).toBe(true);
    expect(await invariantBreaches(db)).toBe(0);
  });
});

describe('dice rolls', () => {
  it('pays bet × 0.97 × 100 / chance on a win, nothing on a loss', async () => {
    const p = await playerWith('ih_dice', 100_000n, 'dice');
    const bet = betSteps(games.dice.minBet)[0]!;
    random = () => 2499;
    const won = await roll(p.token, { requestId: randomUUID(), bet, target: 2500, direction: 'under' });
    expect(won.body.value).toMatchObject({
      roll: 2499,
      multiplier: 3.88,
      win: Math.floor((bet * 9700) / 2500),
    });
    random = () => 2500;
    const lost = await roll(p.token, { requestId: randomUUID(), bet, target: 2500, direction: 'under' });
    expect(lost.body.value).toMatchObject({ roll: 2500, win: 0 });
    expect(lost.body.value.balance).toBe(100_000 - 2 * bet + won.body.value.win);
    expect(await p.balance()).toBe(lost.body.value.balance);
  });

  it('refuses targets out of range for the direction, and bad directions, moving nothing', async () => {
    const p = await playerWith('ih_dice_bad', 100_000n, 'dice');
    const bet = betSteps(games.dice.minBet)[0]!;
    const before = await entries();
    for (const [target, direction, field] of [
      [195, 'under', 'target'],
      [9601, 'under', 'target'],
      [399, 'over', 'target'],
      [9805, 'over', 'target'],
      [50.5, 'under', 'target'],
      [5000, 'sideways', 'direction'],
    ] as const) {
      const res = await roll(p.token, { requestId: randomUUID(), bet, target, direction });
      expect([res.status, Object.keys(res.body.fields ?? {})]).toEqual([400, [field]]);
    }
    expect([await entries(), await p.balance()]).toEqual([before, 100_000]);
  });
});

describe('a win that cannot be posted', () => {
  it('rolls the bet back, and a retry of the request moves nothing', async () => {
    const seamless = createSeamlessWallet(db);
    const failing = { ...seamless, win: () => Promise.reject(new Error('database went away')) };
    const service = createInhouseService(db, {
      seamless: failing,
      ledger: createLedger(db),
      random: cryptoRandom,
    });
    const p = await playerWith('ih_winfail', 50_000n);
    const [row] = await db.select().from(gameLaunches).where(eq(gameLaunches.memberId, p.id));
    const [member] = await db.select().from(members).where(eq(members.id, p.id));
    const { tokenHash: _, sessionTokenHash: __, ...launched } = row!;
    const launch = { ...launched, member: member! };
    const bet = betSteps(games.slot.minBet)[0]!;
    const requestId = randomUUID();
    await expect(service.spin(launch, { requestId, bet })).rejects.toThrow('database went away');
    expect(await p.balance()).toBe(50_000);
    const [round] = await db
      .select()
      .from(gameRounds)
      .where(and(eq(gameRounds.memberId, p.id), eq(gameRounds.roundRef, `m${p.id}-${requestId}`)));
    expect(round!.status).toBe('ROLLED_BACK');
    const retry = await spin(p.token, bet, requestId);
    expect([retry.status, retry.body.code]).toEqual([409, 'CONFLICT']);
    expect(await p.balance()).toBe(50_000);
    const kinds = await db
      .select({ kind: ledgerTransactions.kind })
      .from(ledgerTransactions)
      .where(sql`${ledgerTransactions.idempotencyKey} like ${`seamless:PORTICO:m${p.id}-${requestId}-%`}`);
    expect(kinds.map((k) => k.kind).sort()).toEqual(['SEAMLESS_BET', 'SEAMLESS_ROLLBACK']);
  });
});

describe('audit', () => {
  const rowsOf = (memberId: number) =>
    db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actor, `member:${memberId}`))
      .orderBy(auditLog.id);

  it('records each round’s bet and win as the member’s, once, and the chain verifies', async () => {
    const p = await playerWith('ih_audit', 50_000n);
    const bet = betSteps(games.slot.minBet)[0]!;
    const requestId = randomUUID();
    const first = await spin(p.token, bet, requestId);
    expect(first.status).toBe(200);
    expect((await spin(p.token, bet, requestId)).status).toBe(200);
    const roundId = `m${p.id}-${requestId}`;
    expect((await rowsOf(p.id)).map((r) => [r.action, r.merchantCode, r.subject])).toEqual([
      [
        'INHOUSE_BET',
        'PORTICO',
        expect.objectContaining({ roundId, nodeId: games.slot.nodeId, amount: bet, balance: 50_000 - bet }),
      ],
      [
        'INHOUSE_WIN',
        'PORTICO',
        expect.objectContaining({ roundId, amount: first.body.value.win, balance: first.body.value.balance }),
      ],
    ]);
    expect(await createAuditLog(db).verify()).toMatchObject({ ok: true });
  });

  it('records the rollback of a round whose win could not be posted', async () => {
    const seamless = createSeamlessWallet(db, { audit: createAuditLog(db), auditAs: inhouseAudit });
    const failing = { ...seamless, win: () => Promise.reject(new Error('database went away')) };
    const service = createInhouseService(db, {
      seamless: failing,
      ledger: createLedger(db),
      random: cryptoRandom,
    });
    const p = await playerWith('ih_audit_rb', 50_000n);
    const [row] = await db.select().from(gameLaunches).where(eq(gameLaunches.memberId, p.id));
    const [member] = await db.select().from(members).where(eq(members.id, p.id));
    const { tokenHash: _, sessionTokenHash: __, ...launched } = row!;
    const bet = betSteps(games.slot.minBet)[0]!;
    await expect(
      service.spin({ ...launched, member: member! }, { requestId: randomUUID(), bet }),
    ).rejects.toThrow('database went away');
    expect((await rowsOf(p.id)).map((r) => r.action)).toEqual(['INHOUSE_BET', 'INHOUSE_ROLLBACK']);
    expect(await createAuditLog(db).verify()).toMatchObject({ ok: true });
  });
});
