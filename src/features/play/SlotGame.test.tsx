import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InhouseSession, SlotSpinReply } from '../../../contract/inhouse.ts';
import { ApiError } from '../../api/client.ts';
import { renderPlay, sent, sentTo, setAnswer } from '../../test/fakeCall.tsx';
import { SlotGame } from './SlotGame.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/fakeCall.tsx')).fakeCall,
}));

const SESSION_PATH = '/inhouse/session';
const SPIN_PATH = '/inhouse/slot/spin';
const paylines = [[1, 1, 1, 1, 1], [0, 0, 0, 0, 0], ...Array.from({ length: 18 }, () => [2, 2, 2, 2, 2])];
const SESSION: InhouseSession = {
  game: 'slot',
  nodeId: 'PORTICO_INHOUSE_1',
  name: 'Lucky Lanterns',
  balance: 100_000,
  currency: 'USD',
  currencySign: '$',
  trial: false,
  betSteps: [200, 400, 1_000],
  defaultBet: 200,
  slot: {
    paylines,
    symbols: ['WILD', 'SCATTER', 'SEVEN', 'BELL', 'MELON', 'GRAPES', 'ORANGE', 'LEMON', 'CHERRY'],
    paytable: {
      WILD: [0, 0, 0, 50, 250, 1000],
      SCATTER: [0, 0, 0, 5, 20, 100],
      SEVEN: [0, 0, 0, 30, 120, 600],
      BELL: [0, 0, 0, 20, 60, 250],
      MELON: [0, 0, 0, 12, 40, 150],
      GRAPES: [0, 0, 0, 10, 25, 100],
      ORANGE: [0, 0, 0, 6, 15, 60],
      LEMON: [0, 0, 0, 5, 12, 40],
      CHERRY: [0, 0, 2, 4, 10, 30],
    },
    rtp: 0.9597,
  },
  dice: null,
  hilo: null,
  mines: null,
  bingo: null,
};
/** Three sevens on the middle row (line 1) and a scatter on reel 5. */
const SPIN: SlotSpinReply = {
  roundId: 'm1-x',
  reels: [
    ['CHERRY', 'SEVEN', 'LEMON'],
    ['BELL', 'WILD', 'LEMON'],
    ['CHERRY', 'SEVEN', 'MELON'],
    ['BELL', 'GRAPES', 'LEMON'],
    ['SCATTER', 'ORANGE', 'CHERRY'],
  ],
  lines: [{ line: 1, symbol: 'SEVEN', count: 3, win: 300 }],
  scatter: null,
  bet: 200,
  win: 300,
  balance: 100_100,
};

function show(token = 'launch-token') {
  const settled = vi.fn();
  renderPlay(<SlotGame token={token} onBalanceChanged={settled} />);
  return { settled };
}
const spins = () => sentTo(SPIN_PATH);
const balance = () => screen.getByTestId('balance');

afterEach(() => {
  sent.length = 0;
});

