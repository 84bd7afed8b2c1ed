import { describe, expect, it } from 'vitest';
import { offeredLanguage, offeredLanguages } from './firstReplies.ts';
import { languages } from './merchant.ts';

describe('languages a merchant offers', () => {
  it('are its TY language alone unless the full-list flag is on', () => {
    const lotus = { tyLanguage: 'th', languages: ['th', 'ja'], features: {} };
    expect(offeredLanguages(lotus)).toEqual(['th']);
    expect(offeredLanguages({ ...lotus, features: { LANGUAGE_LIST: false } })).toEqual(['th']);
    expect(offeredLanguages({ ...lotus, features: { LANGUAGE_LIST: true } })).toEqual(['th', 'ja']);
    // A merchant without a list of its own offers its TY language, flag or not.
    expect(offeredLanguages({ tyLanguage: 'vi', features: { LANGUAGE_LIST: true } })).toEqual(['vi']);
  });

  it('let a language through only when offered; English always', () => {
    expect(['th', 'ja', 'ko', 'en'].map((l) => offeredLanguage(l, ['th', 'ja']))).toEqual([
      'th',
      'ja',
      'en',
      'en',
    ]);
  });

  it('are catalogues besides English, at least one, each once', () => {
    expect(languages.safeParse(['th', 'zh-Hant', 'pt-BR']).success).toBe(true);
    for (const bad of [[], ['en'], ['fr'], ['th', 'th'], ['TH']])
      expect(languages.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});
