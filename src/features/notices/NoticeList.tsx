import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Notice } from '../../../contract/content.ts';
import { noticeIndexQuery } from '../../api/queries.ts';
import { Pagination } from '../../ui/Pagination.tsx';
import { LoadError, secondaryButton } from '../../ui/records/form.tsx';
import { SafeHtml } from '../../ui/SafeHtml.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';

/** Spec §9: notice pages hold 9 items. */
export const NOTICES_PER_PAGE = 9;

/** The merchant's notices and public announcements, nine to a page; one opens in full in place of the list. */
export function NoticeList() {
  const { t, i18n } = useLingui();
  const index = useQuery(noticeIndexQuery(i18n.locale));
  const [pageNo, setPageNo] = useState(1);
  const [reading, setReading] = useState<Notice | null>(null);
  // The list and the notice replace each other: the focus follows, to the notice's title and back to its entry.
  const [lastRead, setLastRead] = useState<number | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (reading) heading.current?.focus();
    else if (lastRead !== null)
      list.current?.querySelector<HTMLElement>(`[data-notice="${lastRead}"]`)?.focus();
  }, [reading, lastRead]);

  if (index.isError) return <LoadError error={index.error} onRetry={() => void index.refetch()} />;
  if (!index.data)
    return (
      <div className="flex flex-col gap-2">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );

  if (reading)
    return (
      <article className="flex flex-col gap-3">
        <h3 ref={heading} tabIndex={-1} className="text-base font-bold">
          {reading.title || <Trans>Announcement</Trans>}
        </h3>
        <SafeHtml html={reading.content} />
        <button
          type="button"
          className={`${secondaryButton} self-start`}
          onClick={() => {
            setLastRead(reading.id);
            setReading(null);
          }}
        >
          <Trans>Back to notices</Trans>
        </button>
      </article>
    );

  const all = [...index.data.notices, ...index.data.popup];
  if (all.length === 0)
    return (
      <p className="rounded-lg border border-dashed border-line p-6 text-center text-sm text-muted">
        <Trans>No notices yet.</Trans>
      </p>
    );
  const totalPages = Math.ceil(all.length / NOTICES_PER_PAGE);
  const page = Math.min(pageNo, totalPages);
  const shown = all.slice((page - 1) * NOTICES_PER_PAGE, page * NOTICES_PER_PAGE);
  return (
    <div className="flex flex-col gap-4">
      <ul ref={list} aria-label={t`Notices`} className="flex flex-col gap-2">
        {shown.map((n) => (
          <li key={n.id}>
            <button
              type="button"
              data-notice={n.id}
              onClick={() => setReading(n)}
              className="w-full rounded-xl border border-line bg-surface px-4 py-3 text-left font-medium hover:border-brand"
            >
              {n.title || <Trans>Announcement</Trans>}
            </button>
          </li>
        ))}
      </ul>
      <Pagination page={page} totalPages={totalPages} onChange={setPageNo} label={t`Notice pages`} />
    </div>
  );
}
