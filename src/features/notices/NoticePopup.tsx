import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { selectIsLoggedIn, selectIsStarting } from '../../../machines/session.connect.ts';
import { noticeIndexQuery } from '../../api/queries.ts';
import { useAuthModals } from '../../session/authModals.tsx';
import { SessionContext } from '../../session/sessionContext.ts';
import { Modal } from '../../ui/Modal.tsx';
import { primaryButton, secondaryButton } from '../../ui/records/form.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { useHydrated } from '../../ui/useHydrated.ts';
import { closePopupFor, popupClosedFor, REGISTER_PATHS, type Viewer } from './popupMemory.ts';

// The HTML cleaner (DOMPurify) loads with the first popup, not with every page.
const SafeHtml = lazy(() => import('../../ui/SafeHtml.tsx').then((m) => ({ default: m.SafeHtml })));

/**
 * The public announcement (notice type PU) shown on arrival, one at a time with previous and next. It waits while
 * the session is still being found out (so a member's reload does not flash the visitor's copy) and while an
 * account modal is open.
 */
export function NoticePopup() {
  const { t, i18n } = useLingui();
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
  const shown = Math.min(at, popup.length - 1);
  const notice = popup[shown]!;
  const close = () => {
    closePopupFor(viewer);
    setAt(0);
    setClosedAt(Date.now());
  };

  return (
    <Modal open title={notice.title || t`Announcement`} closeLabel={t`Close`} onClose={close}>
      <Suspense fallback={<Skeleton className="h-24 w-full" />}>
        <SafeHtml html={notice.content} className="max-h-[60vh] overflow-y-auto" />
      </Suspense>
      {popup.length > 1 && (
        // Previous and next go round, so neither is ever disabled and the focus never drops out of the dialog.
        <div className="mt-4 flex items-center justify-between gap-2">
          <button
            type="button"
            className={secondaryButton}
            onClick={() => setAt((shown + popup.length - 1) % popup.length)}
          >
            <Trans>Previous</Trans>
          </button>
          <span className="text-sm text-muted" aria-live="polite">
            <Trans>
              {shown + 1} of {popup.length}
            </Trans>
          </span>
          <button type="button" className={secondaryButton} onClick={() => setAt((shown + 1) % popup.length)}>
            <Trans>Next</Trans>
          </button>
        </div>
      )}
      <button type="button" className={`${primaryButton} mt-4 w-full`} onClick={close}>
        <Trans>OK</Trans>
      </button>
    </Modal>
  );
}
