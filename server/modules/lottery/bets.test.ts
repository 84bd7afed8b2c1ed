import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIAL_AGENT_TYPE } from '../../../contract/member.ts';
import type { Db } from '../../db/client.ts';
import {
  exclusions,
  ledgerTransactions,
  lotteryBets,
  lotteryDraws,
  members,
  merchantRules,
} from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';
import { invariantBreaches } from '../../test/play.ts';
import { memberWithToken } from '../../test/wallet.ts';
import { createRulesStore } from '../rules/store.ts';
import { createLedger } from '../wallet/ledger.ts';
import { LOTTERIES, type Lottery } from './catalogue.ts';
import { createDrawEngine } from './draws.ts';
import { commitmentOf } from './prizes.ts';
import { LOTTERY_RULES } from './rules.ts';
import { nextDraw, previousDraw, saleState } from './schedule.ts';

let t: TestApp;
let db: Db;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await testApp();
  db = t.database.db;
  api = client(t.app);
});
afterAll(() => t.close());

/** A lottery on sale for at least another minute (the daily North one unless it is just closing). */
const onSale = (): Lottery => LOTTERIES.find((l) => saleState(l, new Date()).remainTime > 60_000)!;

const balanceOf = async (walletId: number) => Number(await createLedger(db).walletBalance(walletId));
const betCount = async (memberId: number) =>
  (
    (await db
      .select({ n: sql<number>`count(*)::int` })
      .from(lotteryBets)
      .where(eq(lotteryBets.memberId, memberId))) as [{ n: number }]
  )[0].n;

/** What a point of lô costs: one unit (100) per number drawn, 27 in the North, 18 in the South. */
const loCost = (l: Lottery) => (l.structure === 'NORTH' ? 2_700 : 1_800);

const slip = (l: Lottery, bets: object[], extra: object = {}) => ({
  requestId: randomUUID(),
  gameCode: l.code,
  issue: saleState(l, new Date()).issue,
  bets,
  ...extra,
});

