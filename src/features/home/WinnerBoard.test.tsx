import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyCall } from '../../../contract/call.ts';
import type { Route } from '../../../contract/routes.ts';
import type { WhitelabelInfo } from '../../../contract/system.ts';
import { ApiError } from '../../api/client.ts';
import { whitelabelQuery } from '../../api/queries.ts';
import { contractOf } from '../../test/contractOf.ts';
import { fakeIntersectionObserver } from '../../test/fakeIntersectionObserver.ts';
import { jackpotStorageKey } from './JackpotTicker.tsx';
import { WinnerBoard } from './WinnerBoard.tsx';

/** A pending request to the fake server: the test answers it (through the contract's schema) or fails it. */
interface Request {
  path: string;
  query: unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
  contract: AnyCall;
}
const requests: Request[] = [];
vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (c: AnyCall | Route<AnyCall>, input: { query?: unknown } = {}) =>
    new Promise((resolve, reject) =>
      requests.push({ path: c.path, query: input.query, resolve, reject, contract: contractOf(c) }),
    ),
}));

const WINNERS = '/wps/game/winners';

function pending(): Request {
  const r = requests.shift();
  if (!r) throw new Error('the board sent no request');
  return r;
}

/** Answers the oldest request with `{ success: true, value }`, parsed by the call's response schema. */
async function reply(value: unknown) {
  const r = pending();
  expect(r.path).toBe(WINNERS);
  r.resolve(r.contract.response.parse({ success: true, value }));
  return r;
}

const win = (customerId: number, customerName: string, gameName: string, winAmount: number) => ({
  customerId,
  vo: { iconUrl: `/art/DEMO/tiles/${customerId}.png`, customerName, gameName, winAmount },
});

const WINS = [
  win(11, 'ba***21', 'Fortune Dragon', 123_456),
  win(0, 'mi***07', 'Fish Hunter', 5_000),
  win(11, 'ba***21', 'Baccarat', 4_999_999),
];

function renderBoard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(whitelabelQuery().queryKey, {
    merchantCode: 'DEMO',
    brand: { currencySign: '₫' },
  } as WhitelabelInfo);
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <WinnerBoard />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

const winsList = () => screen.findByRole('list', { name: 'Latest wins' });

describe('winner board', () => {
  beforeEach(() => {
    requests.length = 0;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the latest 20 wins of all games, shows placeholders until they come, then each win', async () => {
    renderBoard();
    const board = screen.getByRole('region', { name: 'Winner board' });
    expect(board).toHaveAttribute('aria-busy', 'true');
    expect(board.querySelectorAll('[data-skeleton]')).toHaveLength(5);
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    const request = await reply({ list: WINS });
    expect(request.query).toEqual({ gameCategory: 'ALL', limitNum: 20, language: 'en' });

    const items = within(await winsList()).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(board).toHaveAttribute('aria-busy', 'false');
    expect(board.querySelectorAll('[data-skeleton]')).toHaveLength(0);
    expect(items[0]).toHaveTextContent('ba***21');
    expect(items[0]).toHaveTextContent('Fortune Dragon');
    // Minor units, the merchant's sign, thousands separators and 2 decimals.
    expect(items[0]).toHaveTextContent('₫1,234.56');
    expect(items[1]).toHaveTextContent('₫50.00');
    expect(items[2]).toHaveTextContent('₫49,999.99');
    // The game icon is decoration beside the game's name.
    expect(items[0]!.querySelector('img')).toHaveAttribute('src', '/art/DEMO/tiles/11.png');
    expect(items[0]!.querySelector('img')).toHaveAttribute('alt', '');
  });

  it("loads the games' pictures only once the list is in view (a phone's first screen ends just above it)", async () => {
    const io = fakeIntersectionObserver();
    renderBoard();
    await reply({ list: WINS });
    const items = within(await winsList()).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Fortune Dragon');
    expect(document.querySelectorAll('img')).toHaveLength(0);
    expect(io.observers.map((o) => o.options?.rootMargin)).toContain('0px');
    await io.enter(true);
    const icons = [...document.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(icons).toEqual(['/art/DEMO/tiles/11.png', '/art/DEMO/tiles/0.png', '/art/DEMO/tiles/11.png']);
  });

  it('says so when nobody has won yet', async () => {
    renderBoard();
    await reply({ list: [] });
    expect(await screen.findByText('No wins yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows an error with a retry that asks again', async () => {
    renderBoard();
    pending().reject(new ApiError('NETWORK', 'offline'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The latest wins could not be loaded.');
    expect(screen.queryByRole('list')).toBeNull();

    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await reply({ list: WINS });
    expect(within(await winsList()).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the wins of the category picked', async () => {
    renderBoard();
    await reply({ list: WINS });
    await winsList();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Fishing');
    const request = await reply({ list: [WINS[1]] });
    expect(request.query).toEqual({ gameCategory: 'FISH', limitNum: 20, language: 'en' });
    await vi.waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByRole('listitem')).toHaveTextContent('Fish Hunter');
  });

  it('offers all games and every category', () => {
    renderBoard();
    const options = within(screen.getByRole('combobox', { name: 'Category' })).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'All games',
      'Live Casino',
      'Sports',
      'Fishing',
      'Slots',
      'Card Games',
      'E-Sports',
      'Cockfight',
      'Lottery',
      'Originals',
    ]);
  });

  it('shows the jackpot figure kept for this merchant, in its currency, and keeps it there', () => {
    localStorage.setItem(jackpotStorageKey('DEMO'), '654321098');
    localStorage.setItem(jackpotStorageKey('OTHER'), '111111111');
    renderBoard();
    const jackpot = screen.getByRole('figure', { name: 'Jackpot' });
    expect(jackpot.querySelector('data')).toHaveTextContent('₫654,321,098');
    expect(localStorage.getItem(jackpotStorageKey('DEMO'))).toBe('654321098');
    expect(jackpotStorageKey('DEMO')).not.toBe(jackpotStorageKey('OTHER'));
  });
});
