import { DEFAULT_MINIMUM_AGE } from '../../../contract/registerRules.ts';
import type { MerchantSettings } from '../../db/schema/merchants.ts';

/** The age a member must have reached to register (spec §9: 21 unless the merchant says 18). */
export const minimumAgeOf = (settings: Pick<MerchantSettings, 'ageLimit'>): 18 | 21 =>
  settings.ageLimit ?? DEFAULT_MINIMUM_AGE;

/** The calendar date (yyyy-MM-dd) at `at` in the merchant's time zone: a birthday counts on the merchant's day. */
export const merchantToday = (settings: Pick<MerchantSettings, 'timeZone'>, at: Date): string =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: settings.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
