import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ApiError } from '../../api/client.ts';
import { LoadError, Section, secondaryButton } from '../../ui/records/form.tsx';
import { SafeHtml } from '../../ui/SafeHtml.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { KindBadge, KindRule, RewardAndDates } from './Facts.tsx';
import { PromotionAction } from './PromotionAction.tsx';
import { promotionQuery } from './queries.ts';

/**
 * `/promoDetail?id=N` (spec §2): a promotion's title, figures and terms (operator HTML through SafeHtml), and how the
 * reader takes part. One that is not running (the server's 404, or no valid id) has ended.
 */
export function PromotionDetail({ id }: { id: number | undefined }) {
  if (id === undefined) return <Ended />;
  return <Detail id={id} />;
}

function Detail({ id }: { id: number }) {
  const { i18n } = useLingui();
  const detail = useQuery(promotionQuery(id, i18n.locale));
  if (detail.isError) {
    if (detail.error instanceof ApiError && detail.error.code === 'NOT_FOUND') return <Ended />;
    return <LoadError error={detail.error} onRetry={() => void detail.refetch()} />;
  }
  const promotion = detail.data;
  if (!promotion)
    return (
      <div className="flex flex-col gap-4">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  return (
    <article className="flex flex-col gap-4">
      <BackLink />
      <header className="flex flex-col gap-2">
        <KindBadge kind={promotion.kind} />
        <h1 className="text-2xl font-bold break-words">{promotion.title}</h1>
        {promotion.summary && <p className="text-muted">{promotion.summary}</p>}
        <RewardAndDates promotion={promotion} />
        <KindRule promotion={promotion} />
      </header>
      <PromotionAction promotion={promotion} />
      {promotion.content && (
        <Section title={<Trans>Terms</Trans>}>
          <SafeHtml html={promotion.content} />
        </Section>
      )}
    </article>
  );
}

function BackLink() {
  return (
    <Link
      to="/promotions"
      className="self-start text-sm font-semibold text-brand-ink hover:underline dark:text-accent-ink"
    >
      <Trans>← All promotions</Trans>
    </Link>
  );
}

function Ended() {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-2xl border border-line bg-raised p-8 text-center">
      <h1 className="text-xl font-bold">
        <Trans>This promotion has ended</Trans>
      </h1>
      <Link to="/promotions" className={`${secondaryButton} inline-flex items-center`}>
        <Trans>Back to promotions</Trans>
      </Link>
    </section>
  );
}
