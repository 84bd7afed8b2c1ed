import type { SnapshotFrom } from 'xstate';
import type { opsLiveMachine } from './opsLive.machine.ts';

/** The view's props: whether the stream is live (else the queues poll). */
export const connectOpsLive = (snapshot: SnapshotFrom<typeof opsLiveMachine>) => ({
  live: snapshot.matches({ streaming: 'live' }),
});
