import type { Promotion, PromotionState } from '../../contract/promotions.ts';

/**
 * Promotions of every kind, the member's states, and pictures with real PNG / JPEG / GIF bytes for the promotions
 * tests. Must not import src/api/client.ts (the test files mock it with the fake server).
 */

export const LIST = '/wps/promotions';
export const DETAIL = '/wps/promotion/:id';
export const MINE = '/wps/promotion/mine';
export const APPLY = '/wps/promotion/:id/apply';
export const CLAIM = '/wps/promotion/:id/claim';
export const JOIN = '/wps/promotion/:id/join';
export const CODE = '/wps/promotion/code';
export const WALLET = '/wps/v2/wallets/balance';

export const WALLET_VALUE = { sumBalance: 100_000, currency: 'USD', currencySign: '$' };

export const promotion = (p: Partial<Promotion> & Pick<Promotion, 'id' | 'kind' | 'title'>): Promotion => ({
  category: 'OTHER',
  summary: '',
  reward: 1_000,
  startsAt: '2030-03-01T12:00:00.000Z',
  endsAt: '2030-03-31T12:00:00.000Z',
  ...p,
});

export const PROMOTIONS: Promotion[] = [
  promotion({
    id: 1,
    kind: 'APPLY',
    category: 'NEW_MEMBER',
    title: 'Welcome pictures',
    summary: 'Send a picture of your first deposit',
    reward: 5_000,
  }),
  promotion({ id: 7, kind: 'APPLY', category: 'DEPOSIT', title: 'Deposit proof', reward: 2_000 }),
  promotion({ id: 8, kind: 'APPLY', category: 'VIP', title: 'VIP birthday', reward: 10_000 }),
  promotion({ id: 2, kind: 'DAILY_TASK', category: 'DAILY', title: 'Daily bettor', target: 50_000 }),
  promotion({
    id: 3,
    kind: 'RESCUE',
    title: 'Rescue fund',
    reward: 20_000,
    minLoss: 10_000,
    rateBp: 500,
    endsAt: null,
  }),
  promotion({ id: 4, kind: 'SIGN_IN', category: 'DAILY', title: 'Daily sign-in', reward: 100 }),
  promotion({
    id: 5,
    kind: 'RAFFLE',
    category: 'VIP',
    title: 'VIP raffle',
    reward: 100_000,
    drawAt: '2030-03-20T12:00:00.000Z',
    winners: 3,
  }),
  promotion({ id: 6, kind: 'CODE', title: 'Spring code', reward: 888 }),
];

export const LIST_VALUE = {
  categories: ['NEW_MEMBER', 'DEPOSIT', 'DAILY', 'VIP', 'OTHER'],
  list: PROMOTIONS,
};

export const state = (s: Partial<PromotionState> & Pick<PromotionState, 'promotionId' | 'status'>) => ({
  reward: null,
  reviewRemark: null,
  ...s,
});

/** One promotion in each of the spec's eight activity statuses. */
export const STATES: PromotionState[] = [
  state({ promotionId: 1, status: 'REJECTED', reviewRemark: 'The picture cannot be read' }),
  state({ promotionId: 7, status: 'APPLYING' }),
  state({ promotionId: 8, status: 'ISSUED', reward: 10_000 }),
  state({ promotionId: 2, status: 'PROCESS', progress: 20_000 }),
  state({ promotionId: 3, status: 'CLAIM', progress: 30_000, reward: 1_500 }),
  state({ promotionId: 4, status: 'CLAIMED', reward: 100 }),
  state({ promotionId: 5, status: 'JOINED' }),
  state({ promotionId: 6, status: 'JOIN' }),
];

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0];
const GIF_HEAD = [...'GIF89a'].map((c) => c.charCodeAt(0));

/** A picture of `bytes` bytes whose first bytes are those of `format`, whatever its name and type say. */
export function picture(name: string, format: 'png' | 'jpeg' | 'gif', bytes = 1_024, type?: string): File {
  const head = format === 'png' ? PNG_HEAD : format === 'jpeg' ? JPEG_HEAD : GIF_HEAD;
  const body = new Uint8Array(bytes);
  body.set(head);
  return new File([body], name, { type: type ?? `image/${format}` });
}
