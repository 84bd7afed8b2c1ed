/**
 * The contract's plain values: headers, codes and the members of its enums, without zod. The zod modules build their
 * schemas from these; the portal's first page reads them here, so that its code neither downloads nor evaluates zod
 * and the contract's schemas (npm run bench: initial JS and main-thread time of `/`).
 */

/** Whether `value` is one of `values` (an enum's members above), as a type guard. */
export const isOneOf = <T extends string | number>(values: readonly T[], value: unknown): value is T =>
  values.includes(value as T);

export const MERCHANT_HEADER = 'merchant';
export const LANGUAGE_HEADER = 'language';

/** Merchant codes: upper-case letters, digits and underscores (white-label operator id). */
export const MERCHANT_CODE = /^[A-Z0-9_]{2,20}$/;

/**
 * The catalogues the portal speaks, as BCP 47 tags (English is the default and every reader's fallback): the four of
 * the first markets, then East, South-East and South Asia, then the Latin American and Iberian brands.
 */
export const LOCALES = [
  'en',
  'vi',
  'th',
  'zh',
  'zh-Hant',
  'ja',
  'ko',
  'id',
  'ms',
  'fil',
  'km',
  'my',
  'lo',
  'hi',
  'bn',
  'ta',
  'te',
  'pt-BR',
  'es',
] as const;
/**
 * The catalogue for a language tag as clients send it (`zh-TW`, `pt`, `EN-us`): the same tag, else the catalogue of
 * its script or region's variety (Traditional Chinese for Taiwan, Hong Kong and Macau), else of its base language;
 * undefined when none is shipped.
 */
export function matchLocale(tag: string): Locale | undefined {
  const wanted = tag.trim().toLowerCase();
  const exact = LOCALES.find((l) => l.toLowerCase() === wanted);
  if (exact) return exact;
  const [base, ...rest] = wanted.split(/[-_]/);
  if (base === 'zh') return rest.some((part) => ['hant', 'tw', 'hk', 'mo'].includes(part)) ? 'zh-Hant' : 'zh';
  if (base === 'tl') return 'fil';
  return LOCALES.find((l) => l.split('-')[0] === base);
}
export type Locale = (typeof LOCALES)[number];

export const THEMES = ['dark', 'light'] as const;

export const GAME_TYPES = [
  'RNG',
  'LIVE',
  'LOTT',
  'ELOTT',
  'INHOUSE',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
  'PVP',
  'FISH',
] as const;

export const GAME_CATEGORIES = [
  'LIVE',
  'SPORTS',
  'FISH',
  'RNG',
  'PVP',
  'ESPORTS',
  'COCKFIGHT',
  'LOTTERY',
  'INHOUSE',
] as const;

/** Game types of the nav bar, in the spec's order (spec §9). */
export const NAV_GAME_TYPES = [
  'ELOTT',
  'LOTT',
  'LIVE',
  'SPORTS',
  'FISH',
  'RNG',
  'PVP',
  'ESPORTS',
  'COCKFIGHT',
] as const satisfies readonly (typeof GAME_TYPES)[number][];

/** Vendors shown in a nav dropdown before the More entry (spec §9). */
export const NAV_DROPDOWN_VENDORS = 15;

/** Spec §9 page sizes: 42 by default, 28 on a name search, at most the popup list's 1000. */
export const PAGE_SIZE = {
  default: 42,
  search: 28,
  lobby: 20,
  popup: 1000,
  favourites: 999,
  hot: 8,
  popular: 20,
};

/** Agent types (spec §2): the ones that may use the agent centre, and the trial account's. */
export const AGENT_TYPES = [1, 2, 41, 42] as const;
export const TRIAL_AGENT_TYPE = 4;

/** How long a forgot-password code (and the link carrying it) can be used. */
export const PASSWORD_RESET_MINUTES = 15;
/** Wrong tries that end a forgot-password code. */
export const PASSWORD_RESET_TRIES = 5;
/** The e-mailed link's search parameters that open the reset step with the code filled in. */
export const RESET_LINK_PARAMS = { code: 'resetCode', username: 'username' } as const;

export const PLAY_TYPES = ['LO2', 'DE', 'BA_CANG', 'XIEN2', 'XIEN3', 'XIEN4'] as const;
export const PROMOTION_CATEGORIES = ['NEW_MEMBER', 'DEPOSIT', 'DAILY', 'VIP', 'OTHER'] as const;

/**
 * Remember-me (spec §9: 1 day): the session outlives the idle limit until a day after its login, and the browser
 * keeps its token for as long (past the tab).
 */
export const REMEMBER_ME_MS = 86_400_000;

/** Where the browser keeps a remember-me login's token and when it ends (src/api/session.ts; the boot script reads it). */
export const REMEMBERED_KEY = 'rememberedSession';

/** A Google Analytics 4 measurement id: what the portal loads gtag.js for; anything else loads nothing. */
export const GTAG_ID_PATTERN = 'G-[A-Z0-9]{4,16}';
export const GTAG_ID = new RegExp(`^${GTAG_ID_PATTERN}$`);

/** Spec §5: an application's remark and pictures. */
export const APPLY_RULES = { maxRemark: 140, maxFiles: 3, maxBytes: 5 * 1024 * 1024 } as const;
