import { z } from 'zod';
import { defineCall, emptyQuery, paging, wpsReply } from './call.ts';
import { minorUnits } from './wallet.ts';

/** The referral programme's terms: a share of a friend's first deposit, once per friend. */
export const referralTerms = z.object({
  /** Basis points of the friend's first deposit (500 = 5 %). */
  rateBp: z.number().int(),
  maxBonus: minorUnits,
  /** A first deposit below this earns nothing. */
  minDeposit: minorUnits,
});
export type ReferralTerms = z.infer<typeof referralTerms>;

/** Spec §2 referral (Referral code): the member's code, and what it has brought. */
export const referralInfo = defineCall({
  method: 'GET',
  path: '/wps/referral/info',
  class: 'read',
  summary: 'The member’s referral code (made on first use), friends invited and bonus earned',
  auth: 'token',
  registeredOnly: true,
  query: emptyQuery,
  response: wpsReply(
    z.object({
      referralCode: z.string(),
      invited: z.number().int(),
      deposited: z.number().int(),
      bonusTotal: minorUnits,
      terms: referralTerms,
    }),
  ),
});

export const referralFriend = z.object({
  /** Masked ("pl***01"): a referrer does not learn friends' full account names. */
  account: z.string(),
  registeredAt: z.string(),
  firstDepositAt: z.string().nullable(),
  bonus: minorUnits.nullable(),
});
export type ReferralFriend = z.infer<typeof referralFriend>;

export const referralFriends = defineCall({
  method: 'GET',
  path: '/wps/referral/friends',
  class: 'read',
  summary: 'Friends who registered with the member’s referral code, newest first',
  auth: 'token',
  registeredOnly: true,
  query: z.object({
    ...paging(),
  }),
  response: wpsReply(z.object({ list: z.array(referralFriend), totalPages: z.number().int() })),
});
