import type * as promotions from './promotions.ts';
import type { Route } from './routes.ts';

// The promotions pages' calls, zod-free as routes.ts's (a promotion's link opens /promotions as a first page). A
// module of their own: in routes.ts they would be in the first page's chunk, which every page loads.
export const promotionList: Route<typeof promotions.promotionList> = {
  method: 'GET',
  path: '/wps/promotions',
};
export const promotionDetail: Route<typeof promotions.promotionDetail> = {
  method: 'GET',
  path: '/wps/promotion/:id',
};
export const myPromotions: Route<typeof promotions.myPromotions> = {
  method: 'GET',
  path: '/wps/promotion/mine',
};
export const applyPromotion: Route<typeof promotions.applyPromotion> = {
  method: 'POST',
  path: '/wps/promotion/:id/apply',
};
export const claimPromotion: Route<typeof promotions.claimPromotion> = {
  method: 'POST',
  path: '/wps/promotion/:id/claim',
};
export const joinPromotion: Route<typeof promotions.joinPromotion> = {
  method: 'POST',
  path: '/wps/promotion/:id/join',
};
export const redeemPromoCode: Route<typeof promotions.redeemPromoCode> = {
  method: 'POST',
  path: '/wps/promotion/code',
};
