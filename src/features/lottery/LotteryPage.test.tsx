import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { linesOf, readNumbers, readPoints } from '../../../machines/betSlip.slip.ts';
import { SAMPLE_MENU, SERVER_TIME, sampleLottery } from '../../../machines/lotteryRefresh.events.ts';
import { ApiError } from '../../api/client.ts';
import { server } from '../../test/authHarness.tsx';
import {
  answerData,
  BALANCE,
  BETS,
  MENU,
  menuData,
  NEXT_DRAW,
  RESULTS,
  RULES,
} from '../../test/lotteryHarness.tsx';
import { answer, show } from '../../test/memberHarness.tsx';
import { LotteryPage } from './LotteryPage.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

afterEach(() => server.reset());

/** A play's price: a point's cost and win per hit, North and South (the server's defaults), 1 to 100 points. */
const RULE = (playType: string, cost: [number, number], win: [number, number]) => ({
  playType,
  pointCost: { NORTH: cost[0], SOUTH: cost[1] },
  winPerPoint: { NORTH: win[0], SOUTH: win[1] },
  minPoints: 1,
  maxPoints: 100,
});
const RULES_DATA = {
  rules: [
    RULE('LO2', [2_700, 1_800], [9_500, 9_500]),
    RULE('DE', [100, 100], [9_200, 9_200]),
    RULE('BA_CANG', [100, 100], [90_000, 90_000]),
    RULE('XIEN2', [100, 100], [1_640, 3_440]),
    RULE('XIEN3', [100, 100], [6_900, 21_700]),
    RULE('XIEN4', [100, 100], [29_900, 144_000]),
  ],
};
const PRICE = { pointCost: 2_700, winPerPoint: 9_500, minPoints: 1, maxPoints: 100 };
const COMMITMENT = 'a'.repeat(64);
const RESULT = {
  gameCode: 'XSMB',
  issue: '20291231',
  drawTime: '2029-12-31T11:15:00.000Z',
  winningNumber:
    '12345,67890,11111~22222,33333~44444~55555~66666~77777~88888,1234~5678~9012~3456,111~222~333~444~555~666,12~34~56,01~02~03~04',
  commitment: 'b'.repeat(64),
  salt: 'c'.repeat(32),
};
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The page with the menu of both prize modes, the rules, the next draw and the results answered. */
async function open(
  props: Parameters<typeof LotteryPage>[0],
  who: 'visitor' | 'member',
  games = SAMPLE_MENU,
) {
  show(<LotteryPage {...props} />, who);
  await answerData(MENU, menuData(games, SERVER_TIME));
  await answerData(MENU, menuData([], SERVER_TIME));
  expect(server.sent(MENU).map((r) => r.input)).toEqual([
    { query: { prizeMode: 'Lott' } },
    { query: { prizeMode: 'Elott' } },
  ]);
  await answerData(NEXT_DRAW, {
    gameCode: 'XSMB',
    issue: '20300101',
    drawTime: '',
    lockTime: '',
    commitment: COMMITMENT,
  });
  await answerData(RULES, RULES_DATA);
  await answerData(RESULTS, { list: [RESULT] });
  if (who === 'member') {
    await answer(BALANCE, { sumBalance: 100_000, currency: 'USD', currencySign: '$' });
    await answer(BETS, { list: [], totalPages: 0 });
  }
}

const user = () => userEvent.setup();
const grid = () => screen.getByRole('group', { name: 'Numbers' });
const pick = async (...numbers: string[]) => {
  for (const n of numbers) await user().click(within(grid()).getByRole('button', { name: n }));
};
const points = () => screen.getByLabelText('Points per line');
const slipLines = () =>
  within(screen.getByRole('region', { name: 'Bet slip' }))
    .queryAllByRole('listitem')
    .map((li) => li.textContent);

