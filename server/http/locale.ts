import type { FastifyRequest } from 'fastify';
import { matchLocale } from '../../contract/constants.ts';
import { offeredLanguage, offeredLanguages } from '../../contract/firstReplies.ts';
import { LANGUAGE_HEADER, type Locale, type TyLanguage } from '../../contract/merchant.ts';
import type { MerchantSettings } from '../db/schema/merchants.ts';

/** The catalogue of a merchant's TY entry (absent: Vietnamese, as before it was configurable). */
export const tyLanguageOf = (s: MerchantSettings): TyLanguage => s.tyLanguage ?? 'vi';

/** The catalogues a merchant lists besides English; absent: its TY language alone (what it offered before lists). */
export const languagesOf = (s: MerchantSettings): TyLanguage[] => s.languages ?? [tyLanguageOf(s)];

/**
 * The reply language: the query's `language`, else the Language header, else English (contract matchLocale); within
 * the languages the request's merchant offers, else English. The server decides, not the client: a merchant offers a
 * language once its operator has its content (notices, promotions, help) reviewed for that market, and may have to
 * (a licence names the languages players are addressed in). A client asking for another one — a stale saved
 * language, a crafted header — gets English, as the SPA and the server-drawn first page show it (contract
 * offeredLanguage), never a page whose menus and content disagree. Calls outside a merchant (the back office) are
 * not narrowed.
 */
export function requestLocale(req: FastifyRequest, fromQuery?: string): Locale {
  const asked = matchLocale((fromQuery ?? req.headers[LANGUAGE_HEADER] ?? 'en').toString()) ?? 'en';
  const settings = (req.merchant as { settings?: MerchantSettings } | null | undefined)?.settings;
  if (!settings) return asked;
  return offeredLanguage(
    asked,
    offeredLanguages({
      tyLanguage: tyLanguageOf(settings),
      languages: languagesOf(settings),
      features: settings.features,
    }),
  );
}
