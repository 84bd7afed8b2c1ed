import { z } from 'zod';
import { LOCALES, MERCHANT_CODE, THEMES } from './constants.ts';

export { LANGUAGE_HEADER, MERCHANT_HEADER } from './constants.ts';

/** Merchant codes: upper-case letters, digits and underscores (white-label operator id). */
export const merchantCode = z
  .string()
  .trim()
  .regex(MERCHANT_CODE, 'Merchant code is 2–20 upper-case letters, digits or _');

/** The catalogues the portal speaks (English is the default and every reader's fallback). */
export const locale = z.enum(LOCALES);
export type { Locale } from './constants.ts';

/** Spec §1: the language switch offers EN and "TY", which each merchant maps to one of its other catalogues. */
export const tyLanguage = locale.exclude(['en']);
export type TyLanguage = z.infer<typeof tyLanguage>;

/**
 * The catalogues a merchant offers besides English (its TY language among them): with LANGUAGE_LIST on, the switch
 * lists them all; a saved language outside them gives way to English (contract/firstReplies.ts offeredLanguages).
 */
export const languages = z
  .array(tyLanguage)
  .min(1, 'Offer at least one language besides English')
  .refine((l) => new Set(l).size === l.length, 'Each language once');

export const theme = z.enum(THEMES);
export type Theme = z.infer<typeof theme>;

/** Feature flags of spec §6 (module ids of the whitelabel module tree) and the server switches. */
export const featureFlag = z.enum([
  'MOBILEVERCODELOGIN3',
  'MOBILENUMREG3',
  'USERNAMEREG3',
  'CHNGPASSMAIL3',
  'CHNGPASSVERIF3',
  'PTSYS3',
  'SMS_VERIFICATION',
  'MOBILE_REG_WITH_PASSWORD',
  'FREE_PLAY',
  'PASSWORD_EXPIRY',
  'SINGLE_WALLET',
  'LOGGED_IN_TO_HOME',
  'MEMBER_CENTRE',
  'AGENT_CENTRE',
  /** Agent-centre contract pages (spec §2: bonus, daily wages, hourly salary, real-time salary). */
  'AGENT_DIVIDEND',
  'DAILY_SALARY',
  'HOURLY_SALARY',
  'REALTIME_SALARY',
  /** The language switch lists every language the merchant offers (`languages`) instead of EN and TY. */
  'LANGUAGE_LIST',
]);
export type FeatureFlag = z.infer<typeof featureFlag>;

export const brand = z.object({
  name: z.string(),
  primary: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  accent: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  defaultTheme: theme,
  logoUrl: z.string(),
  iconUrl: z.string(),
  currency: z.string(),
  currencySign: z.string(),
});
export type Brand = z.infer<typeof brand>;

/** The merchants' time zone: days of records, limits and draws are its calendar days (UTC+7, no daylight saving). */
export const MERCHANT_TIME_ZONE = 'Asia/Ho_Chi_Minh';
