import '@testing-library/jest-dom/vitest';
import { i18n } from '@lingui/core';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Tests read source messages (English); catalogues are checked by `npm run i18n:check`.
i18n.loadAndActivate({ locale: 'en', messages: {} });
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
