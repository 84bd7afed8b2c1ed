import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { promotionCategory } from '../../contract/promotions.ts';
import { Promotions } from '../features/promotions/Promotions.tsx';

/** Spec §2 /promotions: the list by type; `category` is the chosen tab (bad input shows All). */
const promotionsSearch = z.object({ category: promotionCategory.optional().catch(undefined) });

export const Route = createFileRoute('/promotions')({
  validateSearch: promotionsSearch,
  component: PromotionsRoute,
});

function PromotionsRoute() {
  const { category } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Promotions
      category={category}
      onCategoryChange={(c) => void navigate({ search: c ? { category: c } : {}, replace: true })}
    />
  );
}
