import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { noticeIndexQuery } from '../../api/queries.ts';
import { Icon } from '../../ui/Icon.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';

// The list (and its HTML cleaner) loads when the modal opens, not with the home page.
const NoticeList = lazy(() => import('./NoticeList.tsx').then((m) => ({ default: m.NoticeList })));

/** Home's notice marquee (spec §1): the notices' titles scroll by; a click opens the notice modal. */
export function NoticeMarquee() {
  const { t, i18n } = useLingui();
  const index = useQuery(noticeIndexQuery(i18n.locale));
  const [open, setOpen] = useState(false);
  const notices = index.data?.notices ?? [];
  if (notices.length === 0) return null;
  return (
    <section aria-label={t`Notices`}>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="flex w-full items-center gap-2 overflow-hidden rounded-full bg-raised px-4 py-2 text-left"
      >
        <Icon name="megaphone" className="h-5 w-5 shrink-0 text-accent" />
        <span className="sr-only">
          <Trans>Open the notices:</Trans>
        </span>{' '}
        <span className="relative flex-1 overflow-hidden">
          <span className="block animate-[marquee_25s_linear_infinite] whitespace-nowrap text-sm">
            {notices.map((n) => n.title).join('   •   ')}
          </span>
        </span>
      </button>
      <Modal open={open} title={t`Notices`} closeLabel={t`Close`} onClose={() => setOpen(false)}>
        <Suspense fallback={<Skeleton className="h-48 w-full" />}>
          <NoticeList />
        </Suspense>
      </Modal>
    </section>
  );
}