describe('slip rules', () => {
  it('read numbers per play type', () => {
    expect(readNumbers('LO2', [], '')).toEqual({ ok: false, problem: { kind: 'pickOne' } });
    expect(readNumbers('DE', ['09', '01', '09'], '')).toEqual({ ok: true, value: ['01', '09'] });
    expect(readNumbers('XIEN3', ['01', '02'], '')).toEqual({
      ok: false,
      problem: { kind: 'pickExactly', count: 3 },
    });
    expect(readNumbers('BA_CANG', [], '12a')).toEqual({ ok: false, problem: { kind: 'threeDigits' } });
    expect(readNumbers('BA_CANG', [], ' 007 ')).toEqual({ ok: true, value: ['007'] });
  });
  it('read whole points within limits', () => {
    const limits = { minPoints: 2, maxPoints: 5_000 };
    expect(readPoints('', limits)).toEqual({ ok: false, problem: { kind: 'required' } });
    expect(readPoints('1.5', limits)).toEqual({ ok: false, problem: { kind: 'format' } });
    expect(readPoints('-3', limits)).toEqual({ ok: false, problem: { kind: 'format' } });
    expect(readPoints('1', limits)).toEqual({ ok: false, problem: { kind: 'min', min: 2 } });
    expect(readPoints('5,001', limits)).toEqual({ ok: false, problem: { kind: 'max', max: 5_000 } });
    expect(readPoints('1,00', limits).ok).toBe(false);
    expect(readPoints(' 1,000 ', limits)).toEqual({ ok: true, value: 1_000 });
    expect(readPoints('7', undefined)).toEqual({ ok: true, value: 7 });
  });
  it('hold at most 20 lines', () => {
    let k = 0;
    const key = () => String(k++);
    const full = linesOf(
      'LO2',
      Array.from({ length: 20 }, (_, i) => String(i).padStart(2, '0')),
      1,
      PRICE,
      [],
      key,
    );
    expect(full.ok && full.value).toHaveLength(20);
    expect(linesOf('DE', ['01'], 1, PRICE, full.ok ? full.value : [], key)).toEqual({
      ok: false,
      problem: { kind: 'full', max: 20 },
    });
    expect(linesOf('XIEN2', ['01', '02'], 2, PRICE, [], key)).toMatchObject({
      ok: true,
      value: [{ numbers: ['01', '02'], points: 2, cost: 5_400, winPerHit: 19_000 }],
    });
  });
});

