import { z } from 'zod';
import { locale } from './merchant.ts';

/** Text per language; English is required because every reader falls back to it. */
export const perLanguage = (max: number, what: string) =>
  z
    .partialRecord(locale, z.string().trim().min(1, `${what} must not be empty`).max(max))
    .refine((texts) => texts.en !== undefined, { message: `${what} in English is required`, path: ['en'] });
