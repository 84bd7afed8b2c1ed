import { type ReactNode, useDeferredValue } from 'react';
import {
  selectFailureMessage,
  selectLocation,
  selectMaintenanceEnd,
  selectScreen,
} from '../../../machines/appStatus.selectors.ts';
import { FailedScreen, LoadingScreen, MaintenanceScreen, RestrictedScreen } from './StatusScreens.tsx';
import { AppStatusContext } from './statusContext.ts';

/** Renders the app only when the system status is 0; otherwise the maintenance or region page (spec §2). */
export function AppStatusGate({ children }: { children: ReactNode }) {
  // The machine's state reaches React as an urgent update, which would mount the whole portal in one uninterrupted
  // task once the status arrives; deferred, the portal mounts as a transition that yields to the browser.
  const screen = useDeferredValue(AppStatusContext.useSelector(selectScreen));
  const end = AppStatusContext.useSelector(selectMaintenanceEnd);
  const location = AppStatusContext.useSelector(selectLocation);
  const failure = AppStatusContext.useSelector(selectFailureMessage);
  const actor = AppStatusContext.useActorRef();
  const check = () => actor.send({ type: 'status.check' });

  switch (screen) {
    case 'normal':
      return children;
    case 'maintenance':
      return <MaintenanceScreen end={end} onCheck={check} />;
    case 'restricted':
      return <RestrictedScreen ip={location?.ip ?? ''} country={location?.country ?? ''} onCheck={check} />;
    case 'failed':
      return (
        <FailedScreen message={failure ?? 'network'} onRetry={() => actor.send({ type: 'status.retry' })} />
      );
    default:
      return <LoadingScreen />;
  }
}
