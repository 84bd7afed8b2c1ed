import { assign, type ErrorActorEvent, fromPromise, setup } from 'xstate';
import type { SystemStatus } from '../contract/system.ts';

/** Why the status could not be read: the server's error code, or NETWORK. */
export interface StatusFailure {
  code: string;
}

export interface AppStatusContext {
  status: SystemStatus | null;
  failure: StatusFailure | null;
}

/** Re-check at the announced end of maintenance, within [15 s, 5 min] so a wrong clock cannot stall or spin. */
export const RECHECK_MIN_MS = 15_000;
export const RECHECK_MAX_MS = 300_000;

export function recheckDelay(maintenanceEnd: string | null | undefined, now: number): number {
  const until = maintenanceEnd ? Date.parse(maintenanceEnd) - now : RECHECK_MAX_MS;
  return Math.min(RECHECK_MAX_MS, Math.max(RECHECK_MIN_MS, Number.isFinite(until) ? until : RECHECK_MAX_MS));
}

/**
 * App status (spec §4 System status): 0 normal UI, 1 maintenance page, 2 region-restriction page.
 * `loadStatus` is provided by the app (the real call) or by tests (a fake).
 */
export const appStatusMachine = setup({
  types: {
    context: {} as AppStatusContext,
    events: {} as { type: 'status.check' } | { type: 'status.retry' },
  },
  actors: {
    loadStatus: fromPromise<SystemStatus>(async () => {
      throw new Error('loadStatus must be provided');
    }),
  },
  guards: {
    isMaintenance: (_, status: SystemStatus) => status.status === 1,
    isRestricted: (_, status: SystemStatus) => status.status === 2,
  },
  delays: {
    recheckDelay: ({ context }) => recheckDelay(context.status?.maintenanceEnd, Date.now()),
  },
  actions: {
    keepStatus: assign((_, status: SystemStatus) => ({ status, failure: null })),
    keepFailure: assign((_, error: unknown) => ({
      failure: { code: (error as { code?: string } | null)?.code ?? 'NETWORK' },
    })),
  },
}).createMachine({
  id: 'appStatus',
  initial: 'loading',
  context: { status: null, failure: null },
  states: {
    loading: {
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: [
          {
            guard: { type: 'isMaintenance', params: ({ event }) => event.output },
            target: 'maintenance',
            actions: { type: 'keepStatus', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'isRestricted', params: ({ event }) => event.output },
            target: 'restricted',
            actions: { type: 'keepStatus', params: ({ event }) => event.output },
          },
          { target: 'normal', actions: { type: 'keepStatus', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'keepFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    // Normal stays put: re-checking would unmount the portal and lose what the visitor was doing.
    normal: {},
    maintenance: {
      after: { recheckDelay: 'loading' },
      on: { 'status.check': 'loading' },
    },
    restricted: {
      on: { 'status.check': 'loading' },
    },
    failed: {
      on: { 'status.retry': 'loading' },
    },
  },
});
