// Fails when a shipped catalogue (lingui.config.ts's locales but the pseudo-locale, which is generated from English
// when compiled) lacks a message, leaves one empty, or shapes one differently from English (scripts/i18nCheck.ts),
// or says a gaming or money term otherwise than locales/GLOSSARY.md (scripts/i18nGlossary.ts).
import { readFileSync } from 'node:fs';
import config from '../lingui.config.ts';
import { checkCatalogue, parsePo } from './i18nCheck.ts';
import { checkGlossary, parseGlossary } from './i18nGlossary.ts';

const read = (locale: string) => parsePo(readFileSync(`locales/${locale}/messages.po`, 'utf8'));
const source = config.sourceLocale ?? 'en';
const english = read(source);
const glossary = parseGlossary(readFileSync('locales/GLOSSARY.md', 'utf8'));
let problems = 0;
for (const locale of config.locales.filter((l) => l !== config.pseudoLocale)) {
  const catalogue = read(locale);
  const found = checkCatalogue(locale, english, catalogue);
  const terms = locale === source ? [] : checkGlossary(locale, english, catalogue, glossary);
  for (const problem of [...found, ...terms]) console.error(problem);
  problems += found.length + terms.length;
  console.log(
    `${locale}: ${english.length - found.length}/${english.length} messages translated and well-formed` +
      (terms.length ? `, ${terms.length} off the glossary` : ''),
  );
}
if (problems > 0) {
  console.error(`${problems} problems: fix them in locales/*/messages.po (terms: locales/GLOSSARY.md)`);
  process.exit(1);
}
