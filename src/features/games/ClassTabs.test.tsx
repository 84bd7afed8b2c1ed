import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ClassTabs } from './ClassTabs.tsx';
import { lobbyClasses } from './classes.ts';

describe('lobby classes (spec §2)', () => {
  it('are ALL, NEW (slots only), FAV, HOT, then the lane’s own classes once each', () => {
    expect(lobbyClasses('RNG', ['SLOT', 'HOT', 'TABLE'])).toEqual([
      'ALL',
      'NEW',
      'FAV',
      'HOT',
      'SLOT',
      'TABLE',
    ]);
    expect(lobbyClasses('LIVE', ['BACCARAT'])).toEqual(['ALL', 'FAV', 'HOT', 'BACCARAT']);
  });
});

const renderTabs = (classes: string[], onSelect = vi.fn()) => {
  render(
    <I18nProvider i18n={i18n}>
      <ClassTabs classes={classes} active="ALL" onSelect={onSelect} />
    </I18nProvider>,
  );
  return onSelect;
};

describe('ClassTabs', () => {
  it('names the classes, presses the active one and sends the chosen one', async () => {
    const onSelect = renderTabs(['ALL', 'FAV', 'VIDEO_POKER', 'CRASH_GAMES']);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['All', 'Favourites', 'Video poker', 'Crash games']);
    expect(buttons.map((b) => b.getAttribute('aria-pressed'))).toEqual(['true', 'false', 'false', 'false']);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Crash games' }));
    expect(onSelect).toHaveBeenCalledExactlyOnceWith('CRASH_GAMES');
  });

  it('is not shown when there is only one class', () => {
    renderTabs(['ALL']);
    expect(screen.queryByRole('group', { name: 'Game classes' })).toBeNull();
  });
});
