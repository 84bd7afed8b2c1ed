import { describe, expect, it } from 'vitest';
import { LOCALES, matchLocale } from './constants.ts';

describe('matchLocale', () => {
  it('finds every shipped catalogue by its own tag, in any case', () => {
    for (const locale of LOCALES) {
      expect(matchLocale(locale)).toBe(locale);
      expect(matchLocale(locale.toUpperCase())).toBe(locale);
    }
  });

  it('maps regional and script varieties to the catalogue players there read', () => {
    expect(matchLocale('zh-TW')).toBe('zh-Hant');
    expect(matchLocale('zh_HK')).toBe('zh-Hant');
    expect(matchLocale('zh-Hant-MO')).toBe('zh-Hant');
    expect(matchLocale('zh-CN')).toBe('zh');
    expect(matchLocale('zh-Hans-SG')).toBe('zh');
    expect(matchLocale('pt')).toBe('pt-BR');
    expect(matchLocale('pt-PT')).toBe('pt-BR');
    expect(matchLocale('es-MX')).toBe('es');
    expect(matchLocale('en-GB')).toBe('en');
    expect(matchLocale('tl')).toBe('fil');
    expect(matchLocale(' km-KH ')).toBe('km');
  });

  it('answers nothing for a language without a catalogue', () => {
    expect(matchLocale('de')).toBeUndefined();
    expect(matchLocale('')).toBeUndefined();
    expect(matchLocale('x-klingon')).toBeUndefined();
  });
});
