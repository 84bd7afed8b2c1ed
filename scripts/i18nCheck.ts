// What `npm run i18n:check` holds every shipped catalogue to: each English message present and non-empty, and the
// same ICU placeholders (name and kind), rich-text tags and valid plural branches for the catalogue's language.
// A translation that drops `{amount}` or renames `<0>` still compiles, and shows players a broken sentence.
import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

export interface Entry {
  id: string;
  str: string;
}

const unquote = (lines: string) =>
  lines
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => JSON.parse(l) as string)
    .join('');

/** A .po file's messages (the header, whose msgid is empty, left out). */
export function parsePo(po: string): Entry[] {
  return po
    .split(/\n\n+/)
    .map((block) => {
      const grab = (key: string) => {
        const m = block.match(new RegExp(`^${key} ((?:".*"\\n?)+)`, 'm'));
        return m?.[1] ? unquote(m[1]) : '';
      };
      return { id: grab('msgid'), str: grab('msgstr') };
    })
    .filter((e) => e.id);
}

interface Shape {
  /** `name:kind` of every argument, e.g. `amount:` or `0:plural`, sorted, repeats kept once. */
  args: string[];
  /** Rich-text tags (`<0>`, `</0>`, `<1/>`), sorted with repeats: each must appear as often as in English. */
  tags: string[];
  /** Branch keys of every plural/selectordinal, by argument. */
  plurals: { arg: string; kind: string; keys: string[] }[];
}

function shape(message: string): Shape {
  const args = new Set<string>();
  const plurals: Shape['plurals'] = [];
  const walk = (tokens: CompiledMessage) => {
    for (const t of tokens) {
      if (typeof t === 'string') continue;
      const [name, kind, format] = t;
      args.add(`${name}:${kind ?? ''}`);
      // plural, selectordinal and select carry their branches; number/date carry a style string.
      if (kind !== 'plural' && kind !== 'selectordinal' && kind !== 'select') continue;
      const branches = format as Record<string, CompiledMessage>;
      const keys = Object.keys(branches).filter((k) => k !== 'offset');
      if (kind !== 'select') plurals.push({ arg: name, kind, keys });
      for (const k of keys) walk(branches[k] ?? []);
    }
  };
  walk(compileMessageOrThrow(message));
  return { args: [...args].sort(), tags: (message.match(/<\/?\d+\/?>/g) ?? []).sort(), plurals };
}

const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The problems of one translation against its English message, in words a translator can act on. */
export function checkMessage(locale: string, english: string, translated: string): string[] {
  if (!translated.trim()) return ['missing translation'];
  let en: Shape;
  let tr: Shape;
  try {
    en = shape(english);
  } catch {
    return []; // English that is not ICU (none today) is shown as written: nothing to compare.
  }
  try {
    tr = shape(translated);
  } catch (e) {
    return [`does not parse as ICU: ${(e as Error).message}`];
  }
  const problems: string[] = [];
  if (!same(en.args, tr.args))
    problems.push(`placeholders {${tr.args.join(', ')}} differ from English {${en.args.join(', ')}}`);
  if (!same(en.tags, tr.tags))
    problems.push(`tags ${tr.tags.join('') || 'none'} differ from English ${en.tags.join('')}`);
  const cardinal = new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[];
  const ordinal = new Intl.PluralRules(locale, { type: 'ordinal' }).resolvedOptions()
    .pluralCategories as string[];
  for (const p of tr.plurals) {
    const allowed = p.kind === 'plural' ? cardinal : ordinal;
    const wrong = p.keys.filter((k) => !/^=?\d+$/.test(k) && !allowed.includes(k));
    if (wrong.length)
      problems.push(`${p.arg}: ${wrong.join(', ')} not a ${locale} plural category (${allowed.join(', ')})`);
    if (!p.keys.includes('other')) problems.push(`${p.arg}: no "other" branch`);
  }
  return problems;
}

/** Every problem of a catalogue against the English one: a message missing, empty or shaped differently. */
export function checkCatalogue(locale: string, english: Entry[], catalogue: Entry[]): string[] {
  const byId = new Map(catalogue.map((e) => [e.id, e.str]));
  return english.flatMap((e) =>
    checkMessage(locale, e.id, byId.get(e.id) ?? '').map((problem) => `${locale}: "${e.id}": ${problem}`),
  );
}
