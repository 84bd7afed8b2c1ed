import { useLayoutEffect } from 'react';
import type { Subscription } from 'xstate';
import { useAuthModals } from './authModals.tsx';

/** What a machine announces when a visitor asks for something only a member may do (XState 5 `emit`). */
export interface AuthRequiredEvent {
  type: 'auth.required';
}

/** Any actor whose machine may emit `auth.required`. */
export interface AuthRequiredSource {
  on(type: 'auth.required', handler: (event: AuthRequiredEvent) => void): Subscription;
}

/**
 * The one way a workflow asks for a login: its machine emits `auth.required` and the view wires the actor here, which
 * opens the login popup. The machine keeps no flag for it, so nothing has to answer back: a popup closed without a
 * login leaves the workflow where it was, and a login reaches the machine as its own session event.
 *
 * A layout effect, so the listener is in place before `useActorRef` starts the actor (a passive effect): a machine
 * that emits on its first entry (a visitor opening a members' page) is heard.
 */
export function useAuthRequired(actor: AuthRequiredSource | null | undefined) {
  const { open } = useAuthModals();
  useLayoutEffect(() => {
    if (!actor) return;
    const sub = actor.on('auth.required', () => open({ name: 'login' }));
    return () => sub.unsubscribe();
  }, [actor, open]);
}
