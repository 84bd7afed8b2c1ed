import { z } from 'zod';
import { EVERY_ROLE } from './backoffice.ts';
import { defineCall, wpsReply } from './call.ts';
import { merchantCode } from './merchant.ts';
import { minorUnits } from './wallet.ts';

/** The longest range the dashboard sums (a quarter), so one request stays an indexed range scan. */
export const DASHBOARD_MAX_DAYS = 92;

const day = z.iso.date('A date is YYYY-MM-DD');

const dayCount = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** Money and play of one bucket (minor units; GGR is stake − payout). */
export const dashboardFigures = z.object({
  deposits: z.object({ count: z.number().int(), amount: minorUnits }),
  withdrawals: z.object({ count: z.number().int(), amount: minorUnits }),
  bets: z.object({ count: z.number().int(), stake: minorUnits }),
  payout: minorUnits,
  ggr: minorUnits,
  newMembers: z.number().int(),
});
export type DashboardFigures = z.infer<typeof dashboardFigures>;

/** What waits for an operator now (not limited to the range). */
export const dashboardQueues = z.object({
  deposits: z.number().int(),
  withdrawals: z.number().int(),
  /** Withdrawals a member reported as not received. */
  disputes: z.number().int(),
  /** Maker-checker drafts waiting for a second operator. */
  changes: z.number().int(),
  redemptions: z.number().int(),
  /** Feedback received in the range (feedback has no reply to wait for). */
  feedback: z.number().int(),
});
export type DashboardQueues = z.infer<typeof dashboardQueues>;

export const opsDashboard = defineCall({
  method: 'GET',
  path: '/ops/dashboard',
  summary:
    'Operator: a merchant’s deposits, withdrawals, bets, payout, GGR, new and active members over its calendar ' +
    `days from–to (default today; at most ${DASHBOARD_MAX_DAYS} days), per hour for one day else per day, and its queues`,
  auth: 'ops',
  opsRoles: EVERY_ROLE,
  query: z
    .object({ merchant: merchantCode, from: day.optional(), to: day.optional() })
    .superRefine((q, ctx) => {
      if (!q.from || !q.to) return;
      if (q.from > q.to)
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end is before the start' });
      else if (dayCount(q.from, q.to) > DASHBOARD_MAX_DAYS)
        ctx.addIssue({ code: 'custom', path: ['to'], message: `At most ${DASHBOARD_MAX_DAYS} days` });
    }),
  response: wpsReply(
    z.object({
      merchantCode: z.string(),
      currency: z.string(),
      timeZone: z.string(),
      from: z.string(),
      to: z.string(),
      /** Members who placed a bet or logged in during the range. */
      activeMembers: z.number().int(),
      totals: dashboardFigures,
      /** `hour` for a one-day range, else `day`; `at` is the bucket's start (ISO time). */
      bucket: z.enum(['hour', 'day']),
      series: z.array(dashboardFigures.extend({ at: z.string() })),
      queues: dashboardQueues,
    }),
  ),
});
