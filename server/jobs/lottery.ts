import type { DrawEngine } from '../modules/lottery/draws.ts';

/**
 * The lottery job: commit the upcoming draws, reveal the draws whose time has come, settle their bets. Each step is
 * exactly-once by itself (conditional writes), so overlapping runs and several processes are safe; `run` still
 * skips a tick while this process's previous run is busy.
 */
export function createLotteryJob(engine: DrawEngine) {
  let busy = false;
  return {
    async run(now: Date = new Date()) {
      if (busy) return null;
      busy = true;
      try {
        const created = await engine.ensureDraws(now);
        const revealed = (await engine.revealDue(now)).length;
        const settled = await engine.settleDrawn(now);
        return { created, revealed, ...settled };
      } finally {
        busy = false;
      }
    },
  };
}
