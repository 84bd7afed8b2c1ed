import { lazy, type ReactNode, Suspense, useDeferredValue } from 'react';
import { connectAppStatus } from '../../../machines/appStatus.connect.ts';
import { LoadingScreen } from './LoadingScreen.tsx';
import { AppStatusContext } from './statusContext.ts';

type Status = ReturnType<typeof connectAppStatus>;

// The closed portal's screens come when the status says so, not with every first page.
const screens = () => import('./StatusScreens.tsx');
const MaintenanceScreen = lazy(() => screens().then((m) => ({ default: m.MaintenanceScreen })));
const RestrictedScreen = lazy(() => screens().then((m) => ({ default: m.RestrictedScreen })));
const FailedScreen = lazy(() => screens().then((m) => ({ default: m.FailedScreen })));

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

  if (screen === 'normal') return children;
  return <Suspense fallback={<LoadingScreen />}>{closed(screen, view)}</Suspense>;
}

function closed(screen: Status['screen'], view: Status) {
  switch (screen) {
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
