import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateLocale, savedLocale } from '../../i18n/i18n.ts';
import { mount } from '../../test/authHarness.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';

const LANGUAGE = msg`Language`;
const options = () => screen.getAllByRole('option').map((o) => o.textContent);
const showFor = (
  tyLanguage: string,
  more: { languages?: string[]; features?: Record<string, boolean> } = {},
) =>
  mount(<LanguageSwitch />, {
    queryData: [[['whitelabel'], { tyLanguage, features: {}, ...more }]],
  });

// Catalogues compile on first import (the Lingui Vite plugin): load them once before the clock matters.
beforeAll(async () => {
  for (const locale of ['vi', 'th', 'zh', 'pseudo', 'en'] as const) await activateLocale(locale);
}, 60_000);

afterEach(async () => {
  await activateLocale('en');
});

describe('language switch', () => {
  it('offers EN and TY, TY being the merchant’s catalogue, and the page’s lang follows the choice', async () => {
    showFor('vi');
    expect(options()).toEqual(['EN · English', 'TY · Tiếng Việt']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'vi');
    await waitFor(() => expect(i18n.locale).toBe('vi'));
    expect(document.documentElement.lang).toBe('vi');
    expect([localStorage.getItem('lang'), localStorage.getItem('hisLang')]).toEqual(['vi', 'en']);
    expect(document.cookie).toContain('lang=vi');
    // Translated text, not the English source.
    expect(i18n._(LANGUAGE)).toBe('Ngôn ngữ');
  });

  it('maps TY to Thai for a merchant configured so, and a saved language it does not offer gives way to English', async () => {
    await activateLocale('vi');
    showFor('th');
    expect(options()).toEqual(['EN · English', 'TY · ไทย']);
    await waitFor(() => expect(i18n.locale).toBe('en'));
    expect(document.documentElement.lang).toBe('en');
  });

  it('lists a merchant’s languages without the full-list flag only as EN and TY', async () => {
    showFor('th', { languages: ['th', 'ja', 'ko'] });
    expect(options()).toEqual(['EN · English', 'TY · ไทย']);
  });

  it('with LANGUAGE_LIST on, lists every language the merchant offers, English first, each by its own name', async () => {
    await activateLocale('vi');
    showFor('th', { languages: ['th', 'ja', 'ko'], features: { LANGUAGE_LIST: true } });
    expect(options()).toEqual(['English', 'ไทย', '日本語', '한국어']);
    // Vietnamese is saved but not offered: English.
    await waitFor(() => expect(i18n.locale).toBe('en'));
    const select = screen.getByRole('combobox', { name: 'Language' });
    await userEvent.selectOptions(select, 'ja');
    await waitFor(() => expect(i18n.locale).toBe('ja'));
    expect(document.documentElement.lang).toBe('ja');
    expect([localStorage.getItem('lang'), localStorage.getItem('hisLang')]).toEqual(['ja', 'en']);
  });

  it('turns the pseudo-locale on for the tab with ?lang=pseudo, without saving it as the member’s language', async () => {
    expect(savedLocale(localStorage, '?lang=pseudo')).toBe('pseudo');
    await activateLocale('pseudo');
    showFor('zh');
    expect(options()).toEqual(['EN · English', 'TY · 简体中文', 'QA · Ƥšéûðô']);
    expect(document.documentElement.lang).toBe('en-XA');
    expect(localStorage.getItem('lang')).not.toBe('pseudo');
    // Accented, so text that skips the catalogues stands out in plain English.
    expect(i18n._(LANGUAGE)).toBe('Ĺàńĝũàĝē');
    expect(savedLocale(localStorage, '')).toBe('pseudo');
  });
});
