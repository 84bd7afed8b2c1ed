import { useLingui } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import type { Theme } from '../../../contract/merchant.ts';
import { Icon } from '../../ui/Icon.tsx';
import { applyTheme, currentTheme, watchTheme } from './appearance.ts';

export function ThemeSwitch() {
  const { t } = useLingui();
  // The server's first screen (src/ssr) knows no saved theme: it draws, and the app takes over, the dark switch.
  const theme = useSyncExternalStore<Theme>(watchTheme, currentTheme, () => 'dark');
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      aria-label={next === 'light' ? t`Switch to light theme` : t`Switch to dark theme`}
      aria-pressed={theme === 'dark'}
      onClick={() => {
        applyTheme(next, true);
      }}
      className="grid h-9 w-9 place-items-center rounded-full border border-line text-lg hover:bg-line/40"
    >
      <Icon name={theme === 'dark' ? 'moon' : 'sun'} />
    </button>
  );
}
