import { LOCALES } from '../../../contract/constants.ts';
import type { Locale } from '../../../contract/merchant.ts';

/** Every catalogue the portal speaks: a demo text missing one of them is a type error, not an English fallback. */
export type SeedLanguage = Locale;
export type SeedText = Record<SeedLanguage, string>;

/** The same change (the operator's sanitiser, a brand name filled in) applied to each language of a text. */
export const eachLanguage = (text: SeedText, change: (s: string) => string): SeedText =>
  Object.fromEntries(LOCALES.map((l) => [l, change(text[l])])) as SeedText;
