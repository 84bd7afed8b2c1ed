/**
 * The demo's content languages: a demo text missing one of them is a type error, not an English fallback. An
 * operator writes its own content in the languages it offers; readers of the others get the English text
 * (server/modules/content/service.ts localized), while the portal's own words come from its catalogues.
 */
export const SEED_LANGUAGES = ['en', 'vi', 'th', 'zh'] as const;
export type SeedLanguage = (typeof SEED_LANGUAGES)[number];
export type SeedText = Record<SeedLanguage, string>;

/** The same change (the operator's sanitiser, a brand name filled in) applied to each language of a text. */
export const eachLanguage = (text: SeedText, change: (s: string) => string): SeedText =>
  Object.fromEntries(SEED_LANGUAGES.map((l) => [l, change(text[l])])) as SeedText;
