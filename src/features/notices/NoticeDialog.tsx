import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import type { Notice } from '../../../contract/content.ts';
import { Modal } from '../../ui/Modal.tsx';
import { primaryButton, secondaryButton } from '../../ui/records/form.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';

const SafeHtml = lazy(() => import('../../ui/SafeHtml.tsx').then((m) => ({ default: m.SafeHtml })));

/** The arrival popup's dialog (NoticePopup decides when it opens): one notice at a time, with previous and next. */
export function NoticeDialog({
  popup,
  at,
  onAt,
  onClose,
}: {
  popup: Notice[];
  at: number;
  onAt: (at: number) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const shown = Math.min(at, popup.length - 1);
  const notice = popup[shown]!;
  return (
    <Modal open title={notice.title || t`Announcement`} closeLabel={t`Close`} onClose={onClose}>
      <Suspense fallback={<Skeleton className="h-24 w-full" />}>
        <SafeHtml html={notice.content} className="max-h-[60vh] overflow-y-auto" />
      </Suspense>
      {popup.length > 1 && (
        // Previous and next go round, so neither is ever disabled and the focus never drops out of the dialog.
        <div className="mt-4 flex items-center justify-between gap-2">
          <button
            type="button"
            className={secondaryButton}
            onClick={() => onAt((shown + popup.length - 1) % popup.length)}
          >
            <Trans>Previous</Trans>
          </button>
          <span className="text-sm text-muted" aria-live="polite">
            <Trans>
              {shown + 1} of {popup.length}
            </Trans>
          </span>
          <button type="button" className={secondaryButton} onClick={() => onAt((shown + 1) % popup.length)}>
            <Trans>Next</Trans>
          </button>
        </div>
      )}
      <button type="button" className={`${primaryButton} mt-4 w-full`} onClick={onClose}>
        <Trans>OK</Trans>
      </button>
    </Modal>
  );
}
