import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BingoPlayReply, InhouseSession } from '../../../contract/inhouse.ts';
import { renderPlay, sent, sentTo, setAnswer } from '../../test/fakeCall.tsx';
import { BingoGame } from './BingoGame.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/fakeCall.tsx')).fakeCall,
}));

const SESSION: InhouseSession = {
  game: 'bingo',
  nodeId: 'PORTICO_INHOUSE_BINGO_TURBO',
  name: 'Bingo Turbo',
  balance: 10_000,
  currency: 'USD',
  currencySign: '$',
  trial: false,
  betSteps: [200, 400],
  defaultBet: 200,
  slot: null,
  dice: null,
  hilo: null,
  mines: null,
  bingo: { rtp: 0.9669, balls: 75, drawn: 30, paytable: [0, 2, 10, 30, 100, 400, 1000, 0, 5000] },
};
const CARD = [1, 16, 31, 46, 61, 2, 17, 32, 47, 62, 3, 18, 33, 48, 63];
const DRAW: BingoPlayReply = {
  roundId: 'm1-b',
  card: CARD,
  // Row 1 and column B complete; 23 balls off the card.
  balls: [
    1,
    16,
    31,
    46,
    61,
    2,
    3,
    ...Array.from({ length: 23 }, (_, i) => i + 50).filter((b) => !CARD.includes(b)),
  ].slice(0, 30),
  rows: [0],
  columns: [0],
  multiplier: 10,
  bet: 200,
  win: 2_000,
  balance: 11_800,
};

afterEach(() => {
  sent.length = 0;
});

describe('Bingo Turbo page', () => {
  it('draws, marks the card’s drawn numbers and pays by lines', async () => {
    setAnswer(async (path) => (path === '/inhouse/session' ? SESSION : DRAW));
    renderPlay(<BingoGame token="tok" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Draw' }));
    expect(await screen.findByText(/you win/)).toHaveTextContent('2 lines: you win $20.00');
    const card = screen.getByRole('table', { name: 'Your card' });
    expect(within(card).getAllByText('drawn')).toHaveLength(7);
    expect(within(card).getByRole('columnheader', { name: 'B' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Balls drawn' })).getAllByRole('listitem').length,
    ).toBeGreaterThan(7);
    expect(screen.getByTestId('balance')).toHaveTextContent('$118.00');
    expect(sentTo('/inhouse/bingo/play')[0]).toMatchObject({
      headers: { 'x-launch-token': 'tok' },
      body: { bet: 200 },
    });
  });

  it('says when no line is complete, and shows the paytable', async () => {
    setAnswer(async (path) =>
      path === '/inhouse/session'
        ? SESSION
        : { ...DRAW, rows: [], columns: [], multiplier: 0, win: 0, balance: 9_800 },
    );
    renderPlay(<BingoGame token="tok" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Draw' }));
    expect(await screen.findByText('No line this time')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Full card' })).toBeInTheDocument();
    expect(screen.getByText('× 5000')).toBeInTheDocument();
  });
});
