import { type ReactNode, useDeferredValue } from 'react';
import { connectAppStatus } from '../../../machines/appStatus.connect.ts';
import { FailedScreen, LoadingScreen, MaintenanceScreen, RestrictedScreen } from './StatusScreens.tsx';
import { AppStatusContext } from './statusContext.ts';

/** Renders the app only when the system status is 0; otherwise the maintenance or region page (spec §2). */
export function AppStatusGate({ children }: { children: ReactNode }) {
  const actor = AppStatusContext.useActorRef();
  const view = connectAppStatus(
    AppStatusContext.useSelector((s) => s),
    actor.send,
  );
  // The machine's state reaches React as an urgent update, which would mount the whole portal in one uninterrupted
  // task once the status arrives; deferred, the portal mounts as a transition that yields to the browser.
  const screen = useDeferredValue(view.screen);

  switch (screen) {
    case 'normal':
      return children;
    case 'maintenance':
      return <MaintenanceScreen end={view.maintenanceEnd} onCheck={view.check} />;
    case 'restricted':
      return (
        <RestrictedScreen
          ip={view.location?.ip ?? ''}
          country={view.location?.country ?? ''}
          onCheck={view.check}
        />
      );
    case 'failed':
      return <FailedScreen message={view.failure ?? 'network'} onRetry={view.retry} />;
    default:
      return <LoadingScreen />;
  }
}
