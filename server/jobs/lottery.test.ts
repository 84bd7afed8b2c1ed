import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client.ts';
import { lotteryBets, lotteryDraws, members } from '../db/schema/index.ts';
import { createAuditLog } from '../modules/audit/log.ts';
import type { Member } from '../modules/auth/sessions.ts';
import { createDrawEngine } from '../modules/lottery/draws.ts';
import { createLotteryService } from '../modules/lottery/service.ts';
import { createResponsibleGambling } from '../modules/responsible/service.ts';
import { createRulesStore } from '../modules/rules/store.ts';
import { type TestApp, testApp } from '../test/app.ts';
import { invariantBreaches, newMember } from '../test/play.ts';
import { createLotteryJob, lotteryJobSpec, nextDrawTime } from './lottery.ts';
import { createScheduler } from './scheduler.ts';

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await testApp();
  db = t.database.db;
});
afterAll(() => t.close());

const vn = (local: string) => new Date(`${local}+07:00`);

describe('lottery job', () => {
  it('commits, reveals and settles; two processes at once do every step once', async () => {
    const engine = createDrawEngine(db);
    const service = createLotteryService(db, {
      rules: createRulesStore(db),
      guard: createResponsibleGambling(db, createAuditLog(db)),
      engine,
    });
    // Two "processes", each with its own job, tick at the same moment.
    const a = createLotteryJob(engine);
    const b = createLotteryJob(createDrawEngine(db));
    const start = vn('2030-03-04T09:00:20');
    const first = await Promise.all([a.run(start), b.run(start)]);
    expect(first[0]!.created + first[1]!.created).toBeGreaterThan(0);
    const vn1 = await db.select().from(lotteryDraws).where(eq(lotteryDraws.gameCode, 'VN1P'));
    expect(vn1.map((d) => d.status)).toEqual(['COMMITTED', 'COMMITTED', 'COMMITTED']);

    const m = await newMember(db, 'lotjob', 10_000n);
    const member = (await db.select().from(members).where(eq(members.id, m.id)))[0] as Member;
    const slip = await service.place(
      'PORTICO',
      member,
      {
        requestId: randomUUID(),
        gameCode: 'VN1P',
        issue: '20300304-0541',
        bets: [{ playType: 'LO2', numbers: ['50'], points: 1 }],
      },
      start,
    );

    // A job still busy skips the next tick.
    const busy = a.run(vn('2030-03-04T09:01:00'));
    expect(await a.run(vn('2030-03-04T09:01:00'))).toBeNull();
    const [r1, r2] = await Promise.all([busy, b.run(vn('2030-03-04T09:01:00'))]);
    expect(r1!.revealed + r2!.revealed).toBe(1); // VN1P 09:01 only
    expect(r1!.bets + r2!.bets).toBe(1);
    const [bet] = await db.select().from(lotteryBets).where(eq(lotteryBets.id, slip.bets[0]!.id));
    expect(bet!.status).not.toBe('OPEN');
    const [draw] = await db.select().from(lotteryDraws).where(eq(lotteryDraws.id, bet!.drawId));
    expect(draw!.status).toBe('SETTLED');
    expect(await invariantBreaches(db)).toBe(0);
  });
});

describe('lottery job on the scheduler', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reveals a fast lottery at its draw time, once across two processes', async () => {
    // 7.7 s before VN1P's 10:01 draw: a fixed 5 s tick (10:00:57.3, 10:01:02.3) would reveal it 2.3 s late.
    const start = vn('2030-03-05T10:00:52.300');
    const drawAt = vn('2030-03-05T10:01:00');
    expect(nextDrawTime(start.getTime())).toBe(drawAt.getTime());
    // Draws left over by the test above are revealed first, so the count below is the 10:01 draw's alone.
    await createLotteryJob(createDrawEngine(db)).run(start);
    vi.useFakeTimers({ now: start, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let revealed = 0;
    // Two "processes", each with its own scheduler and job, sharing the database's lock.
    const processes = [0, 1].map(() => {
      const job = createLotteryJob(createDrawEngine(db));
      const counted = {
        run: async (now?: Date) => {
          const r = await job.run(now);
          revealed += r?.revealed ?? 0;
          return r;
        },
      };
      const jobs = createScheduler();
      jobs.register(lotteryJobSpec(counted, t.database.exclusive));
      jobs.start();
      return jobs;
    });
    // The clock moves 100 ms at a time; a run under way (real database work) is awaited before it moves on.
    while (Date.now() < drawAt.getTime() + 1_000) {
      await vi.advanceTimersByTimeAsync(100);
      for (const jobs of processes) if (jobs.status()[0]!.running) await jobs.runNow('lottery');
    }
    const [draw] = await db
      .select()
      .from(lotteryDraws)
      .where(and(eq(lotteryDraws.gameCode, 'VN1P'), eq(lotteryDraws.drawAt, drawAt)));
    expect(draw!.status).not.toBe('COMMITTED');
    expect(draw!.drawnAt!.getTime() - drawAt.getTime()).toBeGreaterThanOrEqual(0);
    expect(draw!.drawnAt!.getTime() - drawAt.getTime()).toBeLessThan(1_000);
    expect(revealed).toBe(1);
    await Promise.all(processes.map((jobs) => jobs.stop()));
  });
});
