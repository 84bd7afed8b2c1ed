import { z } from 'zod';
import { EVERY_ROLE } from './backoffice.ts';
import { defineCall } from './call.ts';
import { merchantCode } from './merchant.ts';

/** The back office's queues a live event names; every change also changes the dashboard. */
export const opsQueue = z.enum(['payments', 'changes', 'redemptions', 'feedback', 'dashboard']);
export type OpsQueue = z.infer<typeof opsQueue>;

/** One server-sent event's data: which queues of which merchant changed (read them again). */
export const opsEventData = z.object({ merchant: z.string(), queues: z.array(opsQueue) });
export type OpsEventData = z.infer<typeof opsEventData>;

/** Streams an operator may hold open at once (tabs of the back office); one more answers 429. */
export const OPS_STREAMS_PER_OPERATOR = 5;

export const opsEvents = defineCall({
  method: 'GET',
  path: '/ops/events',
  summary:
    'Operator: server-sent events (text/event-stream) naming the queues that changed, of the merchants granted ' +
    `(or the one asked); a comment every 25 s keeps it open; at most ${OPS_STREAMS_PER_OPERATOR} streams per operator`,
  auth: 'ops',
  opsRoles: EVERY_ROLE,
  query: z.object({ merchant: merchantCode.optional() }),
  /** Not JSON: `data:` lines of `opsEventData`, one event per change. */
  response: z.string().meta({ description: 'text/event-stream of opsEventData' }),
});
