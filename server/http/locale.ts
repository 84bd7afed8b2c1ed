import type { FastifyRequest } from 'fastify';
import { matchLocale } from '../../contract/constants.ts';
import { LANGUAGE_HEADER, type Locale } from '../../contract/merchant.ts';

/** The reply language: the query's `language`, else the Language header, else English (contract matchLocale). */
export function requestLocale(req: FastifyRequest, fromQuery?: string): Locale {
  return matchLocale((fromQuery ?? req.headers[LANGUAGE_HEADER] ?? 'en').toString()) ?? 'en';
}
