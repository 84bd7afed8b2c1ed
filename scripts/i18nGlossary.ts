// The glossary half of `npm run i18n:check`: locales/GLOSSARY.md fixes each gaming and money term per language, and
// a message whose English uses a checked term must use that language's term. The file is the single source: its
// tables are parsed here, so translators edit one document and the check follows.
//
// Format (GitHub tables; a cell's alternates are separated by an escaped pipe, `Rút tiền \| rút`):
// - every table whose first header cell is `Term` contributes rows keyed by that cell (rows of the same term in
//   several tables merge, so 19 languages can be split into readable tables);
// - a `Check` column marks with ✓ the terms the check enforces; a `Note` column is for people only;
// - any other column is a locale (as in lingui.config.ts). In a language cell the first alternate is the term to
//   use; later ones are accepted forms (inflections, stems, the spelling a sentence needs). Empty or `—`: not checked.
// English alternates are matched as whole words, case-insensitive, with regular inflections (deposit → deposits,
// deposited, depositing); an English alternate starting with `!` is a phrase that does not count (`!basis points`:
// rates, not loyalty points), because English is ambiguous where the glossary's languages are not; a language's alternates are matched as case-insensitive substrings, so a stem covers its
// inflections.
import type { Entry } from './i18nCheck.ts';

export interface GlossaryTerm {
  /** The English term as the glossary shows it (first alternate of the Term cell). */
  term: string;
  /** English forms; those starting with `!` are phrases where the term means something else. */
  english: string[];
  checked: boolean;
  /** Locale → accepted forms, the first being the term to use. */
  forms: Map<string, string[]>;
}

const META = new Set(['term', 'check', 'note']);

/** A table row's cells, split on unescaped pipes, each cell's alternates split on escaped ones. */
function cells(line: string): string[][] {
  const inner = line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  return inner.split(/(?<!\\)\|/).map((cell) =>
    cell
      .split('\\|')
      .map((alt) => alt.replace(/`/g, '').trim().normalize('NFC'))
      .filter((alt) => alt && alt !== '—' && alt !== '-'),
  );
}

export function parseGlossary(markdown: string): GlossaryTerm[] {
  const terms = new Map<string, GlossaryTerm>();
  let header: string[] | null = null;
  for (const line of markdown.split('\n')) {
    if (!line.trim().startsWith('|')) {
      header = null;
      continue;
    }
    const row = cells(line);
    if (row.every((c) => c.every((alt) => /^:?-+:?$/.test(alt)))) continue; // the |---| rule
    if (!header) {
      const names = row.map((c) => c.join('').toLowerCase());
      header = names[0] === 'term' ? row.map((c) => c.join('')) : [];
      continue;
    }
    // A bold first cell with nothing else is a section heading (**Money**), not a term.
    if (!header.length || !row[0]?.length || row[0][0]?.startsWith('**')) continue;
    const english = row[0];
    const key = english[0]?.toLowerCase() ?? '';
    const entry = terms.get(key) ?? {
      term: english[0] ?? '',
      english,
      checked: false,
      forms: new Map<string, string[]>(),
    };
    if (english.length > entry.english.length) entry.english = english; // the Terms table lists every form
    header.forEach((name, i) => {
      const value = row[i] ?? [];
      if (name.toLowerCase() === 'check') entry.checked ||= value.some((v) => v.includes('✓'));
      else if (!META.has(name.toLowerCase()) && value.length) entry.forms.set(name, value);
    });
    terms.set(key, entry);
  }
  return [...terms.values()];
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()[\]\\]/g, '\\$&');

/** A whole-word, case-insensitive matcher of an English term and its regular inflections. */
export function englishMatcher(alternates: string[]): RegExp {
  const words = alternates
    .filter((alt) => !alt.startsWith('!'))
    .map((alt) =>
      alt
        .split(/[\s-]+/)
        .map(escapeRegExp)
        .join('[\\s-]+'),
    );
  return new RegExp(`(?<![\\p{L}\\p{N}-])(?:${words.join('|')})(?:s|es|ed|d|ing)?(?![\\p{L}\\p{N}])`, 'iu');
}

/** Whether an English message uses the term, once its excluded phrases are taken out. */
export function usesTerm(term: GlossaryTerm, english: string): boolean {
  const excluded = term.english.filter((alt) => alt.startsWith('!')).map((alt) => alt.slice(1));
  const text = excluded.reduce(
    (t, phrase) => t.replace(new RegExp(escapeRegExp(phrase), 'giu'), ' '),
    english,
  );
  return englishMatcher(term.english).test(text);
}

/** The words a reader sees: placeholders' names, ICU keywords and tags are not text. */
const visibleText = (message: string) =>
  message
    .replace(/\{\s*\w+\s*,\s*(?:plural|selectordinal|select|number|date|time)\s*,?/g, ' ')
    .replace(/\{\s*\w+\s*\}/g, ' ')
    .replace(/(?:=\d+|\b(?:zero|one|two|few|many|other))\s*\{/g, ' ')
    .replace(/<\/?\d+\/?>/g, ' ')
    .normalize('NFC');

/** Each checked term the English uses whose glossary form is missing from the translation. */
export function checkTerms(
  locale: string,
  english: string,
  translated: string,
  glossary: GlossaryTerm[],
): string[] {
  const text = visibleText(translated).toLocaleLowerCase(locale);
  const source = visibleText(english);
  return glossary
    .filter((t) => t.checked && t.forms.has(locale) && usesTerm(t, source))
    .filter((t) => !(t.forms.get(locale) ?? []).some((form) => text.includes(form.toLocaleLowerCase(locale))))
    .map((t) => `"${t.term}" should read "${t.forms.get(locale)?.[0]}" (locales/GLOSSARY.md)`);
}

/** Every message of a catalogue that says a checked term differently from the glossary. */
export function checkGlossary(
  locale: string,
  english: Entry[],
  catalogue: Entry[],
  glossary: GlossaryTerm[],
): string[] {
  const byId = new Map(catalogue.map((e) => [e.id, e.str]));
  return english.flatMap((e) => {
    const translated = byId.get(e.id);
    if (!translated?.trim()) return []; // reported as missing by checkCatalogue
    return checkTerms(locale, e.id, translated, glossary).map((p) => `${locale}: "${e.id}": ${p}`);
  });
}
