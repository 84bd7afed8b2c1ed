import { createActorContext } from '@xstate/react';
import { appStatusMachine } from '../../../machines/appStatus.machine.ts';

/** The app-status actor; the app provides `loadStatus` (tests provide a fake) through `logic`. */
export const AppStatusContext = createActorContext(appStatusMachine);
