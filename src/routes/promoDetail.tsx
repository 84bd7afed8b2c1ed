import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { PromotionDetail } from '../features/promotions/PromotionDetail.tsx';

/** Spec §2 /promoDetail?id=N: one promotion; a missing or bad id shows the page of an ended promotion. */
const promoDetailSearch = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined),
});

export const Route = createFileRoute('/promoDetail')({
  validateSearch: promoDetailSearch,
  component: PromoDetailRoute,
});

function PromoDetailRoute() {
  const { id } = Route.useSearch();
  // Another promotion is another page: its forms start empty.
  return <PromotionDetail key={id ?? 0} id={id} />;
}
