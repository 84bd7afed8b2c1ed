import { createFileRoute } from '@tanstack/react-router';
import { positiveInt, searchOf } from '../domain/search.ts';
import { PromotionDetail } from '../features/promotions/PromotionDetail.tsx';

/** Spec §2 /promoDetail?id=N: one promotion; a missing or bad id shows the page of an ended promotion. */
const promoDetailSearch = searchOf({ id: positiveInt });

export const Route = createFileRoute('/promoDetail')({
  staticData: { firstScreen: true },
  validateSearch: promoDetailSearch,
  component: PromoDetailRoute,
});

function PromoDetailRoute() {
  const { id } = Route.useSearch();
  // Another promotion is another page: its forms start empty.
  return <PromotionDetail key={id ?? 0} id={id} />;
}
