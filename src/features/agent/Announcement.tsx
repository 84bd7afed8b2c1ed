import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { noticeIndexQuery } from '../../api/queries.ts';
import { Pagination } from '../../ui/Pagination.tsx';
import { LoadError } from '../../ui/records/form.tsx';
import { SafeHtml } from '../../ui/SafeHtml.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';

/** Spec §2: nine announcements to a page. */
export const ANNOUNCEMENTS_PER_PAGE = 9;

/** announcement: the merchant's notices and popup announcements in the reader's language, nine to a page. */
export function Announcement() {
  const { t, i18n } = useLingui();
  const index = useQuery(noticeIndexQuery(i18n.locale));
  const [pageNo, setPageNo] = useState(1);
  if (index.isError) return <LoadError error={index.error} onRetry={() => void index.refetch()} />;
  if (!index.data) return <Skeleton className="h-72 w-full" />;
  // A notice may be both a marquee line and a popup; it is listed once.
  const all = [...index.data.notices, ...index.data.popup].filter(
    (n, i, list) => list.findIndex((o) => o.id === n.id) === i,
  );
  if (all.length === 0)
    return (
      <p className="rounded-lg border border-dashed border-line p-6 text-center text-sm text-muted">
        <Trans>No announcements yet.</Trans>
      </p>
    );
  const totalPages = Math.ceil(all.length / ANNOUNCEMENTS_PER_PAGE);
  const page = Math.min(pageNo, totalPages);
  const shown = all.slice((page - 1) * ANNOUNCEMENTS_PER_PAGE, page * ANNOUNCEMENTS_PER_PAGE);
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label={t`Announcements`} className="flex flex-col gap-2">
        {shown.map((n) => (
          <li key={n.id}>
            <article className="rounded-xl border border-line bg-surface p-4">
              <h3 className="font-semibold">{n.title || <Trans>Announcement</Trans>}</h3>
              <SafeHtml html={n.content} className="mt-1 break-words text-sm text-muted" />
            </article>
          </li>
        ))}
      </ul>
      <Pagination page={page} totalPages={totalPages} onChange={setPageNo} label={t`Announcement pages`} />
    </div>
  );
}
