import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { selectIsLoggedIn, selectIsStarting } from '../../../machines/session.connect.ts';
import { noticeIndexQuery } from '../../api/queries.ts';
import { useAuthModals } from '../../session/authModals.tsx';
import { SessionContext } from '../../session/sessionContext.ts';
import { useHydrated } from '../../ui/useHydrated.ts';
import { closePopupFor, popupClosedFor, REGISTER_PATHS, type Viewer } from './popupMemory.ts';

// The HTML cleaner (DOMPurify) loads with the first popup, not with every page.
// The dialog's code (its buttons, the cleaned HTML) comes when there is a notice to show, not with every page.
const NoticeDialog = lazy(() => import('./NoticeDialog.tsx').then((m) => ({ default: m.NoticeDialog })));

/**
 * The public announcement (notice type PU) shown on arrival, one at a time with previous and next. It waits while
 * the session is still being found out (so a member's reload does not flash the visitor's copy) and while an
 * account modal is open.
 */
export function NoticePopup() {
  const { i18n } = useLingui();
  const starting = SessionContext.useSelector(selectIsStarting);
  const loggedIn = SessionContext.useSelector(selectIsLoggedIn);
  const path = useRouterState({ select: (s) => s.location.pathname });
  const { modal } = useAuthModals();
  const viewer: Viewer = loggedIn ? 'member' : 'visitor';
  // Bumped on close: the closed mark lives in session storage, which React does not watch.
  const [, setClosedAt] = useState(0);
  const [at, setAt] = useState(0);
  const suppressed = REGISTER_PATHS.includes(path);
  const index = useQuery({ ...noticeIndexQuery(i18n.locale), enabled: !suppressed });

  // Whether it was closed is this tab's (session storage), which the server's first screen (src/ssr) cannot know: it
  // opens in the render after the app has taken that screen over, never in the screen itself.
  const hydrated = useHydrated();
  const popup = index.data?.popup ?? [];
  const open =
    hydrated && !starting && !suppressed && modal === null && popup.length > 0 && !popupClosedFor(viewer);
  if (!open) return null;
  const close = () => {
    closePopupFor(viewer);
    setAt(0);
    setClosedAt(Date.now());
  };
  return (
    <Suspense fallback={null}>
      <NoticeDialog popup={popup} at={at} onAt={setAt} onClose={close} />
    </Suspense>
  );
}
