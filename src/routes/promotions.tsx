import { createFileRoute } from '@tanstack/react-router';
import { PROMOTION_CATEGORIES } from '../../contract/constants.ts';
import { oneOf, searchOf } from '../domain/search.ts';
import { Promotions } from '../features/promotions/Promotions.tsx';

/** Spec §2 /promotions: the list by type; `category` is the chosen tab (bad input shows All). */
const promotionsSearch = searchOf({ category: oneOf(PROMOTION_CATEGORIES) });

export const Route = createFileRoute('/promotions')({
  staticData: { firstScreen: true },
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
