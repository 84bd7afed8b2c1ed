import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { HELP_PAGE_SIZE } from '../../../contract/help.ts';
import { Pagination } from '../../ui/Pagination.tsx';
import { LoadError, Section } from '../../ui/records/form.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { FeedbackForm } from './FeedbackForm.tsx';
import { HelpItems } from './HelpItems.tsx';
import { helpCenterQuery } from './queries.ts';

/**
 * /helpmc (spec §2): every help item, 8 per page (§9), each expandable, and the feedback form. A fragment naming an
 * item (`#term`) starts on that item's page with it open; `#feedback` moves to the form.
 */
export function HelpPage({ hash = '' }: { hash?: string }) {
  const { t, i18n } = useLingui();
  const help = useQuery(helpCenterQuery(i18n.locale));
  const [chosen, setPage] = useState<number | null>(null);
  const list = help.data ?? [];
  const linked = hash ? list.find((i) => i.anchor === hash) : undefined;
  const linkedPage = linked ? Math.floor(list.indexOf(linked) / HELP_PAGE_SIZE) + 1 : 1;
  const totalPages = Math.ceil(list.length / HELP_PAGE_SIZE);
  const page = Math.min(chosen ?? linkedPage, Math.max(totalPages, 1));
  const items = list.slice((page - 1) * HELP_PAGE_SIZE, page * HELP_PAGE_SIZE);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <h1 className="text-2xl font-bold">
        <Trans>Help center</Trans>
      </h1>
      {help.isError ? (
        <LoadError error={help.error} onRetry={() => void help.refetch()} />
      ) : !help.data ? (
        <Skeleton className="h-96 w-full" />
      ) : (
        <>
          <HelpItems
            key={`${page}-${hash}`}
            items={items}
            open={page === linkedPage ? linked?.id : undefined}
            focus={Boolean(linked) && chosen === null}
          />
          <Pagination page={page} totalPages={totalPages} onChange={setPage} label={t`Help pages`} />
        </>
      )}
      <div id="feedback">
        <Section title={<Trans>Feedback</Trans>}>
          <FeedbackForm key={hash} focus={hash === 'feedback'} />
        </Section>
      </div>
    </div>
  );
}
