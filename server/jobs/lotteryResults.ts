import type { ResultsService } from '../modules/lottery/results.ts';
import type { JobSpec } from './scheduler.ts';

/** Official results arrive over the half hour after the draw; a minute between polls is soon enough to settle. */
export const RESULTS_JOB_EVERY_MS = 60_000;

/**
 * Official lottery results: poll the feed for the draws past their time without results (16:15, 17:15 and 18:15
 * Asia/Ho_Chi_Minh), then void and refund the draws past the deadline. Once across processes (`exclusive`); each
 * draw's change is conditional under its row lock in any case.
 */
export function lotteryResultsJobSpec(
  results: ResultsService,
  exclusive: <T>(key: string, fn: () => Promise<T>) => Promise<T>,
): JobSpec {
  return {
    name: 'lotteryResults',
    everyMs: RESULTS_JOB_EVERY_MS,
    run: () =>
      exclusive('portico:job:lotteryResults', async () => {
        const now = new Date();
        const polled = await results.pollFeed(now);
        return { ...polled, ...(await results.voidOverdue(now)) };
      }),
  };
}