describe('Lottery betting page', () => {
  it('shows the draw: name, issue, countdown, commitment, and the results DB first', async () => {
    await open({ gameCode: 'XSMB' }, 'visitor');
    expect(screen.getByRole('heading', { level: 1, name: 'Miền Bắc' })).toBeInTheDocument();
    expect(screen.getByText('20300101')).toBeInTheDocument();
    expect(screen.getByTestId('draw-countdown').textContent).toMatch(/^00:00:(19|20)$/);
    expect(await screen.findByText(COMMITMENT)).toBeInTheDocument();
    expect(server.sent(NEXT_DRAW)[0]!.input).toEqual({ query: { gameCode: 'XSMB' } });
    expect(server.sent(RESULTS)[0]!.input).toEqual({ query: { gameCode: 'XSMB', count: 100 } });
    const table = screen.getByRole('table', { name: 'Result of issue 20291231' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows[0]).toBe('DB12345');
    expect(rows[1]).toBe('G167890');
    expect(rows[2]).toBe('G211111 · 22222');
    expect(rows.map((r) => r!.replace(/\d.*/, ''))).toEqual(['DB', 'G', 'G', 'G', 'G', 'G', 'G', 'G']);
  });

  it('asks a visitor to log in to bet', async () => {
    await open({ gameCode: 'XSMB' }, 'visitor');
    expect(screen.getByText('Log in to place bets.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place bets' })).toBeNull();
    await user().click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByTestId('modal')).toHaveTextContent('login');
    expect(screen.queryByRole('heading', { name: 'My bets' })).toBeNull();
  });

  it('says what is wrong under the fields', async () => {
    await open({ gameCode: 'XSMB' }, 'member');
    await user().click(screen.getByRole('button', { name: 'Add to slip' }));
    expect(grid()).toHaveAccessibleDescription('Choose at least one number');
    // A point of lô costs 27 units in the North.
    const hint = '1 point = $27.00 · From 1 to 100 points';
    expect(points()).toHaveAccessibleDescription(`Please enter the points ${hint}`);
    expect(points()).toHaveAttribute('aria-invalid', 'true');
    await user().type(points(), '0.5');
    await pick('07');
    await user().click(screen.getByRole('button', { name: 'Add to slip' }));
    expect(points()).toHaveAccessibleDescription(`Enter whole points, such as 1 or 10 ${hint}`);
    expect(grid()).not.toHaveAccessibleDescription();
    await user().clear(points());
    await user().type(points(), '101');
    await user().click(screen.getByRole('button', { name: 'Add to slip' }));
    expect(points()).toHaveAccessibleDescription(`At most 100 points ${hint}`);
    // Xiên 2 takes exactly two numbers; 3 càng three digits.
    await user().click(screen.getByRole('tab', { name: 'Xiên 2' }));
    await pick('01');
    await user().click(screen.getByRole('button', { name: 'Add to slip' }));
    expect(grid()).toHaveAccessibleDescription('Choose exactly 2 numbers');
    await user().click(screen.getByRole('tab', { name: 'Xiên 2' }));
    screen.getByRole('tab', { name: 'Xiên 2' }).focus();
    await user().keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: '3 càng' })).toHaveAttribute('aria-selected', 'true');
    await user().type(screen.getByLabelText('Three digits'), '12a');
    await user().click(screen.getByRole('button', { name: 'Add to slip' }));
    expect(screen.getByLabelText('Three digits')).toHaveAccessibleDescription(
      'Enter three digits, such as 123',
    );
    expect(slipLines()).toEqual([]);
    // Digits typed in the player's script (a Burmese keyboard) are the lottery's Latin digits.
    await user().clear(screen.getByLabelText('Three digits'));
    await user().type(screen.getByLabelText('Three digits'), '၁၂၃');
    expect(screen.getByLabelText('Three digits')).toHaveValue('123');
    await user().clear(points());
    await user().type(points(), '၅');
    expect(points()).toHaveValue('5');
  });

  it('builds a slip in points with its cost and win per hit, places points only and reuses the request id on retry', async () => {
    await open({ gameCode: 'XSMB', playType: 'LO2' }, 'member');
    await user().type(points(), '2');
    // Two points of lô in the North: 2 × 27.00, and 2 × 95.00 for every prize ending in the number.
    expect(screen.getByTestId('line-quote')).toHaveTextContent('Cost per line$54.00Win per hit$190.00');
    await pick('07', '08');
    await user().click(screen.getByRole('button', { name: 'Add to slip' }));
    await user().click(screen.getByRole('tab', { name: 'Xiên 2' }));
    expect(screen.getByTestId('line-quote')).toHaveTextContent('Cost per line$2.00Win if it hits$32.80');
    await pick('31', '13');
    await user().click(screen.getByRole('button', { name: 'Add to slip' }));
    expect(slipLines()).toEqual([
      'Lô 2 số 07Win per hit: $190.002 points$54.00×',
      'Lô 2 số 08Win per hit: $190.002 points$54.00×',
      'Xiên 2 13, 31Win if it hits: $32.802 points$2.00×',
    ]);
    await user().click(screen.getByRole('button', { name: 'Remove line 2' }));
    expect(slipLines()).toHaveLength(2);
    expect(screen.getByText('Total cost').parentElement).toHaveTextContent('$56.00');

    await user().click(screen.getByRole('button', { name: 'Place bets' }));
    await waitFor(() => expect(server.pending(BETS)).toHaveLength(1));
    const first = server.next(BETS).input.body as { requestId: string };
    expect(first).toEqual({
      requestId: expect.stringMatching(uuid),
      gameCode: 'XSMB',
      issue: '20300101',
      bets: [
        { playType: 'LO2', numbers: ['07'], points: 2 },
        { playType: 'XIEN2', numbers: ['13', '31'], points: 2 },
      ],
    });
    await server.fail(BETS, new ApiError('NETWORK', 'timeout'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network abnormal, please try again.');
    expect(slipLines()).toHaveLength(2);
    await user().click(screen.getByRole('button', { name: 'Place bets' }));
    await waitFor(() => expect(server.pending(BETS)).toHaveLength(1));
    expect((server.next(BETS).input.body as { requestId: string }).requestId).toBe(first.requestId);
    const bet = {
      id: 1,
      gameCode: 'XSMB',
      issue: '20300101',
      playType: 'LO2',
      numbers: ['07'],
      points: 2,
      stake: 5_400,
      winPerHit: 19_000,
      status: 'OPEN',
      winUnits: null,
      payout: null,
      createdAt: SERVER_TIME,
      settledAt: null,
    };
    await server.reply(BETS, { bets: [bet, { ...bet, id: 2 }], balance: 94_400 });
    expect(await screen.findByRole('status')).toHaveTextContent('2 bets placed. Good luck!');
    expect(slipLines()).toEqual([]);
    // The balance and the member's bets are read again.
    await waitFor(() => expect(server.pending(BALANCE)).toHaveLength(1));
    await waitFor(() => expect(server.pending(BETS)).toHaveLength(1));
    await server.reply(BETS, {
      list: [
        { ...bet, status: 'WON', winUnits: 2, payout: 38_000 },
        { ...bet, id: 2, status: 'LOST', playType: 'XIEN2', numbers: ['13', '31'], points: 1, stake: 100 },
      ],
      totalPages: 1,
    });
    const mine = await screen.findByRole('table', { name: 'My bets' });
    expect(
      within(mine)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'IssueBetStakeStatusPayout',
      '20300101Lô 2 số 072 points$54.00Won$380.00',
      '20300101Xiên 2 13, 311 point$1.00Lost—',
    ]);
  });

  it('says what is left of the loss limit when a slip would pass it', async () => {
    await open({ gameCode: 'XSMB', playType: 'LO2' }, 'member');
    await user().type(points(), '1');
    await pick('07');
    await user().click(screen.getByRole('button', { name: 'Add to slip' }));
    await user().click(screen.getByRole('button', { name: 'Place bets' }));
    await waitFor(() => expect(server.pending(BETS)).toHaveLength(1));
    await server.fail(
      BETS,
      new ApiError(
        'LIMIT_EXCEEDED',
        'You can stake 10.00 more today (daily loss limit 10.00)',
        {},
        403,
        undefined,
        {
          limit: { kind: 'LOSS', period: 'D', amount: 1_000, remaining: 1_000 },
        },
      ),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You can stake $10.00 more today (daily loss limit $10.00)',
    );
    expect(slipLines()).toHaveLength(1);
  });

  it('a closed sale shows -- : -- : -- and cannot be placed', async () => {
    await open({ gameCode: 'XSMB' }, 'member', [
      sampleLottery(1, { code: 'XSMB', labelName: 'Miền Bắc', isSale: false, remainTime: 0 }),
    ]);
    expect(screen.getByTestId('draw-countdown')).toHaveTextContent('-- : -- : --');
    expect(
      screen.getByText('Sales for this draw are closed. The next issue opens after the draw.'),
    ).toBeInTheDocument();
    await user().type(points(), '1');
    await pick('07');
    await user().click(screen.getByRole('button', { name: 'Add to slip' }));
    expect(screen.getByRole('button', { name: 'Place bets' })).toBeDisabled();
  });

  it('/vnLottery without a game code opens the first North lottery', async () => {
    show(<LotteryPage defaultTag="MB" />, 'visitor');
    await answerData(
      MENU,
      menuData(
        [
          sampleLottery(4, { code: 'HCM', tag: 'MN', labelName: 'TP. Hồ Chí Minh', gameMenuSort: 1 }),
          sampleLottery(5, { code: 'XSMB', tag: 'MB', labelName: 'Miền Bắc', gameMenuSort: 2 }),
        ],
        SERVER_TIME,
      ),
    );
    await answerData(MENU, menuData([], SERVER_TIME));
    expect(screen.getByRole('heading', { level: 1, name: 'Miền Bắc' })).toBeInTheDocument();
  });

  it('a Keno game shows its draw, countdown, commitment and results as 20-number grids, and offers no bets', async () => {
    const two = (n: number) => String(n).padStart(2, '0');
    const drawn = (from: number) => Array.from({ length: 20 }, (_, i) => two(from + i * 3));
    const keno = sampleLottery(9, {
      code: 'KENO5',
      labelName: "Keno 5'",
      tag: 'KENO',
      gameType: 'ELOTT',
      vendor: 'GPI',
      issue: '20300101-0121',
      remainTime: 200_000,
      previousWinningNumber: drawn(1).join('~'),
    });
    const result = (issue: string, from: number) => ({
      ...RESULT,
      gameCode: 'KENO5',
      issue,
      winningNumber: drawn(from).join('~'),
    });
    show(<LotteryPage gameCode="KENO5" />, 'member');
    await answerData(MENU, menuData([], SERVER_TIME));
    await answerData(MENU, menuData([SAMPLE_MENU[2]!, keno], SERVER_TIME));
    await answerData(NEXT_DRAW, {
      gameCode: 'KENO5',
      issue: '20300101-0121',
      drawTime: '',
      lockTime: '',
      commitment: COMMITMENT,
    });
    await answerData(RESULTS, { list: [result('20300101-0120', 1), result('20300101-0119', 2)] });
    expect(server.sent(NEXT_DRAW)[0]!.input).toEqual({ query: { gameCode: 'KENO5' } });
    expect(server.sent(RESULTS)[0]!.input).toEqual({ query: { gameCode: 'KENO5', count: 100 } });

    expect(screen.getByRole('heading', { level: 1, name: "Keno 5'" })).toBeInTheDocument();
    expect(screen.getByText('Keno')).toBeInTheDocument();
    expect(screen.getByText('20300101-0121')).toBeInTheDocument();
    expect(screen.getByTestId('draw-countdown').textContent).toMatch(/^00:03:(19|20)$/);
    expect(await screen.findByText(COMMITMENT)).toBeInTheDocument();
    // The previous result: its 20 numbers, no prize labels.
    const previous = screen.getByTestId('keno-numbers');
    expect([...previous.children].map((n) => n.textContent)).toEqual(drawn(1));
    // Each result a grid of its 20 numbers, ascending (the newest open).
    const newest = screen.getByRole('list', { name: 'Numbers of issue 20300101-0120' });
    expect(
      within(newest)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(drawn(1));
    const older = screen.getByRole('list', { name: 'Numbers of issue 20300101-0119', hidden: true });
    expect(within(older).getAllByRole('listitem', { hidden: true })).toHaveLength(20);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('DB')).toBeNull();

    // Instead of the bet form, the note; no odds, slip or bets are read.
    expect(
      screen.getByText('Keno results are shown here; bets on Keno are not offered.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Place a bet' })).toBeNull();
    expect(screen.queryByRole('tablist', { name: 'Play types' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Place bets' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'My bets' })).toBeNull();
    expect(server.sent(RULES)).toEqual([]);
    expect(server.sent(BETS)).toEqual([]);
  });

  it('says so when the lottery does not exist', async () => {
    show(<LotteryPage gameCode="NOPE" />, 'visitor');
    await answerData(MENU, menuData(SAMPLE_MENU, SERVER_TIME));
    await answerData(MENU, menuData([], SERVER_TIME));
    expect(screen.getByRole('heading', { name: 'This lottery is not available.' })).toBeInTheDocument();
  });
});
