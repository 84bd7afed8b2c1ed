// Fails when a catalogue lacks a translation: every message shown in English must exist in every locale.
import { readdirSync, readFileSync } from 'node:fs';

const entries = (po) =>
  po
    .split(/\n\n+/)
    .map((block) => {
      const grab = (key) => {
        const m = block.match(new RegExp(`^${key} ((?:".*"\\n?)+)`, 'm'));
        return m
          ? m[1]
              .split('\n')
              .map((l) => l.trim().slice(1, -1))
              .join('')
          : null;
      };
      return { id: grab('msgid'), str: grab('msgstr') };
    })
    .filter((e) => e.id);

let missing = 0;
// The pseudo-locale is generated from English when compiled: its catalogue is empty by design.
for (const locale of readdirSync('locales').filter((l) => l !== 'pseudo')) {
  const list = entries(readFileSync(`locales/${locale}/messages.po`, 'utf8'));
  const empty = list.filter((e) => !e.str);
  for (const e of empty) console.error(`${locale}: missing translation for "${e.id}"`);
  missing += empty.length;
  console.log(`${locale}: ${list.length - empty.length}/${list.length} messages translated`);
}
if (missing > 0) {
  console.error(`${missing} missing translations: fill them in locales/*/messages.po`);
  process.exit(1);
}
