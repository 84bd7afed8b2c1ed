import type { SnapshotFrom } from 'xstate';
import type { appStatusMachine } from './appStatus.machine.ts';

type Snapshot = SnapshotFrom<typeof appStatusMachine>;
type Send = (event: { type: 'status.check' } | { type: 'status.retry' }) => void;

export type AppScreen = 'loading' | 'normal' | 'maintenance' | 'restricted' | 'failed';

/** The status gate's props and commands (spec §2, §4 System status). */
export function connectAppStatus(snapshot: Snapshot, send: Send) {
  const { status, failure } = snapshot.context;
  return {
    /** Which screen the app shows: the machine's state is the screen. */
    screen: snapshot.value as AppScreen,
    maintenanceEnd: status?.maintenanceEnd ?? null,
    location: status?.location ?? null,
    /**
     * The spec §8 general message of a failure: an unknown merchant or domain is "invalid URL or domain", anything
     * else "network abnormal".
     */
    failure: failure
      ? failure.code === 'UNKNOWN_MERCHANT'
        ? ('invalidDomain' as const)
        : ('network' as const)
      : null,
    /** Read the status again (from the maintenance or region page). */
    check: () => send({ type: 'status.check' }),
    /** Try again after a failed read. */
    retry: () => send({ type: 'status.retry' }),
  };
}