describe('slot page', () => {
  it('opens the launch’s session, spins with its token and shows the reels, line wins, win and balance', async () => {
    setAnswer(async (path) => (path === SESSION_PATH ? SESSION : SPIN));
    const { settled } = show();
    expect(await screen.findByRole('heading', { name: 'Lucky Lanterns' })).toBeInTheDocument();
    expect(balance()).toHaveTextContent('$1,000.00');
    expect(sent[0]).toMatchObject({ path: SESSION_PATH, headers: { 'x-launch-token': 'launch-token' } });
    // Opening the session may have moved the balance (a trial's play money): the portal is told at once.
    expect(settled).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Spin' }));
    expect(await screen.findByText(/You win/)).toHaveTextContent('You win $3.00');
    const [request] = spins();
    expect(request!.headers).toEqual({ 'x-launch-token': 'launch-token' });
    expect(request!.body).toMatchObject({ bet: 200 });
    expect(request!.body!.requestId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );

    const reels = screen.getByRole('region', { name: 'Reels' });
    // Line 1 runs along the middle row: seven, wild, seven are lit; nothing else is.
    const lit = within(reels)
      .getAllByRole('img')
      .filter((c) => c.dataset.win);
    expect(lit.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Seven, winning',
      'Wild, winning',
      'Seven, winning',
    ]);
    expect(within(reels).getAllByRole('img')).toHaveLength(15);
    const wins = screen.getByRole('list', { name: 'Winning lines' });
    expect(within(wins).getByRole('button')).toHaveTextContent('Line 1: 3 × Seven $3.00');
    expect(balance()).toHaveTextContent('$1,001.00');
    expect(settled).toHaveBeenCalledTimes(2);
  });

  it('spins at the bet the player picks', async () => {
    setAnswer(async (path, body) =>
      path === SESSION_PATH ? SESSION : { ...SPIN, bet: body!.bet, win: 0, lines: [] },
    );
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Raise bet' }));
    expect(screen.getByLabelText('Bet')).toHaveValue('400');
    await userEvent.click(screen.getByRole('button', { name: 'Spin' }));
    expect(await screen.findByText('No win this time')).toBeInTheDocument();
    expect(spins()[0]!.body).toMatchObject({ bet: 400 });
  });

  it('shows the real balance when the money is short', async () => {
    setAnswer(async (path) => {
      if (path === SESSION_PATH) return SESSION;
      throw new ApiError('INSUFFICIENT_FUNDS', 'Insufficient balance', {}, 409, undefined, { balance: 150 });
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Spin' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Insufficient balance: you have $1.50');
    expect(balance()).toHaveTextContent('$1.50');
  });

  it('keeps the unanswered spin after a network failure and retries it unchanged', async () => {
    let failures = 1;
    setAnswer(async (path) => {
      if (path === SESSION_PATH) return SESSION;
      if (failures-- > 0) throw new ApiError('NETWORK', 'fetch failed');
      return SPIN;
    });
    const { settled } = show();
    await userEvent.click(await screen.findByRole('button', { name: 'Raise bet' }));
    await userEvent.click(screen.getByRole('button', { name: 'Spin' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Network abnormal, please try again. Your bet is kept.');
    // The bet cannot change while the first spin's fate is unknown.
    expect(screen.getByLabelText('Bet')).toBeDisabled();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/You win/)).toHaveTextContent('You win $3.00');
    const [first, retry] = spins();
    expect(retry!.body).toEqual(first!.body);
    expect(first!.body).toMatchObject({ bet: 400 });
    expect(settled).toHaveBeenCalledTimes(2);
    // The next spin is a new round.
    await userEvent.click(screen.getByRole('button', { name: 'Spin' }));
    await waitFor(() => expect(spins()).toHaveLength(3));
    expect(spins()[2]!.body!.requestId).not.toBe(first!.body!.requestId);
  });

  it('says the session has ended when the launch token is refused, or missing', async () => {
    setAnswer(async (path) => {
      if (path === SESSION_PATH) return SESSION;
      throw new ApiError('UNAUTHORIZED', 'The game session has ended, please launch the game again', {}, 401);
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Spin' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The game session has ended, please launch the game again',
    );
    expect(screen.queryByRole('button', { name: 'Spin' })).not.toBeInTheDocument();
    sent.length = 0;
    show('');
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    expect(sent).toEqual([]);
  });

  it('refuses a launch of another game', async () => {
    setAnswer(async () => ({
      ...SESSION,
      game: 'dice',
      slot: null,
      dice: { rtp: 0.97, under: { min: 196, max: 9600 }, over: { min: 400, max: 9804 } },
    }));
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent('This game session is for another game');
  });

  it('draws Wolf Fortune’s own symbols as pictures, named for screen readers, with no emoji', async () => {
    const wolf: InhouseSession = {
      ...SESSION,
      name: 'Wolf Fortune',
      slot: {
        paylines,
        symbols: ['WOLF', 'MOON', 'EAGLE', 'BEAR', 'STAG', 'ACE', 'KING', 'QUEEN', 'JACK'],
        paytable: { WOLF: [0, 0, 0, 80, 400, 1500], MOON: [0, 0, 1, 5, 30, 250], JACK: [0, 0, 0, 4, 10, 30] },
        rtp: 0.9604,
      },
    };
    const reply: SlotSpinReply = {
      ...SPIN,
      reels: [
        ['MOON', 'JACK', 'EAGLE'],
        ['BEAR', 'JACK', 'WOLF'],
        ['STAG', 'JACK', 'ACE'],
        ['KING', 'QUEEN', 'MOON'],
        ['ACE', 'KING', 'QUEEN'],
      ],
      lines: [{ line: 1, symbol: 'JACK', count: 3, win: 40 }],
      scatter: { count: 2, win: 200 },
      win: 240,
    };
    setAnswer(async (path) => (path === SESSION_PATH ? wolf : reply));
    show();
    const reels = await screen.findByRole('region', { name: 'Reels' });
    // Before the first spin the reels show the title's own symbols.
    expect(reels.querySelector('[data-symbol="CHERRY"]')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Spin' }));
    expect(await within(reels).findAllByRole('img', { name: 'Jack, winning' })).toHaveLength(3);
    expect(within(reels).getAllByRole('img', { name: 'Moon, winning' })).toHaveLength(2);
    expect(reels.querySelectorAll('svg[data-symbol]')).toHaveLength(15);
    expect(document.body.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
    expect(screen.getByText(/2 × Moon/)).toBeInTheDocument();
  });
});
