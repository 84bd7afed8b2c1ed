import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LOCALES } from '../../contract/constants.ts';
import { SERVER_TEXTS } from './keys.ts';
import { issueText, serverText, TABLES } from './serverTexts.ts';

const OTHERS = LOCALES.filter((l) => l !== 'en') as (keyof typeof TABLES)[];
/** Written in a script of their own: an English word left in them is a missed translation ("Captcha" is kept). */
/** What stays as it is in every script: the word Captcha, date formats, lottery bet types, file formats and units. */
const KEPT = /Captcha|yyyy-MM-dd|MM-dd-yyyy|YYYYMMDD|lô|đề|xiên|multipart\/form-data|png|jpg|MB/g;
const NON_LATIN = ['th', 'zh', 'zh-Hant', 'ja', 'ko', 'km', 'my', 'lo', 'hi', 'bn', 'ta', 'te'];

/** The SPA's catalogue of a language: English message → its words (single-line entries, as the texts here are). */
const catalogue = (lang: string) => {
  const po = readFileSync(new URL(`../../locales/${lang}/messages.po`, import.meta.url), 'utf8');
  const unquote = (s: string) => s.replaceAll('\\"', '"');
  return new Map(
    [...po.matchAll(/^msgid "((?:\\.|[^"])*)"\nmsgstr "((?:\\.|[^"])*)"$/gm)].map((m) => [
      unquote(m[1]!),
      unquote(m[2]!),
    ]),
  );
};

describe('server texts', () => {
  it.each(OTHERS)(
    '%s: every text is written, keeps its placeholders, and agrees with the catalogue',
    (lang) => {
      const table = TABLES[lang];
      const spa = catalogue(lang);
      expect(Object.keys(table).sort()).toEqual([...SERVER_TEXTS].sort());
      for (const key of SERVER_TEXTS) {
        const text = table[key];
        expect(text.trim(), key).not.toBe('');
        expect(text, `${lang}: ${key}`).not.toBe(key);
        // A language may put them in its own order: they are carried over by name.
        expect((text.match(/\{\w+\}/g) ?? []).sort(), key).toEqual((key.match(/\{\w+\}/g) ?? []).sort());
        if (spa.has(key)) expect(text, `${lang}: ${key} (catalogue)`).toBe(spa.get(key));
        if (NON_LATIN.includes(lang))
          expect(text.replace(KEPT, '').replace(/\{\w+\}/g, ''), `${lang}: ${key}`).not.toMatch(
            /[A-Za-z]{2,}/,
          );
      }
    },
  );

  it('words a thrown text, a varying one and an envelope name; leaves operators’ texts and English alone', () => {
    expect(serverText('Betting is closed for this draw', 'km')).toBe('ការភ្នាល់សម្រាប់ការចាប់ឆ្នោតនេះបានបិទហើយ');
    expect(serverText('Too many requests, try again in 42 s', 'zh-Hant')).toBe(
      '請求過於頻繁，請 42 秒後再試',
    );
    expect(serverText('Invalid body', 'ja')).toBe('印の付いた項目を修正してください');
    expect(serverText('You drafted this change: another operator approves it', 'km')).toBe(
      'You drafted this change: another operator approves it',
    );
    expect(serverText('Betting is closed for this draw', 'en')).toBe('Betting is closed for this draw');
  });

  it('words zod’s own issues in zod’s locale, a schema’s own message through the tables', () => {
    const issues = z
      .object({ a: z.string().min(3), b: z.string().refine(() => false, 'Input must not be empty') })
      .safeParse({ a: 'x', b: '' }).error!.issues;
    const [short, own] = issues as [z.core.$ZodIssue, z.core.$ZodIssue];
    expect(issueText(short, short.message, 'en')).toBe(short.message);
    expect(issueText(short, short.message, 'km')).toMatch(/^[^A-Za-z]*string[^A-Za-z]*$/); // zod keeps the type name
    expect(issueText(short, short.message, 'km')).not.toBe(short.message);
    expect(issueText(short, short.message, 'my')).toBe(TABLES.my['Invalid value']);
    expect(issueText(own, own.message, 'ko')).toBe(TABLES.ko['Input must not be empty']);
  });
});
