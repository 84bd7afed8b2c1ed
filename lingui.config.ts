import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { LOCALES } from './contract/constants.ts';

export default defineConfig({
  sourceLocale: 'en',
  locales: [...LOCALES, 'pseudo'],
  // QA's pseudo-locale: every message accented at compile time, so text that skips the catalogues and clipped
  // layouts show at a glance; its catalogue stays empty.
  pseudoLocale: 'pseudo',
  fallbackLocales: { default: 'en' },
  // No line numbers: catalogues change only when messages do.
  format: formatter({ lineNumbers: false }),
  catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['src'], exclude: ['**/*.test.*'] }],
});
