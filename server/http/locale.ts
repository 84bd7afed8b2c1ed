import type { FastifyRequest } from 'fastify';
import { LANGUAGE_HEADER, type Locale, locale } from '../../contract/merchant.ts';

/** The reply language: the query's `language`, else the Language header, else English. */
export function requestLocale(req: FastifyRequest, fromQuery?: string): Locale {
  const wanted = (fromQuery ?? req.headers[LANGUAGE_HEADER] ?? 'en').toString().toLowerCase().slice(0, 2);
  const parsed = locale.safeParse(wanted);
  return parsed.success ? parsed.data : 'en';
}
