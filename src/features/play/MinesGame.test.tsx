import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InhouseSession, MinesRound } from '../../../contract/inhouse.ts';
import { renderPlay, sent, sentTo, setAnswer } from '../../test/fakeCall.tsx';
import { MinesGame } from './MinesGame.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/fakeCall.tsx')).fakeCall,
}));

const SESSION: InhouseSession = {
  game: 'mines',
  nodeId: 'PORTICO_INHOUSE_MINES_GOLD',
  name: 'Mines Gold',
  balance: 10_000,
  currency: 'USD',
  currencySign: '$',
  trial: false,
  betSteps: [500, 1_000],
  defaultBet: 500,
  slot: null,
  dice: null,
  hilo: null,
  mines: { rtp: 0.97, tiles: 25, minMines: 1, maxMines: 24, defaultMines: 3, open: null },
  bingo: null,
};
const START: MinesRound = {
  roundId: 'm1-m',
  bet: 1_000,
  mines: 5,
  picks: [],
  mineTiles: null,
  status: 'playing',
  multiplier: 0.97,
  nextMultiplier: 1.21,
  win: 0,
  seal: 'ab12',
  salt: null,
};

afterEach(() => {
  sent.length = 0;
});

describe('Mines page', () => {
  it('starts with the chosen bet and mines, opens tiles by keyboard, and cashes out', async () => {
    setAnswer(async (path, body) => {
      if (path === '/inhouse/session') return SESSION;
      if (path === '/inhouse/mines/start') return { round: START, balance: 9_000 };
      if (path === '/inhouse/mines/pick')
        return {
          round: { ...START, picks: [body!.tile as number], multiplier: 1.21, nextMultiplier: 1.53 },
          balance: 9_000,
        };
      return {
        round: {
          ...START,
          picks: [7],
          status: 'cashed',
          mineTiles: [0, 1, 2, 3, 4],
          win: 1_210,
          nextMultiplier: null,
        },
        balance: 10_210,
      };
    });
    renderPlay(<MinesGame token="tok" />);
    await userEvent.selectOptions(await screen.findByLabelText('Bet'), '1000');
    await userEvent.selectOptions(screen.getByLabelText('Mines'), '5');
    // Tiles wait for a round.
    expect(screen.getByRole('button', { name: 'Tile 8' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(sentTo('/inhouse/mines/start')[0]!.body).toMatchObject({ bet: 1_000, mines: 5 });
    const tile = await screen.findByRole('button', { name: 'Tile 8' });
    expect(tile).toBeEnabled();
    tile.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: 'Tile 8: gem' })).toBeDisabled();
    expect(sentTo('/inhouse/mines/pick')[0]!.body).toEqual({ roundId: 'm1-m', tile: 7 });
    expect(screen.getByText(/next tile/)).toHaveTextContent('Multiplier × 1.21 · next tile × 1.53');
    await userEvent.click(screen.getByRole('button', { name: 'Cash out $12.10' }));
    expect(await screen.findByText(/You win/)).toHaveTextContent('You win $12.10');
    // Over: the mines are shown where the server placed them.
    const field = screen.getByRole('region', { name: 'Minefield' });
    expect(within(field).getAllByRole('button', { name: /: mine$/ })).toHaveLength(5);
    expect(screen.getByTestId('balance')).toHaveTextContent('$102.10');
  });

  it('shows the mine that ended the round', async () => {
    setAnswer(async (path) => {
      if (path === '/inhouse/session') return { ...SESSION, mines: { ...SESSION.mines!, open: START } };
      return {
        round: {
          ...START,
          picks: [3],
          status: 'lost',
          mineTiles: [3, 9, 10, 11, 12],
          nextMultiplier: null,
          salt: '5a1t',
        },
        balance: 9_000,
      };
    });
    renderPlay(<MinesGame token="tok" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Tile 4' }));
    expect(await screen.findByText('A mine: no win this time')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tile 4: mine' })).toBeInTheDocument();
    expect(screen.getByText(/^Seal ab12/)).toHaveTextContent('Seal ab12 = sha256 of “3,9,10,11,12:5a1t”');
    expect(screen.getByRole('button', { name: 'Start' })).toBeEnabled();
  });
});
