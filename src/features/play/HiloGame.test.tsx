import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HiloRound, InhouseSession } from '../../../contract/inhouse.ts';
import { ApiError } from '../../api/client.ts';
import { renderPlay, sent, sentTo, setAnswer } from '../../test/fakeCall.tsx';
import { HiloGame } from './HiloGame.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/fakeCall.tsx')).fakeCall,
}));

const SESSION: InhouseSession = {
  game: 'hilo',
  nodeId: 'PORTICO_INHOUSE_HILO',
  name: 'Hi-Lo',
  balance: 10_000,
  currency: 'USD',
  currencySign: '$',
  trial: false,
  betSteps: [500, 1_000],
  defaultBet: 500,
  slot: null,
  dice: null,
  hilo: { rtp: 0.97, maxSteps: 20, open: null },
  mines: null,
  bingo: null,
};
const FIVE: HiloRound = {
  roundId: 'm1-h',
  bet: 500,
  cards: [{ rank: 5, suit: 0 }],
  guesses: [],
  status: 'playing',
  multiplier: 0.97,
  next: { hi: { chance: 9 / 13, multiplier: 1.4 }, lo: { chance: 5 / 13, multiplier: 2.52 } },
  win: 0,
};
const TEN: HiloRound = {
  ...FIVE,
  cards: [...FIVE.cards, { rank: 10, suit: 1 }],
  guesses: ['hi'],
  multiplier: 1.4,
  next: { hi: { chance: 4 / 13, multiplier: 4.55 }, lo: { chance: 10 / 13, multiplier: 1.82 } },
};

afterEach(() => {
  sent.length = 0;
});

describe('Hi-Lo page', () => {
  it('deals, guesses with the round’s step, and cashes out what the server pays', async () => {
    setAnswer(async (path) => {
      if (path === '/inhouse/session') return SESSION;
      if (path === '/inhouse/hilo/start') return { round: FIVE, balance: 9_500 };
      if (path === '/inhouse/hilo/guess') return { round: TEN, balance: 9_500 };
      return { round: { ...TEN, status: 'cashed', next: null, win: 700 }, balance: 10_200 };
    });
    renderPlay(<HiloGame token="tok" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Deal' }));
    const table = screen.getByRole('region', { name: 'Table' });
    expect(await within(table).findByRole('img', { name: 'Card: 5, spades' })).toBeInTheDocument();
    expect(screen.getByTestId('balance')).toHaveTextContent('$95.00');
    // Before a right guess there is nothing to cash out.
    expect(screen.getByRole('button', { name: /Cash out/ })).toBeDisabled();
    const higher = screen.getByRole('button', { name: /Higher or same/ });
    expect(higher).toHaveTextContent('69.2 % · × 1.40');
    await userEvent.click(higher);
    expect(await within(table).findByRole('img', { name: 'Card: 10, hearts' })).toBeInTheDocument();
    expect(within(table).getByRole('list', { name: 'Cards dealt' })).toHaveTextContent('5');
    expect(screen.getByText('Right! Guess again or cash out')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cash out $7.00' }));
    expect(await screen.findByText(/You win/)).toHaveTextContent('You win $7.00');
    expect(screen.getByTestId('balance')).toHaveTextContent('$102.00');
    expect(sentTo('/inhouse/hilo/start')[0]).toMatchObject({
      headers: { 'x-launch-token': 'tok' },
      body: { bet: 500 },
    });
    expect(sentTo('/inhouse/hilo/guess')[0]!.body).toEqual({ roundId: 'm1-h', step: 0, guess: 'hi' });
    expect(sentTo('/inhouse/hilo/cashout')[0]!.body).toEqual({ roundId: 'm1-h' });
    // The round is over: the bet and Deal come back.
    expect(screen.getByRole('button', { name: 'Deal' })).toBeEnabled();
  });

  it('carries on the round the session hands back, and says when a guess loses', async () => {
    setAnswer(async (path) => {
      if (path === '/inhouse/session') return { ...SESSION, hilo: { ...SESSION.hilo!, open: TEN } };
      return {
        round: {
          ...TEN,
          cards: [...TEN.cards, { rank: 12, suit: 3 }],
          guesses: ['hi', 'lo'],
          status: 'lost',
          next: null,
        },
        balance: 9_500,
      };
    });
    renderPlay(<HiloGame token="tok" />);
    await userEvent.click(await screen.findByRole('button', { name: /Lower or same/ }));
    expect(await screen.findByText('Wrong guess: no win this time')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Card: Queen, clubs' })).toBeInTheDocument();
    expect(sentTo('/inhouse/hilo/guess')[0]!.body).toEqual({ roundId: 'm1-h', step: 1, guess: 'lo' });
  });

  it('resends the same guess after a network failure', async () => {
    let fail = true;
    setAnswer(async (path) => {
      if (path === '/inhouse/session') return { ...SESSION, hilo: { ...SESSION.hilo!, open: FIVE } };
      if (fail) {
        fail = false;
        throw new ApiError('NETWORK', 'Network abnormal', {}, 0);
      }
      return { round: TEN, balance: 9_500 };
    });
    renderPlay(<HiloGame token="tok" />);
    await userEvent.click(await screen.findByRole('button', { name: /Higher or same/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('img', { name: 'Card: 10, hearts' })).toBeInTheDocument();
    const guesses = sentTo('/inhouse/hilo/guess').map((s) => s.body);
    expect(guesses).toHaveLength(2);
    expect(guesses[1]).toEqual(guesses[0]);
  });

  it('says the round moved on when the server refuses a stale guess', async () => {
    setAnswer(async (path) => {
      if (path === '/inhouse/session') return { ...SESSION, hilo: { ...SESSION.hilo!, open: FIVE } };
      throw new ApiError('CONFLICT', 'The round has moved on', {}, 409);
    });
    renderPlay(<HiloGame token="tok" />);
    await userEvent.click(await screen.findByRole('button', { name: /Lower or same/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This round has moved on in another window: please reload the game',
    );
  });
});
