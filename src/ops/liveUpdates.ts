import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromCallback } from 'xstate';
import {
  type OpsEventData,
  type OpsQueue,
  opsEventData,
  opsEvents,
  opsQueue,
} from '../../contract/opsEvents.ts';
import { connectOpsLive } from '../../machines/opsLive.connect.ts';
import { type OpsLiveEvent, opsLiveMachine } from '../../machines/opsLive.machine.ts';
import { openStream } from '../api/client.ts';
import { bearer } from './api.ts';

/** While the live stream is down, the live queues are read again this often instead. */
export const POLL_MS = 30_000;

/** The `data:` payloads of a server-sent event stream, as they arrive. */
export async function readEvents(body: ReadableStream<Uint8Array>, onData: (d: OpsEventData) => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    const blocks = buffer.split('\n\n');
    buffer = blocks.pop() ?? '';
    for (const block of blocks) {
      const data = block
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trim())
        .join('\n');
      if (!data) continue;
      const parsed = opsEventData.safeParse(JSON.parse(data));
      if (parsed.success) onData(parsed.data);
    }
  }
}

/** Polls the live queues (or stops polling them): every ops query under `['ops', <queue>]`. */
export function pollQueues(queryClient: QueryClient, poll: boolean) {
  for (const queue of opsQueue.options)
    queryClient.setQueryDefaults(['ops', queue], { refetchInterval: poll ? POLL_MS : false });
}

const keyOf = (queue: OpsQueue) => ['ops', queue];

/** The stream of `GET /ops/events` (read with fetch, so the operator's token goes in a header, not the address). */
const stream = fromCallback<OpsLiveEvent>(({ sendBack }) => {
  const controller = new AbortController();
  void (async () => {
    try {
      const reply = await openStream(opsEvents.path, bearer(), controller.signal);
      if (!reply.ok || !reply.body) throw new Error(`ops events: ${reply.status}`);
      sendBack({ type: 'stream.open' });
      await readEvents(reply.body, (d) => sendBack({ type: 'stream.event', queues: d.queues }));
      sendBack({ type: 'stream.ended' });
    } catch {
      // No stream (an old proxy, no fetch streaming, the server refused): the machine polls meanwhile.
      if (!controller.signal.aborted) sendBack({ type: 'stream.failed' });
    }
  })();
  return () => controller.abort();
});

/**
 * The back office's live updates (machines/opsLive.machine.ts): the events invalidate the queues they name; while
 * the stream is down those queues poll every POLL_MS. Returns whether the stream is live.
 */
export function useOpsLiveUpdates(): boolean {
  const queryClient = useQueryClient();
  const [machine] = useState(() =>
    opsLiveMachine.provide({
      actors: { stream },
      actions: {
        reload: (_, { queues }) => {
          for (const queue of queues) void queryClient.invalidateQueries({ queryKey: keyOf(queue) });
        },
        // What changed while no stream was open is read once.
        reloadAll: () => {
          for (const queue of opsQueue.options)
            void queryClient.invalidateQueries({ queryKey: keyOf(queue) });
        },
      },
    }),
  );
  const actor = useActorRef(machine);
  const live = useSelector(actor, (s) => connectOpsLive(s).live);
  useEffect(() => pollQueues(queryClient, !live), [queryClient, live]);
  return live;
}
