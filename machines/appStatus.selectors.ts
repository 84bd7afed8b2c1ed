import type { SnapshotFrom } from 'xstate';
import type { appStatusMachine } from './appStatus.machine.ts';

type Snapshot = SnapshotFrom<typeof appStatusMachine>;

export type AppScreen = 'loading' | 'normal' | 'maintenance' | 'restricted' | 'failed';

/** Which screen the app shows: the machine's state is the screen. */
export const selectScreen = (s: Snapshot): AppScreen => s.value as AppScreen;

export const selectMaintenanceEnd = (s: Snapshot) => s.context.status?.maintenanceEnd ?? null;
export const selectLocation = (s: Snapshot) => s.context.status?.location ?? null;

/**
 * The spec §8 general message of a failure: an unknown merchant or domain is "invalid URL or domain",
 * anything else "network abnormal".
 */
export const selectFailureMessage = (s: Snapshot): 'invalidDomain' | 'network' | null =>
  s.context.failure ? (s.context.failure.code === 'UNKNOWN_MERCHANT' ? 'invalidDomain' : 'network') : null;
