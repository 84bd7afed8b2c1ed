import type { EventFromLogic } from 'xstate';
import type { SystemStatus } from '../contract/system.ts';
import { appStatusMachine } from './appStatus.machine.ts';
import { afterEvent, doneEvent, errorEvent } from './test/machineGraph.ts';

type M = typeof appStatusMachine;

/** The end of maintenance that the representative maintenance status announces. */
export const MAINTENANCE_END = '2030-05-01T10:30:00.000Z';
const loaded = (status: 0 | 1 | 2) =>
  doneEvent<M>('loadStatus', {
    status,
    maintenanceEnd: status === 1 ? MAINTENANCE_END : null,
    location: { ip: '203.0.113.9', country: 'US' },
  } satisfies SystemStatus);

/** The app status and representative events for its generated paths (AppStatusGate's tests and `npm run paths`). */
export const appStatusWalk = {
  name: 'appStatus',
  machine: appStatusMachine,
  events: [
    loaded(0),
    loaded(1),
    loaded(2),
    errorEvent<M>('loadStatus', { code: 'NETWORK' }),
    errorEvent<M>('loadStatus', { code: 'UNKNOWN_MERCHANT' }),
    { type: 'status.check' },
    { type: 'status.retry' },
    afterEvent<M>('recheckDelay', 'appStatus.maintenance'),
  ] satisfies EventFromLogic<M>[],
};
