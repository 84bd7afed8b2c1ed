import { z } from 'zod';
import type { Locale } from '../../contract/constants.ts';
import { SERVER_TEXTS, type ServerText } from './keys.ts';
import { bn } from './texts/bn.ts';
import { es } from './texts/es.ts';
import { fil } from './texts/fil.ts';
import { hi } from './texts/hi.ts';
import { id } from './texts/id.ts';
import { ja } from './texts/ja.ts';
import { km } from './texts/km.ts';
import { ko } from './texts/ko.ts';
import { lo } from './texts/lo.ts';
import { ms } from './texts/ms.ts';
import { my } from './texts/my.ts';
import { ptBR } from './texts/pt-BR.ts';
import { ta } from './texts/ta.ts';
import { te } from './texts/te.ts';
import { th } from './texts/th.ts';
import { vi } from './texts/vi.ts';
import { zh } from './texts/zh.ts';
import { zhHant } from './texts/zh-Hant.ts';

/**
 * The server says what it says to players in the request's language (server/http/locale.ts requestLocale): the SPA
 * shows a refusal's message as it comes, so the server is the one place each of these texts is worded. Tables are
 * keyed by the English text the modules throw; where the SPA's catalogue has the same English message the words are
 * the catalogue's (serverTexts.test.ts keeps them equal).
 */
export const TABLES: Record<Exclude<Locale, 'en'>, Record<ServerText, string>> = {
  vi,
  th,
  zh,
  'zh-Hant': zhHant,
  ja,
  ko,
  id,
  ms,
  fil,
  km,
  my,
  lo,
  hi,
  bn,
  ta,
  te,
  'pt-BR': ptBR,
  es,
};

const EXACT = new Set<string>(SERVER_TEXTS.filter((t) => !t.includes('{')));
/** Texts with a varying part: `{seconds}` and the like match any run of characters and are carried over as they are. */
const PATTERNS = SERVER_TEXTS.filter((t) => t.includes('{'))
  .map((key) => {
    const names = [...key.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    const source = key
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
      .join('(.+?)');
    return { key, names, re: new RegExp(`^${source}$`), fixed: key.replace(/\{\w+\}/g, '').length };
  })
  // The most specific first: "Enter {len} letters and spaces" must not take "Enter 6-12 English letters and spaces".
  .sort((a, b) => b.fixed - a.fixed);

/** Schema problems the request's body or query has, worded by the form failure a request envelope names. */
const ENVELOPE_ALIASES: Record<string, ServerText> = {
  'Invalid body': 'Please correct the marked fields',
  'Invalid querystring': 'Please correct the marked fields',
  'Invalid params': 'Please correct the marked fields',
  'Invalid headers': 'Please correct the marked fields',
};

/** `message` in `locale`; a text the tables do not hold (an operator's, a vendor's) stays as it is. */
export function serverText(message: string, locale: Locale): string {
  if (locale === 'en') return message;
  const table = TABLES[locale];
  if (EXACT.has(message)) return table[message as ServerText];
  const alias = ENVELOPE_ALIASES[message];
  if (alias) return table[alias];
  for (const p of PATTERNS) {
    const m = p.re.exec(message);
    if (m)
      return p.names.reduce(
        (text, name, i) => text.replace(`{${name}}`, m[i + 1]!),
        table[p.key as ServerText],
      );
  }
  return message;
}

/** zod's own words per portal language; the four it lacks fall back to the tables' "Invalid value". */
const ZOD_LOCALES: Partial<Record<Locale, () => { localeError: z.core.$ZodErrorMap }>> = {
  en: z.locales.en,
  vi: z.locales.vi,
  th: z.locales.th,
  zh: z.locales.zhCN,
  'zh-Hant': z.locales.zhTW,
  ja: z.locales.ja,
  ko: z.locales.ko,
  id: z.locales.id,
  ms: z.locales.ms,
  km: z.locales.km,
  hi: z.locales.hi,
  bn: z.locales.bn,
  ta: z.locales.ta,
  'pt-BR': z.locales.ptBR,
  es: z.locales.es,
};
const zodMaps = new Map<Locale, z.core.$ZodErrorMap>();
const zodMap = (locale: Locale) => {
  let map = zodMaps.get(locale);
  if (!map) {
    const make = ZOD_LOCALES[locale];
    if (!make) return undefined;
    map = make().localeError;
    zodMaps.set(locale, map);
  }
  return map;
};
const asText = (r: ReturnType<z.core.$ZodErrorMap>) => (typeof r === 'string' ? r : r?.message);

/** A value of each type zod names in "received …": a reported issue no longer carries its input, its message does. */
const SAMPLE: Record<string, unknown> = {
  number: 0,
  string: '',
  boolean: false,
  null: null,
  array: [],
  object: {},
};
const withInput = (issue: z.core.$ZodIssue, message: string): z.core.$ZodRawIssue => {
  const received = issue.code === 'invalid_type' ? /received (\w+)$/.exec(message)?.[1] : undefined;
  return (
    received && received in SAMPLE ? { ...issue, input: SAMPLE[received] } : issue
  ) as z.core.$ZodRawIssue;
};

/**
 * A schema issue's message in `locale`: a message the schema wrote itself goes through the tables; zod's default one
 * (it equals zod's English wording of the issue) is worded again by zod's locale, or "Invalid value" where zod has none.
 */
export function issueText(issue: z.core.$ZodIssue | undefined, message: string, locale: Locale): string {
  if (locale === 'en' || !issue) return serverText(message, locale);
  const raw = withInput(issue, message);
  if (asText(zodMap('en')!(raw)) !== message) return serverText(message, locale);
  const map = zodMap(locale);
  return (map && asText(map(raw))) || TABLES[locale as Exclude<Locale, 'en'>]['Invalid value'];
}
