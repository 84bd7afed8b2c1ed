import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DiceRollReply, InhouseSession } from '../../../contract/inhouse.ts';
import { renderPlay, sent, sentTo, setAnswer } from '../../test/fakeCall.tsx';
import { DiceGame } from './DiceGame.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/fakeCall.tsx')).fakeCall,
}));

const SESSION: InhouseSession = {
  game: 'dice',
  nodeId: 'PORTICO_INHOUSE_2',
  name: 'Neon Dice',
  balance: 50_000,
  currency: 'USD',
  currencySign: '$',
  trial: true,
  betSteps: [100, 200, 500],
  defaultBet: 100,
  slot: null,
  dice: { rtp: 0.97, under: { min: 196, max: 9600 }, over: { min: 400, max: 9804 } },
  hilo: null,
  mines: null,
  bingo: null,
};

afterEach(() => {
  sent.length = 0;
});

describe('dice page', () => {
  it('rolls under or over the chosen target and shows the roll, the win and the balance', async () => {
    setAnswer(async (path, body) => {
      if (path === '/inhouse/session') return SESSION;
      const reply: DiceRollReply = {
        roundId: 'm1-d',
        roll: 1234,
        target: body!.target as number,
        direction: body!.direction as 'over',
        multiplier: 3.88,
        bet: 100,
        win: 388,
        balance: 50_288,
      };
      return reply;
    });
    renderPlay(<DiceGame token="tok" />);
    expect(await screen.findByText('Free play')).toBeInTheDocument();
    const slider = screen.getByLabelText(/Target/);
    fireEvent.change(slider, { target: { value: '300' } });
    expect(screen.getByText('03.00')).toBeInTheDocument();
    // Over 03.00 would win 97 % of rolls, beyond the limits: switching direction keeps the target inside them.
    await userEvent.click(screen.getByLabelText('Roll over'));
    expect(slider).toHaveValue('400');
    fireEvent.change(slider, { target: { value: '7500' } });
    expect(screen.getByText('25.00 %')).toBeInTheDocument();
    expect(screen.getByText('× 3.8800')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Roll' }));
    expect(await screen.findByTestId('roll')).toHaveTextContent('12.34');
    expect(screen.getByText(/Rolled 12.34/)).toHaveTextContent('Rolled 12.34: you win $3.88');
    expect(screen.getByTestId('balance')).toHaveTextContent('$502.88');
    expect(sentTo('/inhouse/dice/roll')[0]).toMatchObject({
      headers: { 'x-launch-token': 'tok' },
      body: { bet: 100, target: 7500, direction: 'over' },
    });
  });
});