describe('placing bets', () => {
  it('places a slip once (a resent request id moves nothing), as game rounds in the betting record', async () => {
    const m = await memberWithToken(db, 'lotbet1', 100_000n);
    const l = onSale();
    const body = slip(l, [
      { playType: 'LO2', numbers: ['07'], points: 2 },
      // A price sent along is not the client's to set: the server prices the points.
      { playType: 'XIEN2', numbers: ['07', '99'], points: 3, stake: 1 },
    ]);
    const cost = 2 * loCost(l) + 3 * 100;
    const first = await api.send('POST', '/wps/lottery/bets', body, m.token);
    expect(first.status).toBe(200);
    expect(first.body.value.balance).toBe(100_000 - cost);
    expect(first.body.value.bets).toHaveLength(2);
    expect(first.body.value.bets[0]).toMatchObject({
      gameCode: l.code,
      issue: body.issue,
      playType: 'LO2',
      numbers: ['07'],
      points: 2,
      stake: 2 * loCost(l),
      winPerHit: 2 * 9_500,
      status: 'OPEN',
      winUnits: null,
      payout: null,
    });
    const again = await api.send('POST', '/wps/lottery/bets', body, m.token);
    expect(again.status).toBe(200);
    expect(again.body.value.bets.map((b: { id: number }) => b.id)).toEqual(
      first.body.value.bets.map((b: { id: number }) => b.id),
    );
    // Xiên 2 pays more a point in the South, where its numbers are rarer.
    expect(first.body.value.bets[1]).toMatchObject({
      points: 3,
      stake: 300,
      winPerHit: 3 * (l.structure === 'NORTH' ? 1_640 : 3_440),
    });
    expect(await balanceOf(m.main)).toBe(100_000 - cost);
    const moves = await db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `lottery-bet:${m.id}:${body.requestId}`));
    expect(moves.map((x) => x.kind)).toEqual(['LOTTERY_BET']);

    const record = await api.send('GET', '/wps/member/bettingRecord?gameType=LOTT', undefined, m.token);
    expect(record.status).toBe(200);
    const rounds = record.body.value.list.filter((r: { nodeId: string }) => r.nodeId === l.code);
    expect(rounds).toHaveLength(2);
    expect(rounds[0]).toMatchObject({ vendor: 'TCG_LOTTO_VN', gameType: 'LOTT', status: 'OPEN' });
    expect(record.body.value.totals).toMatchObject({ bet: cost, win: 0, rounds: 2 });

    const mine = await api.send('GET', '/wps/lottery/bets', undefined, m.token);
    expect(mine.body.value.list).toHaveLength(2);
    expect(mine.body.value.totalPages).toBe(1);
    const recent = await api.send('GET', '/lgw/vn/games/game_menu/recent?prizeMode=Lott', undefined, m.token);
    expect(recent.body.data.groups.flatMap((g: { gameMenus: { code: string }[] }) => g.gameMenus)).toEqual([
      expect.objectContaining({ code: l.code }),
    ]);
  });

  it('refuses bad slips with 4xx and moves no money', async () => {
    const m = await memberWithToken(db, 'lotbad', 50_000n);
    const l = onSale();
    const now = new Date();
    const after = nextDraw(l, nextDraw(l, now).drawAt);
    const lo = (points: number, numbers = ['12']) => ({ playType: 'LO2', numbers, points });
    const cases: [string, object, number, string, Record<string, string>?][] = [
      ['after lock', slip(l, [lo(1)], { issue: previousDraw(l, now).issue }), 409, 'CONFLICT'],
      ['not on sale yet', slip(l, [lo(1)], { issue: after.issue }), 409, 'CONFLICT'],
      ['wrong issue', slip(l, [lo(1)], { issue: '20301399' }), 404, 'NOT_FOUND'],
      ['unknown game', slip(l, [lo(1)], { gameCode: 'NOPE' }), 404, 'NOT_FOUND'],
      [
        'over the limit',
        slip(l, [lo(101)]),
        400,
        'VALIDATION',
        { 'bets.0.points': 'The most is 100 points' },
      ],
      [
        'no points',
        slip(l, [lo(1), lo(0)]),
        400,
        'VALIDATION',
        { 'bets.1.points': 'Points must be more than 0' },
      ],
      [
        'part of a point',
        slip(l, [lo(1.5)]),
        400,
        'VALIDATION',
        { 'bets.0.points': 'Points are a whole number' },
      ],
      [
        'a stake instead of points',
        slip(l, [{ playType: 'LO2', numbers: ['12'], stake: 1_000 }]),
        400,
        'VALIDATION',
        { 'bets.0.points': expect.any(String) },
      ],
      ['one digit', slip(l, [lo(1, ['7'])]), 400, 'VALIDATION'],
      [
        'three digits for lô',
        slip(l, [lo(1, ['123'])]),
        400,
        'VALIDATION',
        { 'bets.0.numbers': expect.any(String) },
      ],
      [
        'two numbers for đề',
        slip(l, [{ playType: 'DE', numbers: ['45', '46'], points: 10 }]),
        400,
        'VALIDATION',
        { 'bets.0.numbers': 'DE takes 1 number' },
      ],
      [
        'repeated xiên numbers',
        slip(l, [{ playType: 'XIEN3', numbers: ['45', '46', '45'], points: 10 }]),
        400,
        'VALIDATION',
        { 'bets.0.numbers': 'The numbers must be different' },
      ],
      [
        // 12 × 100 points of lô: 3,240,000 in the North, 2,160,000 in the South, over 2,000,000 a draw.
        'over the per-draw total',
        slip(
          l,
          Array.from({ length: 12 }, () => lo(100)),
        ),
        400,
        'VALIDATION',
        { bets: expect.stringContaining('per draw') },
      ],
      ['no bets', slip(l, []), 400, 'VALIDATION'],
      ['not a uuid', slip(l, [lo(1)], { requestId: 'abc' }), 400, 'VALIDATION'],
    ];
    for (const [name, body, status, code, fields] of cases) {
      const res = await api.send('POST', '/wps/lottery/bets', body, m.token);
      expect({ name, status: res.status, code: res.body.code }).toEqual({ name, status, code });
      if (fields) expect(res.body.fields).toMatchObject(fields);
    }
    expect((await api.send('POST', '/wps/lottery/bets', slip(l, [lo(1)], {}), m.token)).status).toBe(200);
    // Closed message as the spec words it.
    const closed = await api.send(
      'POST',
      '/wps/lottery/bets',
      slip(l, [lo(1)], { issue: previousDraw(l, now).issue }),
      m.token,
    );
    expect(closed.body.message).toBe('Betting is closed for this draw');

    // Short money (30 points of lô cost more than 50,000 in either region): 409 with the real balance.
    const left = 50_000 - loCost(l);
    const poor = await api.send('POST', '/wps/lottery/bets', slip(l, [lo(30)]), m.token);
    expect(poor).toMatchObject({ status: 409, body: { code: 'INSUFFICIENT_FUNDS', balance: left } });
    expect(await balanceOf(m.main)).toBe(left);
    expect(await betCount(m.id)).toBe(1);

    // A visitor, a trial account, a self-excluded member.
    expect((await api.send('POST', '/wps/lottery/bets', slip(l, [lo(1)]))).status).toBe(401);
    const trial = await memberWithToken(db, 'lottrial', 10_000n);
    await db.update(members).set({ agentType: TRIAL_AGENT_TYPE }).where(eq(members.id, trial.id));
    expect((await api.send('POST', '/wps/lottery/bets', slip(l, [lo(1)]), trial.token)).status).toBe(403);
    const excluded = await memberWithToken(db, 'lotexcl', 10_000n);
    await db.insert(exclusions).values({ memberId: excluded.id, kind: 'SELF_EXCLUSION' });
    const refused = await api.send('POST', '/wps/lottery/bets', slip(l, [lo(1)]), excluded.token);
    expect(refused.status).toBe(403);
    // The slip's statement refuses the break as the standing check does, and any other failure gives way to it.
    expect(refused.body).toMatchObject({ code: 'SELF_EXCLUDED', until: null });
    const invalid = await api.send('POST', '/wps/lottery/bets', slip(l, [lo(10_000)]), excluded.token);
    expect(invalid).toMatchObject({ status: 403, body: { code: 'SELF_EXCLUDED' } });
    const cooling = await memberWithToken(db, 'lotcool', 10_000n);
    const endsAt = new Date(Date.now() + 3_600_000);
    await db.insert(exclusions).values({ memberId: cooling.id, kind: 'COOLING_OFF', endsAt });
    const resting = await api.send('POST', '/wps/lottery/bets', slip(l, [lo(1)]), cooling.token);
    expect(resting).toMatchObject({
      status: 403,
      body: { code: 'SELF_EXCLUDED', until: endsAt.toISOString() },
    });
    expect(await betCount(cooling.id)).toBe(0);
    expect(await balanceOf(trial.main)).toBe(10_000);
    expect(await balanceOf(excluded.main)).toBe(10_000);
    expect(await betCount(trial.id)).toBe(0);
    expect(await betCount(excluded.id)).toBe(0);
    expect(await invariantBreaches(db)).toBe(0);
  });

  it('takes only the slips the money covers when several arrive at once', async () => {
    const m = await memberWithToken(db, 'lotrace', 5_000n);
    const l = onSale();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        api.send(
          'POST',
          '/wps/lottery/bets',
          slip(l, [{ playType: 'DE', numbers: ['33'], points: 20 }]),
          m.token,
        ),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 409, 409, 409]);
    expect(await balanceOf(m.main)).toBe(1_000);
    expect(await betCount(m.id)).toBe(2);
    expect(await invariantBreaches(db)).toBe(0);
  });

  it("keeps a draw's stake limit when a member's slips arrive at once, and reads a changed limit at once", async () => {
    const m = await memberWithToken(db, 'lotperdraw', 100_000n);
    const l = onSale();
    const rules = createRulesStore(db);
    const atMost = async (maxPerDraw: number) =>
      rules.set('PORTICO', LOTTERY_RULES, { ...LOTTERY_RULES.defaults, maxPerDraw });
    const de10 = () => slip(l, [{ playType: 'DE', numbers: ['44'], points: 10 }]);
    try {
      await atMost(2_500);
      const results = await Promise.all(
        Array.from({ length: 6 }, () => api.send('POST', '/wps/lottery/bets', de10(), m.token)),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 200, 400, 400, 400, 400]);
      expect(results.find((r) => r.status === 400)!.body).toMatchObject({
        code: 'VALIDATION',
        fields: { bets: 'At most 2500 per draw (2000 already placed)' },
      });
      // Raised: the next slip is priced and checked against the stored rules, not a copy of the old ones.
      await atMost(3_000);
      expect((await api.send('POST', '/wps/lottery/bets', de10(), m.token)).status).toBe(200);
      expect((await api.send('POST', '/wps/lottery/bets', de10(), m.token)).status).toBe(400);
      expect(await balanceOf(m.main)).toBe(97_000);
      expect(await betCount(m.id)).toBe(3);
      expect(await invariantBreaches(db)).toBe(0);
    } finally {
      await db.delete(merchantRules).where(eq(merchantRules.topic, LOTTERY_RULES.name));
    }
  });

  // Last: revealing the draw on sale closes it for the tests above.
  it('settles a placed bet after its draw into the betting record and P&L', async () => {
    const m = await memberWithToken(db, 'lotbet2', 10_000n);
    const l = onSale();
    const body = slip(l, [{ playType: 'DE', numbers: ['00'], points: 10 }]);
    expect((await api.send('POST', '/wps/lottery/bets', body, m.token)).status).toBe(200);
    // Rig the draw so the special prize ends 00 (North: DB five digits; South: six).
    const [draw] = await db
      .select()
      .from(lotteryDraws)
      .where(and(eq(lotteryDraws.gameCode, l.code), eq(lotteryDraws.issue, body.issue)));
    const prizes = draw!.numbers.split(',');
    prizes[0] = prizes[0]!.replace(/\d\d$/, '00');
    const numbers = prizes.join(',');
    await db
      .update(lotteryDraws)
      .set({ numbers, commitment: commitmentOf(draw!.salt, numbers) })
      .where(eq(lotteryDraws.id, draw!.id));
    const engine = createDrawEngine(db);
    await engine.revealDue(draw!.drawAt);
    await engine.settleDrawn(draw!.drawAt);
    // 10 points of đề cost 10.00 and win 10 × 92.00 in either region.
    const win = 92_000;
    expect(await balanceOf(m.main)).toBe(9_000 + win);

    const record = await api.send('GET', '/wps/member/bettingRecord?gameType=LOTT', undefined, m.token);
    expect(record.body.value.list[0]).toMatchObject({ status: 'SETTLED', bet: 1_000, win });
    const from = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const pnl = await api.send('GET', `/wps/member/profit?from=${from}&to=${to}`, undefined, m.token);
    expect(pnl.status).toBe(200);
    expect(pnl.body.value.totals).toMatchObject({ bet: 1_000, win });
    const mine = await api.send('GET', '/wps/lottery/bets?status=WON', undefined, m.token);
    expect(mine.body.value.list[0]).toMatchObject({ status: 'WON', winUnits: 1, payout: win });
    expect(await invariantBreaches(db)).toBe(0);
  });
});
