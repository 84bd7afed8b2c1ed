import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  type OpsEventData,
  type OpsQueue,
  opsEventData,
  opsEvents,
  opsQueue,
} from '../../contract/opsEvents.ts';
import { openStream } from '../api/client.ts';
import { bearer } from './api.ts';

/** While the live stream is down, the live queues are read again this often instead. */
export const POLL_MS = 30_000;
/** A failed stream is tried again after this long (one that ended normally at once). */
export const RETRY_MS = 10_000;

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

/**
 * The back office's live updates: one stream of `GET /ops/events` (read with fetch, so the operator's token goes
 * in a header, not in the address) whose events invalidate the queues they name; while it is down, those queues
 * poll every POLL_MS and the stream is tried again. Returns whether the stream is live.
 */
export function useOpsLiveUpdates(): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    let stopped = false;
    let controller: AbortController | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let first = true;
    const connect = async () => {
      controller = new AbortController();
      let ended = false;
      try {
        const reply = await openStream(opsEvents.path, bearer(), controller.signal);
        if (!reply.ok || !reply.body) throw new Error(`ops events: ${reply.status}`);
        setLive(true);
        // What changed while no stream was open (after the first try) is read once now.
        if (!first)
          for (const queue of opsQueue.options)
            void queryClient.invalidateQueries({ queryKey: keyOf(queue) });
        first = false;
        await readEvents(reply.body, (d) => {
          for (const queue of d.queues) void queryClient.invalidateQueries({ queryKey: keyOf(queue) });
        });
        ended = true;
      } catch {
        // No stream (an old proxy, no fetch streaming, the server refused): poll meanwhile.
      }
      first = false;
      if (stopped) return;
      setLive(false);
      retry = setTimeout(() => void connect(), ended ? 0 : RETRY_MS);
    };
    void connect();
    return () => {
      stopped = true;
      controller?.abort();
      clearTimeout(retry);
    };
  }, [queryClient]);
  useEffect(() => pollQueues(queryClient, !live), [queryClient, live]);
  return live;
}
