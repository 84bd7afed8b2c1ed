import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AwaitingDraw } from '../../../contract/lotteryResults.ts';
import { ApiError } from '../../api/client.ts';
import { answer, reset, server, signedIn } from '../../test/opsHarness.tsx';

vi.mock('../../api/client.ts', async (original) =>
  (await import('../../test/opsClientMock.ts')).opsClientMock(original),
);

afterEach(reset);

const LIST = '/ops/lottery/results';
const ENTER = '/ops/lottery/results/:gameCode/:issue';

const SOUTH = [
  { label: 'DB', count: 1, digits: 6 },
  { label: 'G1', count: 1, digits: 5 },
  { label: 'G2', count: 1, digits: 5 },
  { label: 'G3', count: 2, digits: 5 },
  { label: 'G4', count: 7, digits: 5 },
  { label: 'G5', count: 1, digits: 4 },
  { label: 'G6', count: 3, digits: 4 },
  { label: 'G7', count: 1, digits: 3 },
  { label: 'G8', count: 1, digits: 2 },
];
const NUMBERS = [
  '123456',
  '11111',
  '22222',
  '33333',
  '44444',
  '55555',
  '66666',
  '77777',
  '88888',
  '99999',
  '00000',
  '10101',
  '1212',
  '1313',
  '1414',
  '1515',
  '161',
  '56',
];

const draw = (d: Partial<AwaitingDraw> = {}): AwaitingDraw => ({
  gameCode: 'XSMN_HCM',
  name: 'TP. Hồ Chí Minh',
  issue: '20300107',
  drawTime: '2030-01-07T09:15:00.000Z',
  voidAt: '2030-01-07T15:15:00.000Z',
  prizes: SOUTH,
  pending: null,
  lastMismatch: null,
  bets: 3,
  ...d,
});
const SOURCE = {
  mode: 'official' as const,
  feed: {
    name: 'results.example',
    trusted: false,
    checkedAt: '2030-01-07T09:40:00.000Z',
    okAt: null,
    error: '2030-01-07: feed answer malformed at results.0.prizes.G7',
    errorAt: '2030-01-07T09:40:00.000Z',
  },
  deadlineHours: 6,
};

async function typeAll(dialog: HTMLElement, numbers: string[]) {
  const inputs = within(dialog).getAllByRole('textbox');
  expect(inputs).toHaveLength(18);
  for (const [i, n] of numbers.entries()) await userEvent.type(inputs[i]!, n);
}

describe('Lottery results', () => {
  it('enters a draw’s 18 numbers in prize order; the reply says a second operator confirms', async () => {
    await signedIn('FINANCE', '/ops?page=results');
    await answer(LIST, { list: [draw()], source: SOURCE });
    const table = await screen.findByRole('table', { name: 'Draws awaiting official results' });
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(table).toHaveTextContent('TP. Hồ Chí Minh (XSMN_HCM)');
    expect(table).toHaveTextContent('Awaiting entry');
    expect(screen.getByRole('region', { name: 'Results source' })).toHaveTextContent(
      'feed answer malformed at results.0.prizes.G7',
    );

    await userEvent.click(
      within(table).getByRole('button', { name: 'Enter results of TP. Hồ Chí Minh (XSMN_HCM) 20300107' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Results of TP. Hồ Chí Minh (XSMN_HCM) 20300107' });
    expect(within(dialog).getByRole('textbox', { name: 'DB' })).toHaveAttribute('maxLength', '6');
    expect(within(dialog).getByRole('textbox', { name: 'G4, number 7' })).toHaveAttribute('maxLength', '5');
    await typeAll(dialog, NUMBERS);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(server.pending(ENTER)).toHaveLength(1));
    expect(server.next(ENTER).input).toEqual({
      params: { gameCode: 'XSMN_HCM', issue: '20300107' },
      body: { numbers: NUMBERS },
    });
    await server.reply(ENTER, { state: 'PENDING', differs: [], settled: 0 });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Results of XSMN_HCM 20300107 entered. A different operator confirms them by entering them again.',
    );
    await answer(LIST, {
      list: [
        draw({
          pending: { enteredBy: 'finance', enteredAt: '2030-01-07T09:41:00.000Z', source: 'OPERATOR' },
        }),
      ],
      source: SOURCE,
    });
    expect(await screen.findByText('Entered by finance: awaiting a second operator')).toBeInTheDocument();
  });

  it('a second operator types blind; a mismatch names the differing prizes only after that entry', async () => {
    await signedIn('ADMIN', '/ops?page=results');
    const pending = {
      enteredBy: 'finance',
      enteredAt: '2030-01-07T09:41:00.000Z',
      source: 'OPERATOR' as const,
    };
    await answer(LIST, { list: [draw({ pending })], source: SOURCE });
    const table = await screen.findByRole('table', { name: 'Draws awaiting official results' });
    await userEvent.click(
      within(table).getByRole('button', { name: 'Confirm results of TP. Hồ Chí Minh (XSMN_HCM) 20300107' }),
    );
    const dialog = screen.getByRole('dialog');
    // Nothing of the first entry is shown: every field starts empty.
    for (const input of within(dialog).getAllByRole('textbox')) expect(input).toHaveValue('');
    const wrong = [...NUMBERS];
    wrong[4] = '44445';
    await typeAll(dialog, wrong);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(server.pending(ENTER)).toHaveLength(1));
    await server.reply(ENTER, { state: 'MISMATCH', differs: ['G3'], settled: 0 });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The two entries of XSMN_HCM 20300107 differ on G3. Both operators enter the results again.',
    );
  });

  it('shows the server’s refusal and marks a wrong field; a confirmation reports the settled bets', async () => {
    await signedIn('FINANCE', '/ops?page=results');
    await answer(LIST, { list: [draw()], source: SOURCE });
    await userEvent.click(await screen.findByRole('button', { name: /Enter results of/ }));
    let dialog = screen.getByRole('dialog');
    const typo = [...NUMBERS];
    typo[1] = '1111';
    await typeAll(dialog, typo);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(server.pending(ENTER)).toHaveLength(1));
    await server.fail(
      ENTER,
      new ApiError(
        'VALIDATION',
        'Some numbers are not valid',
        { 'numbers.1': 'G1 numbers have 5 digits' },
        400,
      ),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Some numbers are not valid');
    expect(within(dialog).getByRole('textbox', { name: 'G1' })).toHaveAttribute('aria-invalid', 'true');
    // What was typed stays.
    expect(within(dialog).getByRole('textbox', { name: 'DB' })).toHaveValue('123456');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'G1' }), '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(server.pending(ENTER)).toHaveLength(1));
    expect(server.next(ENTER).input).toMatchObject({ body: { numbers: NUMBERS } });
    await server.reply(ENTER, { state: 'CONFIRMED', differs: [], settled: 3 });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Results of XSMN_HCM 20300107 confirmed: 3 bets settled.',
    );
    dialog = screen.queryByRole('dialog') as HTMLElement;
    expect(dialog).toBeNull();
  });
});
