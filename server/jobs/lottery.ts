import { LOTTERIES } from '../modules/lottery/catalogue.ts';
import type { DrawEngine } from '../modules/lottery/draws.ts';
import { nextDraw } from '../modules/lottery/schedule.ts';
import type { JobSpec } from './scheduler.ts';

/** The job's longest pause: ready checks count on it, and it commits the upcoming draws ahead of their sales. */
export const LOTTERY_JOB_EVERY_MS = 5_000;

/**
 * The lottery job: reveal the draws whose time has come, settle their bets, commit the upcoming draws. Each step is
 * exactly-once by itself (conditional writes), so overlapping runs and several processes are safe; `run` still
 * skips a tick while this process's previous run is busy. Revealing comes first: a fast lottery's players wait for
 * its numbers, while the draws committed ahead are minutes away.
 */
export function createLotteryJob(engine: DrawEngine) {
  let busy = false;
  return {
    async run(now: Date = new Date()) {
      if (busy) return null;
      busy = true;
      try {
        const revealed = (await engine.revealDue(now)).length;
        const settled = await engine.settleDrawn(now);
        const created = await engine.ensureDraws(now);
        return { created, revealed, ...settled };
      } finally {
        busy = false;
      }
    },
  };
}

/** The first draw time of any lottery strictly after `instant` (ms). */
export function nextDrawTime(instant: number): number {
  return Math.min(...LOTTERIES.map((l) => nextDraw(l, new Date(instant)).drawAt.getTime()));
}

/**
 * The job as the scheduler runs it: at the first draw time after each run began (a draw that came while a run was
 * under way runs it again at once), and at least every 5 s. `exclusive` is the database's: one process at a time
 * across PostgreSQL processes; the others wait, then find the draw revealed and its bets settled.
 */
export function lotteryJobSpec(
  job: ReturnType<typeof createLotteryJob>,
  exclusive: <T>(key: string, fn: () => Promise<T>) => Promise<T>,
): JobSpec {
  return {
    name: 'lottery',
    everyMs: LOTTERY_JOB_EVERY_MS,
    runAtStart: true,
    run: () => exclusive('portico:job:lottery', () => job.run()),
    dueAfter: nextDrawTime,
  };
}
