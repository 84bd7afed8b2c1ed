// Fails when a shipped catalogue (lingui.config.ts's locales but the pseudo-locale, which is generated from English
// when compiled) lacks a message, leaves one empty, or shapes one differently from English (scripts/i18nCheck.ts).
import { readFileSync } from 'node:fs';
import config from '../lingui.config.ts';
import { checkCatalogue, parsePo } from './i18nCheck.ts';

const read = (locale: string) => parsePo(readFileSync(`locales/${locale}/messages.po`, 'utf8'));
const english = read(config.sourceLocale ?? 'en');
let problems = 0;
for (const locale of config.locales.filter((l) => l !== config.pseudoLocale)) {
  const found = checkCatalogue(locale, english, read(locale));
  for (const problem of found) console.error(problem);
  problems += found.length;
  console.log(
    `${locale}: ${english.length - found.length}/${english.length} messages translated and well-formed`,
  );
}
if (problems > 0) {
  console.error(`${problems} problems: fix them in locales/*/messages.po`);
  process.exit(1);
}
