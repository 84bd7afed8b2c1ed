import type { AnyActorRef, AnyEventObject, InspectionEvent } from 'xstate';

/** A running root actor of the app (the session, the app status, a page's workflow), for /flows and ?inspect. */
export interface LiveActor {
  ref: AnyActorRef;
  /** Its machine's id, which is also the machine's file name. */
  machine: string;
  /** The events it received, oldest first, at most `KEPT`. */
  events: AnyEventObject[];
}

const KEPT = 20;
const actors = new Map<string, LiveActor>();
const listeners = new Set<(event: InspectionEvent) => void>();
let list: LiveActor[] = [];

// Registration follows what XState reports: an actor counts once started (the init event; React's strict mode
// creates actors it never starts) and until its stop is processed (a remount starts the same actor again).
function observe(e: InspectionEvent) {
  const ref = e.actorRef as AnyActorRef;
  if (!ref._parent) {
    if (e.type === '@xstate.event' && e.event.type === 'xstate.init') {
      const machine = (ref.src as { id?: string }).id ?? ref.id;
      actors.set(ref.sessionId, actors.get(ref.sessionId) ?? { ref, machine, events: [] });
    } else if (e.type === '@xstate.snapshot' && e.snapshot.status === 'stopped') actors.delete(ref.sessionId);
    else if (e.type === '@xstate.event') {
      const events = actors.get(ref.sessionId)?.events;
      if (events && events.push(e.event) > KEPT) events.shift();
    }
    list = [...actors.values()];
  }
  for (const listener of listeners) listener(e);
}

/**
 * The registry, as an actor's `inspect` option: `createActorContext(machine, { inspect: liveInspect })` for a
 * provider, `useActorRef(machine, { inspect: liveInspect })` for a page. Undefined (nothing kept) in a build with
 * VITE_FLOWS=off.
 */
export const liveInspect = import.meta.env.VITE_FLOWS === 'off' ? undefined : observe;

/** The running actors; the same array until one starts or stops or an event arrives. */
export const liveActors = () => list;

/** Every inspection event of the registered actors' systems from now on (children's too). */
export function onInspection(listener: (event: InspectionEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The registry as a page in /flows's "Follow on the page" frame offers it to /flows (same origin). */
export interface LiveRegistry {
  liveActors: typeof liveActors;
  onInspection: typeof onInspection;
}
declare global {
  interface Window {
    __porticoLive?: LiveRegistry;
  }
}
// Each page of the frame is a separate app with its own registry; /flows reads it through the frame's window.
if (liveInspect && typeof window !== 'undefined') window.__porticoLive = { liveActors, onInspection };
