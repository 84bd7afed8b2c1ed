import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import type { PromotionCategory } from '../../../contract/promotions.ts';
import { LoadError } from '../../ui/records/form.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { useAudience } from './audience.ts';
import { CategoryTabs, type Tab } from './CategoryTabs.tsx';
import { PromoCodeBox } from './PromoCodeBox.tsx';
import { PromotionCard } from './PromotionCard.tsx';
import { myPromotionsQuery, promotionsQuery } from './queries.ts';

/**
 * `/promotions` (spec §2 promotions by type): the running promotions under All and a tab per category, each card with
 * the member's status (spec §4 activity status) leading to its page, and the promo code box. Visitors read the list
 * and are asked to log in when they act; the chosen tab is the route's `category`.
 */
export function Promotions({
  category,
  onCategoryChange,
}: {
  category: PromotionCategory | undefined;
  onCategoryChange: (category: PromotionCategory | undefined) => void;
}) {
  const { t, i18n } = useLingui();
  const idBase = useId();
  const audience = useAudience();
  const list = useQuery(promotionsQuery(i18n.locale));
  const mine = useQuery({ ...myPromotionsQuery(), enabled: audience === 'member' });

  let body: ReactNode;
  if (list.isError) body = <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  else if (!list.data)
    body = (
      <ul aria-hidden="true" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <li key={i}>
            <Skeleton className="h-56 w-full" />
          </li>
        ))}
      </ul>
    );
  else {
    const { categories } = list.data;
    const active: Tab = category && categories.includes(category) ? category : 'ALL';
    const shown = list.data.list.filter((p) => active === 'ALL' || p.category === active);
    // undefined while the member's states load, null when they could not (the cards then just lead to the page).
    const stateOf = (id: number) =>
      mine.isError ? null : mine.data && (mine.data.find((s) => s.promotionId === id) ?? null);
    body = (
      <>
        <CategoryTabs
          categories={categories}
          active={active}
          idBase={idBase}
          onSelect={(tab) => onCategoryChange(tab === 'ALL' ? undefined : tab)}
        />
        {mine.isError && <LoadError error={mine.error} onRetry={() => void mine.refetch()} />}
        <div role="tabpanel" id={`${idBase}-panel`} aria-labelledby={`${idBase}-${active}`}>
          {shown.length === 0 ? (
            <p className="rounded-xl border border-dashed border-line p-6 text-center text-sm text-muted">
              <Trans>No promotions here right now.</Trans>
            </p>
          ) : (
            <ul aria-label={t`Promotions`} className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {shown.map((p) => (
                <PromotionCard key={p.id} promotion={p} audience={audience} state={stateOf(p.id)} />
              ))}
            </ul>
          )}
        </div>
      </>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">
        <Trans>Promotions</Trans>
      </h1>
      <PromoCodeBox />
      {body}
    </div>
  );
}
