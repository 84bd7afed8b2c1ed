import { describe, expect, it } from 'vitest';
import { bannerTitles } from './banners.ts';
import { helpSeeds } from './help.ts';
import { DEMO_MERCHANTS } from './merchants.ts';
import { POINT_REWARDS } from './points.ts';
import { promotionSeeds } from './promotions.ts';
import { SEED_LANGUAGES, type SeedText } from './text.ts';

/** The demo content players read, per merchant (brand names filled in), each text with where it comes from. */
function seededTexts(brand: string, notices: SeedText[]): [string, SeedText][] {
  return [
    ...Object.entries(bannerTitles(brand)).flatMap(([group, titles]) =>
      titles.map((t, i): [string, SeedText] => [`banner ${group} ${i}`, t]),
    ),
    ...promotionSeeds(new Date()).flatMap((p): [string, SeedText][] => [
      [`promotion ${p.settings.kind} title`, p.title],
      [`promotion ${p.settings.kind} summary`, p.summary],
      [`promotion ${p.settings.kind} content`, p.content],
    ]),
    ...helpSeeds(brand).flatMap((h, i): [string, SeedText][] => [
      [`help ${i} title`, h.title],
      [`help ${i} content`, h.content],
    ]),
    ...POINT_REWARDS.map((r, i): [string, SeedText] => [`reward ${i}`, r.names]),
    ...notices.map((n, i): [string, SeedText] => [`notice ${i}`, n]),
  ];
}

/** Thai and Han script: a "translation" left in English or in the wrong script fails. */
const SCRIPT = { th: /[\u0E00-\u0E7F]/, zh: /[\u4E00-\u9FFF]/ };
/** The markup of an HTML text: its tags in order, which every language keeps. */
const tags = (html: string) => html.match(/<\/?[a-z0-9]+/g) ?? [];

describe.each(DEMO_MERCHANTS)('demo content of $code', ({ brand, notices, bank }) => {
  const texts = seededTexts(brand.name, notices);

  it('has every text in en, vi, th and zh, translated, with the same markup', () => {
    expect(texts.length).toBeGreaterThan(50);
    for (const [where, text] of texts) {
      expect(Object.keys(text).sort(), where).toEqual([...SEED_LANGUAGES].sort());
      for (const language of SEED_LANGUAGES)
        expect(text[language].trim(), `${where} ${language}`).not.toBe('');
      for (const language of ['vi', 'th', 'zh'] as const)
        expect(text[language], `${where} ${language}`).not.toBe(text.en);
      expect(text.th, where).toMatch(SCRIPT.th);
      expect(text.zh, where).toMatch(SCRIPT.zh);
      for (const language of SEED_LANGUAGES)
        expect(tags(text[language]), `${where} ${language}`).toEqual(tags(text.en));
    }
  });

  it('names its own brand in every language where English does, and no other brand', () => {
    const others = DEMO_MERCHANTS.map((m) => m.brand.name).filter((name) => name !== brand.name);
    for (const [where, text] of texts)
      for (const language of SEED_LANGUAGES) {
        expect(text[language].includes(brand.name), `${where} ${language}`).toBe(
          text.en.includes(brand.name),
        );
        for (const other of others) expect(text[language], `${where} ${language}`).not.toContain(other);
      }
    for (const other of others) expect(Object.values(bank).join(' ')).not.toContain(other.split(' ')[0]);
  });
});

describe('demo house bank accounts', () => {
  it('each brand has its own account, in its own company name', () => {
    for (const m of DEMO_MERCHANTS) expect(m.bank.accountName).toContain(m.brand.name.split(' ')[0]);
    const numbers = DEMO_MERCHANTS.map((m) => m.bank.accountNo);
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
