import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sampleGame } from '../../../machines/gameList.events.ts';
import { GameTile, type GameTileProps } from './GameTile.tsx';

const game = sampleGame('n7', { gameName: 'Fortune Tiger', displayName: 'PG Soft' });

function renderTile(props: Partial<GameTileProps> = {}) {
  const handlers = { onPlay: vi.fn(), onTrial: vi.fn(), onToggleFavourite: vi.fn() };
  const { container } = render(
    <I18nProvider i18n={i18n}>
      <GameTile game={game} favourite={false} favouriteBusy={false} freePlay {...handlers} {...props} />
    </I18nProvider>,
  );
  return { ...handlers, container, tile: screen.getByRole('article', { name: 'Fortune Tiger' }) };
}

describe('GameTile', () => {
  it('shows the game art, and the default icon when the image fails to load (spec §8)', () => {
    const { container } = renderTile();
    const art = container.querySelector('img')!;
    expect(art).toHaveAttribute('src', game.iconUrl);
    expect(screen.queryByTestId('default-art')).toBeNull();
    fireEvent.error(art);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('default-art')).toBeInTheDocument();
  });

  it('names every control after the game, and each does its own thing', async () => {
    const { tile, onPlay, onTrial, onToggleFavourite } = renderTile();
    const t = within(tile);
    expect(t.getByRole('heading', { name: 'Fortune Tiger' })).toBeInTheDocument();
    expect(t.getByText('PG Soft')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(t.getByRole('button', { name: 'Play Fortune Tiger' }));
    await user.click(t.getByRole('button', { name: 'Free trial Fortune Tiger' }));
    await user.click(t.getByRole('button', { name: 'Favourite Fortune Tiger' }));
    expect(onPlay).toHaveBeenCalledExactlyOnceWith(game);
    expect(onTrial).toHaveBeenCalledExactlyOnceWith(game);
    expect(onToggleFavourite).toHaveBeenCalledExactlyOnceWith(game);
  });

  it('works by keyboard: Tab reaches the heart, play and trial in turn; Enter and Space press them', async () => {
    const { onPlay, onToggleFavourite } = renderTile();
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Favourite Fortune Tiger' })).toHaveFocus();
    await user.keyboard(' ');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Play Fortune Tiger' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Free trial Fortune Tiger' })).toHaveFocus();
    expect(onToggleFavourite).toHaveBeenCalledOnce();
    expect(onPlay).toHaveBeenCalledOnce();
  });

  it('offers the free trial only for games that support it on merchants with FREE_PLAY', () => {
    renderTile({ freePlay: false });
    expect(screen.queryByRole('button', { name: /Free trial/ })).toBeNull();
  });

  it('has no free trial for a game without play support', () => {
    renderTile({ game: { ...game, supportPlay: false } });
    expect(screen.queryByRole('button', { name: /Free trial/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Play Fortune Tiger' })).toBeInTheDocument();
  });

  it('shows the heart pressed for a favourite, and busy (ignoring presses) while a toggle runs', async () => {
    const { onToggleFavourite } = renderTile({ favourite: true, favouriteBusy: true });
    const heart = screen.getByRole('button', { name: 'Favourite Fortune Tiger' });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(heart).toHaveAttribute('aria-busy', 'true');
    expect(heart).toHaveAttribute('aria-disabled', 'true');
    await userEvent.setup().click(heart);
    expect(onToggleFavourite).not.toHaveBeenCalled();
  });

  it('a game under maintenance says until when and cannot be played', async () => {
    const until = '2030-05-01T10:30:00.000Z';
    const { onPlay, onTrial } = renderTile({ game: { ...game, maintenanceUntil: until } });
    const when = i18n.date(new Date(until), { dateStyle: 'medium', timeStyle: 'short' });
    expect(screen.getByText(`Under maintenance until ${when}`)).toBeInTheDocument();
    const play = screen.getByRole('button', { name: 'Play Fortune Tiger' });
    const trial = screen.getByRole('button', { name: 'Free trial Fortune Tiger' });
    expect(play).toHaveAttribute('aria-disabled', 'true');
    expect(trial).toHaveAttribute('aria-disabled', 'true');
    const user = userEvent.setup();
    await user.click(play);
    await user.click(trial);
    expect(onPlay).not.toHaveBeenCalled();
    expect(onTrial).not.toHaveBeenCalled();
  });

  it('a playable game shows no maintenance message; play waits while a launch is on its way', async () => {
    const { onPlay } = renderTile({ launching: true });
    expect(screen.queryByText(/Under maintenance/)).toBeNull();
    const play = screen.getByRole('button', { name: 'Play Fortune Tiger' });
    expect(play).toHaveAttribute('aria-disabled', 'true');
    await userEvent.setup().click(play);
    expect(onPlay).not.toHaveBeenCalled();
  });
});
