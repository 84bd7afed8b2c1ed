import { createActorContext } from '@xstate/react';
import { sessionMachine } from '../../machines/session.machine.ts';

/** The visitor's session actor; the app provides storage, navigation and the real calls through `logic`. */
export const SessionContext = createActorContext(sessionMachine);
