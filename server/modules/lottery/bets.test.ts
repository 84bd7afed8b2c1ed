import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIAL_AGENT_TYPE } from '../../../contract/member.ts';
import type { Db } from '../../db/client.ts';
import { exclusions, ledgerTransactions, lotteryBets, lotteryDraws, members } from '../../db/schema/index.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';
import { invariantBreaches } from '../../test/play.ts';
import { memberWithToken } from '../../test/wallet.ts';
import { createLedger } from '../wallet/ledger.ts';
import { LOTTERIES, type Lottery } from './catalogue.ts';
import { createDrawEngine } from './draws.ts';
import { commitmentOf } from './prizes.ts';
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
      { playType: 'LO2', numbers: ['07'], stake: 1_000 },
      { playType: 'XIEN2', numbers: ['07', '99'], stake: 2_000 },
    ]);
    const first = await api.send('POST', '/wps/lottery/bets', body, m.token);
    expect(first.status).toBe(200);
    expect(first.body.value.balance).toBe(97_000);
    expect(first.body.value.bets).toHaveLength(2);
    expect(first.body.value.bets[0]).toMatchObject({
      gameCode: l.code,
      issue: body.issue,
      playType: 'LO2',
      numbers: ['07'],
      stake: 1_000,
      oddsX100: l.structure === 'NORTH' ? 300 : 440,
      status: 'OPEN',
      winUnits: null,
      payout: null,
    });
    const again = await api.send('POST', '/wps/lottery/bets', body, m.token);
    expect(again.status).toBe(200);
    expect(again.body.value.bets.map((b: { id: number }) => b.id)).toEqual(
      first.body.value.bets.map((b: { id: number }) => b.id),
    );
    expect(await balanceOf(m.main)).toBe(97_000);
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
    expect(record.body.value.totals).toMatchObject({ bet: 3_000, win: 0, rounds: 2 });

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
    const lo = (stake: number, numbers = ['12']) => ({ playType: 'LO2', numbers, stake });
    const cases: [string, object, number, string, Record<string, string>?][] = [
      ['after lock', slip(l, [lo(1_000)], { issue: previousDraw(l, now).issue }), 409, 'CONFLICT'],
      ['not on sale yet', slip(l, [lo(1_000)], { issue: after.issue }), 409, 'CONFLICT'],
      ['wrong issue', slip(l, [lo(1_000)], { issue: '20301399' }), 404, 'NOT_FOUND'],
      ['unknown game', slip(l, [lo(1_000)], { gameCode: 'NOPE' }), 404, 'NOT_FOUND'],
      [
        'over the limit',
        slip(l, [lo(500_001)]),
        400,
        'VALIDATION',
        { 'bets.0.stake': 'The most stake is 500000' },
      ],
      [
        'under the minimum',
        slip(l, [lo(1_000), lo(99)]),
        400,
        'VALIDATION',
        { 'bets.1.stake': 'The least stake is 100' },
      ],
      ['one digit', slip(l, [lo(1_000, ['7'])]), 400, 'VALIDATION'],
      [
        'three digits for lô',
        slip(l, [lo(1_000, ['123'])]),
        400,
        'VALIDATION',
        { 'bets.0.numbers': expect.any(String) },
      ],
      [
        'two numbers for đề',
        slip(l, [{ playType: 'DE', numbers: ['45', '46'], stake: 1_000 }]),
        400,
        'VALIDATION',
        { 'bets.0.numbers': 'DE takes 1 number' },
      ],
      [
        'repeated xiên numbers',
        slip(l, [{ playType: 'XIEN3', numbers: ['45', '46', '45'], stake: 1_000 }]),
        400,
        'VALIDATION',
        { 'bets.0.numbers': 'The numbers must be different' },
      ],
      [
        'over the per-draw total',
        slip(
          l,
          Array.from({ length: 5 }, () => lo(500_000)),
        ),
        400,
        'VALIDATION',
        { bets: expect.stringContaining('per draw') },
      ],
      ['no bets', slip(l, []), 400, 'VALIDATION'],
      ['not a uuid', slip(l, [lo(1_000)], { requestId: 'abc' }), 400, 'VALIDATION'],
    ];
    for (const [name, body, status, code, fields] of cases) {
      const res = await api.send('POST', '/wps/lottery/bets', body, m.token);
      expect({ name, status: res.status, code: res.body.code }).toEqual({ name, status, code });
      if (fields) expect(res.body.fields).toMatchObject(fields);
    }
    expect((await api.send('POST', '/wps/lottery/bets', slip(l, [lo(1_000)], {}), m.token)).status).toBe(200);
    // Closed message as the spec words it.
    const closed = await api.send(
      'POST',
      '/wps/lottery/bets',
      slip(l, [lo(1_000)], { issue: previousDraw(l, now).issue }),
      m.token,
    );
    expect(closed.body.message).toBe('Betting is closed for this draw');

    // Short money: 409 with the real balance.
    const poor = await api.send('POST', '/wps/lottery/bets', slip(l, [lo(49_500)]), m.token);
    expect(poor).toMatchObject({ status: 409, body: { code: 'INSUFFICIENT_FUNDS', balance: 49_000 } });
    expect(await balanceOf(m.main)).toBe(49_000);
    expect(await betCount(m.id)).toBe(1);

    // A visitor, a trial account, a self-excluded member.
    expect((await api.send('POST', '/wps/lottery/bets', slip(l, [lo(1_000)]))).status).toBe(401);
    const trial = await memberWithToken(db, 'lottrial', 10_000n);
    await db.update(members).set({ agentType: TRIAL_AGENT_TYPE }).where(eq(members.id, trial.id));
    expect((await api.send('POST', '/wps/lottery/bets', slip(l, [lo(1_000)]), trial.token)).status).toBe(403);
    const excluded = await memberWithToken(db, 'lotexcl', 10_000n);
    await db.insert(exclusions).values({ memberId: excluded.id, kind: 'SELF_EXCLUSION' });
    const refused = await api.send('POST', '/wps/lottery/bets', slip(l, [lo(1_000)]), excluded.token);
    expect(refused.status).toBe(403);
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
          slip(l, [{ playType: 'LO2', numbers: ['33'], stake: 2_000 }]),
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

  // Last: revealing the draw on sale closes it for the tests above.
  it('settles a placed bet after its draw into the betting record and P&L', async () => {
    const m = await memberWithToken(db, 'lotbet2', 10_000n);
    const l = onSale();
    const body = slip(l, [{ playType: 'DE', numbers: ['00'], stake: 1_000 }]);
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
    const odds = l.structure === 'NORTH' ? 85 : 70;
    expect(await balanceOf(m.main)).toBe(9_000 + 1_000 * odds);

    const record = await api.send('GET', '/wps/member/bettingRecord?gameType=LOTT', undefined, m.token);
    expect(record.body.value.list[0]).toMatchObject({ status: 'SETTLED', bet: 1_000, win: 1_000 * odds });
    const from = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const pnl = await api.send('GET', `/wps/member/profit?from=${from}&to=${to}`, undefined, m.token);
    expect(pnl.status).toBe(200);
    expect(pnl.body.value.totals).toMatchObject({ bet: 1_000, win: 1_000 * odds });
    const mine = await api.send('GET', '/wps/lottery/bets?status=WON', undefined, m.token);
    expect(mine.body.value.list[0]).toMatchObject({ status: 'WON', winUnits: 1, payout: 1_000 * odds });
    expect(await invariantBreaches(db)).toBe(0);
  });
});
