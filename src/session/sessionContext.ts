import { createActorContext } from '@xstate/react';
import { sessionMachine } from '../../machines/session.machine.ts';
import { liveInspect } from '../flows/liveActors.ts';

/**
 * The visitor's session actor; the app provides storage, navigation and the real calls through `logic`. It is
 * registered as a live actor, which /flows can follow.
 */
export const SessionContext = createActorContext(sessionMachine, { inspect: liveInspect });
