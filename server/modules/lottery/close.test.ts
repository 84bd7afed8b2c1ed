import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { lotteryBets, lotteryDraws, members } from '../../db/schema/index.ts';
import { testDatabase } from '../../test/app.ts';
import { invariantBreaches, newMember } from '../../test/play.ts';
import { createAuditLog } from '../audit/log.ts';
import { createResponsibleGambling } from '../responsible/service.ts';
import { createRulesStore } from '../rules/store.ts';
import { createLedger } from '../wallet/ledger.ts';
import { lotteryByCode } from './catalogue.ts';
import { createDrawEngine } from './draws.ts';
import { nextDraw } from './schedule.ts';
import { createLotteryService } from './service.ts';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(() => database.close());

const CLOSED = { status: 409, code: 'CONFLICT', message: 'Betting is closed for this draw' };
const VN1P = lotteryByCode.get('VN1P')!;

function setup() {
  const { db } = database;
  const engine = createDrawEngine(db);
  const service = createLotteryService(db, {
    rules: createRulesStore(db),
    guard: createResponsibleGambling(db, createAuditLog(db)),
    engine,
  });
  return { db, engine, service };
}

async function player(account: string) {
  const { db } = database;
  const m = await newMember(db, account, 100_000n);
  const [row] = await db.select().from(members).where(eq(members.id, m.id));
  return { ...m, member: row! };
}

/** A one-minute lottery's draw an hour ahead: no other test or job touches it. */
const drawAhead = (hours: number) => nextDraw(VN1P, new Date(Date.now() + hours * 3_600_000));

const slip = (issue: string) => ({
  requestId: randomUUID(),
  gameCode: VN1P.code,
  issue,
  bets: [{ playType: 'DE' as const, numbers: ['42'], points: 10 }],
});

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ACCEPTED' as const,
    (e: { statusCode?: number; code?: string; message?: string }) => ({
      status: e.statusCode,
      code: e.code,
      message: e.message,
    }),
  );

describe('the sale close of a draw, by the server clock', () => {
  it('takes a slip 1 ms before the lock time and refuses one at it and after, even resent from before', async () => {
    const { service } = setup();
    const slot = drawAhead(1);
    const p = await player('close1');
    const lock = slot.lockAt.getTime();
    const before = slip(slot.issue);
    const placed = await service.place('PORTICO', p.member, before, new Date(lock - 1));
    expect(placed.bets).toHaveLength(1);
    expect(placed.balance).toBe(100_000 - 1_000);
    for (const at of [lock, lock + 1, slot.drawAt.getTime() - 1])
      expect(await outcome(service.place('PORTICO', p.member, slip(slot.issue), new Date(at)))).toEqual(
        CLOSED,
      );
    // The slip accepted before the close, resent after it, answers its first reply and moves nothing.
    const again = await service.place('PORTICO', p.member, before, new Date(lock + 5));
    expect(again.bets.map((b) => b.id)).toEqual(placed.bets.map((b) => b.id));
    expect(await createLedger(database.db).walletBalance(p.main)).toBe(99_000n);
  });

  it('settles or refuses each slip that races the reveal at the draw time; none stays open on a drawn draw', async () => {
    const { db, engine, service } = setup();
    const slot = drawAhead(2);
    const players = await Promise.all(Array.from({ length: 8 }, (_, i) => player(`close2r${i}`)));
    // Commit the draw first, so the slips and the reveal meet on its row.
    await engine.ensureDraw(VN1P, slot);
    const lastMoment = new Date(slot.lockAt.getTime() - 1);
    const slips = players.map((p) => ({ p, body: slip(slot.issue) }));
    const [results] = await Promise.all([
      Promise.all(slips.map(({ p, body }) => outcome(service.place('PORTICO', p.member, body, lastMoment)))),
      engine.revealDue(slot.drawAt),
    ]);
    for (const r of results) if (r !== 'ACCEPTED') expect(r).toEqual(CLOSED);
    await engine.settleDrawn(slot.drawAt);

    const [draw] = await db
      .select()
      .from(lotteryDraws)
      .where(and(eq(lotteryDraws.gameCode, VN1P.code), eq(lotteryDraws.issue, slot.issue)));
    expect(draw!.status).toBe('SETTLED');
    const bets = await db
      .select()
      .from(lotteryBets)
      .where(
        inArray(
          lotteryBets.requestId,
          slips.map((s) => s.body.requestId),
        ),
      );
    const accepted = slips.filter((_, i) => results[i] === 'ACCEPTED').map((s) => s.body.requestId);
    expect(bets.map((b) => b.requestId).sort()).toEqual(accepted.sort());
    for (const b of bets) expect(['WON', 'LOST']).toContain(b.status);
    // A refused slip moved nothing; an accepted one paid its stake (and its win, if any).
    for (const [i, { p }] of slips.entries()) {
      const bet = bets.find((b) => b.memberId === p.id);
      const expected = results[i] === 'ACCEPTED' ? 100_000n - 1_000n + (bet?.payout ?? 0n) : 100_000n;
      expect(await createLedger(db).walletBalance(p.main)).toBe(expected);
    }
    expect(await invariantBreaches(db)).toBe(0);
  });
});
