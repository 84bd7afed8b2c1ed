import { createActorContext } from '@xstate/react';
import { appStatusMachine } from '../../../machines/appStatus.machine.ts';
import { liveInspect } from '../../flows/liveActors.ts';

/**
 * The app-status actor; the app provides `loadStatus` (tests provide a fake) through `logic`. It is registered as
 * a live actor, which /flows can follow.
 */
export const AppStatusContext = createActorContext(appStatusMachine, { inspect: liveInspect });
