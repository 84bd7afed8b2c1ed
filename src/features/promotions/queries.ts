import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { myPromotions, promotionDetail, promotionList } from '../../../contract/promotionRoutes.ts';
import type { PromotionState } from '../../../contract/promotions.ts';
import { call } from '../../api/client.ts';

/** Server data of the promotions pages (spec §2 /promotions, /promoDetail); all of it lives under ['promotions']. */

/** Keyed by language: the titles and terms come in the caller's language (the Language header). */
export const promotionsQuery = (locale: string) =>
  queryOptions({
    queryKey: ['promotions', 'list', locale],
    queryFn: async () => (await call(promotionList, { query: {} })).value,
    staleTime: 60_000,
  });

export const promotionQuery = (id: number, locale: string) =>
  queryOptions({
    queryKey: ['promotions', 'detail', id, locale],
    queryFn: async () => (await call(promotionDetail, { params: { id } })).value.promotion,
    staleTime: 60_000,
  });

/** The member's status in every running promotion (a registered account's only: the call refuses trial accounts). */
export const myPromotionsQuery = () =>
  queryOptions({
    queryKey: ['promotions', 'mine'],
    queryFn: async () => (await call(myPromotions, { query: {} })).value.list,
  });

/**
 * The state a join, claim or application answered with takes the place of the one held, so the page moves on at
 * once; the list is asked again (another promotion's state may hang on it, e.g. a daily period).
 */
export function putState(queryClient: QueryClient, state: PromotionState): void {
  queryClient.setQueryData(myPromotionsQuery().queryKey, (list) =>
    list?.some((s) => s.promotionId === state.promotionId)
      ? list.map((s) => (s.promotionId === state.promotionId ? state : s))
      : [...(list ?? []), state],
  );
  void queryClient.invalidateQueries({ queryKey: myPromotionsQuery().queryKey });
}

/** Money came in (a claim, a promo code): the header's balance and the member centre's lists are stale. */
export function invalidateAfterReward(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: ['balance'] });
  void queryClient.invalidateQueries({ queryKey: ['member'] });
}
