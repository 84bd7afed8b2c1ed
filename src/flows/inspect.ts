import { createBrowserInspector } from '@statelyai/inspect';
import type { AnyActorRef } from 'xstate';
import { liveActors, onInspection } from './liveActors.ts';

/**
 * `?inspect` in a dev build (App.tsx loads this module only then): the Stately inspector, in a window of its own,
 * shows the app's live actors (the session, the app status, the pages' registered workflows) and their events.
 * This module loads while the app starts, so an actor created before it is announced when first seen.
 */
const inspector = createBrowserInspector();
const announced = new Set<string>();
const announce = (ref: AnyActorRef) => {
  if (!announced.has(ref.sessionId)) inspector.actor(ref, ref.getSnapshot());
  announced.add(ref.sessionId);
};
for (const { ref } of liveActors()) announce(ref);
onInspection((event) => {
  if (event.type === '@xstate.actor') announced.add(event.actorRef.sessionId);
  else announce(event.actorRef as AnyActorRef);
  inspector.inspect.next?.(event);
});
