import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { renderHook, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleLottery } from '../../../machines/lotteryRefresh.events.ts';
import { server } from '../../test/authHarness.tsx';
import { answerData, BALANCE, BETS, RESULTS } from '../../test/lotteryHarness.tsx';
import { answer, show } from '../../test/memberHarness.tsx';
import { useLotteryLabels } from './labels.ts';
import { MyBets } from './MyBets.tsx';
import { Results } from './Results.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

afterEach(() => {
  server.reset();
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

const game = sampleLottery(1, { code: 'XSMB', previousWinningTime: '2029-12-31T11:15:00.000Z' });
const BET = {
  id: 1,
  gameCode: 'XSMB',
  issue: '20291231',
  playType: 'BA_CANG',
  numbers: ['027', '123'],
  points: 1500,
  stake: 123_456_789,
  winPerHit: 9_000_000,
  status: 'WON',
  winUnits: 1,
  payout: 9_000_000,
  createdAt: '2029-12-31T10:00:00.000Z',
  settledAt: '2029-12-31T11:20:00.000Z',
};
// A local moment, so that the date reads the same in any time zone the suite runs in.
const DRAWN = new Date(2029, 11, 31, 18, 15);
const RESULT = {
  gameCode: 'XSMB',
  issue: '20291231',
  drawTime: DRAWN.toISOString(),
  winningNumber:
    '12345,67890,11111~22222,33333~44444~55555~66666~77777~88888,1234~5678~9012~3456,111~222~333~444~555~666,12~34~56,01~02~03~04',
  commitment: 'b'.repeat(64),
  salt: 'c'.repeat(32),
};

/**
 * Each locale as Node's Intl gives it (src/i18n/format.ts): the stake and payout in the merchant's sign with 2
 * decimals, the points count, the draw's date (Thai: the Buddhist year). Issue and bet numbers stay Latin.
 */
const EXPECTED = {
  km: { stake: '$1,234,567.89', payout: '$90,000.00', points: '1,500 points', drawn: '31/12/2029' },
  my: { stake: '$၁,၂၃၄,၅၆၇.၈၉', payout: '$၉၀,၀၀၀.၀၀', points: '၁,၅၀၀ points', drawn: '၃၁/၁၂/၂၀၂၉' },
  lo: { stake: '$1.234.567,89', payout: '$90.000,00', points: '1.500 points', drawn: '31/12/2029' },
  th: { stake: '$1,234,567.89', payout: '$90,000.00', points: '1,500 points', drawn: '31/12/2572' },
  hi: { stake: '$12,34,567.89', payout: '$90,000.00', points: '1,500 points', drawn: '31/12/2029' },
  'zh-Hant': { stake: '$1,234,567.89', payout: '$90,000.00', points: '1,500 points', drawn: '2029/12/31' },
  'pt-BR': { stake: '$1.234.567,89', payout: '$90.000,00', points: '1.500 points', drawn: '31/12/2029' },
  bn: { stake: '$১২,৩৪,৫৬৭.৮৯', payout: '$৯০,০০০.০০', points: '১,৫০০ points', drawn: '৩১/১২/২০২৯' },
};

describe.each(Object.entries(EXPECTED))('the lottery page in %s', (locale, want) => {
  it('shows amounts, counts and dates in the locale, bet and issue numbers in Latin digits', async () => {
    // Source messages (the catalogues' words are checked by i18n:check): what matters here is the digits.
    i18n.loadAndActivate({ locale, messages: {} });
    show(
      <>
        <MyBets game={game} />
        <Results game={game} />
      </>,
    );
    await answer(BALANCE, { sumBalance: 100_000, currency: 'USD', currencySign: '$' });
    await answer(BETS, { list: [BET], totalPages: 1 });
    await answerData(RESULTS, { list: [RESULT] });

    const row = within(await screen.findByRole('table', { name: 'My bets' })).getAllByRole('row')[1]!;
    const cells = within(row).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent(/^20291231$/);
    expect(cells[1]).toHaveTextContent('027, 123');
    expect(cells[1]).toHaveTextContent(want.points);
    expect(cells[2]).toHaveTextContent(want.stake);
    expect(cells[4]).toHaveTextContent(want.payout);

    const drawn = screen.getByText(
      (_, el) => el?.tagName === 'TIME' && el.getAttribute('dateTime') === RESULT.drawTime,
    );
    expect(drawn.textContent).toContain(want.drawn);
    const prizes = screen.getByRole('table', { name: 'Result of issue 20291231' });
    expect(within(prizes).getByRole('row', { name: /^DB/ })).toHaveTextContent('12345');
    expect(within(prizes).getByRole('row', { name: /^G7/ })).toHaveTextContent('01 · 02 · 03 · 04');
  });
});

describe('a draw’s countdown', () => {
  it('counts down in the locale’s digits: it is a time, not a lottery number', () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    );
    i18n.loadAndActivate({ locale: 'my', messages: {} });
    const my = renderHook(() => useLotteryLabels(), { wrapper }).result.current;
    expect(my.countdown({ kind: 'clock', text: '01:02:03' })).toBe('၀၁:၀၂:၀၃');
    expect(my.countdown({ kind: 'days', days: 2, hours: 15 })).toBe('၂d ၁၅h');
    i18n.loadAndActivate({ locale: 'th', messages: {} });
    const th = renderHook(() => useLotteryLabels(), { wrapper }).result.current;
    expect(th.countdown({ kind: 'clock', text: '01:02:03' })).toBe('01:02:03');
  });
});
