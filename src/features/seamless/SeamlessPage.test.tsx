import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WhitelabelInfo } from '../../../contract/system.ts';
import { whitelabelQuery } from '../../api/queries.ts';
import { server } from '../../test/authHarness.tsx';
import { answer, show } from '../../test/memberHarness.tsx';
import { SeamlessPage } from './SeamlessPage.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

const info = (single: boolean): [readonly unknown[], unknown][] => [
  [whitelabelQuery().queryKey, { features: { SINGLE_WALLET: single } } as unknown as WhitelabelInfo],
];

describe('/seamless: the seamless wallet screen', () => {
  beforeEach(() => server.reset());

  it('with the single wallet: one balance for every game, shown to the member', async () => {
    show(<SeamlessPage />, 'member', {}, [...info(true)]);
    expect(await screen.findByRole('heading', { name: 'One wallet for every game' })).toBeVisible();
    await answer('/wps/v2/wallets/balance', { sumBalance: 1_234_56, currency: 'USD', currencySign: '$' });
    expect(await screen.findByText('$1,234.56')).toBeVisible();
    const steps = within(screen.getByRole('region', { name: 'How it works' })).getAllByRole('listitem');
    expect(steps[1]).toHaveTextContent('each win is paid into it at once');
    expect(screen.queryByRole('link', { name: 'My Wallet' })).toBeNull();
  });

  it('with a wallet per provider: the transfers, and My Wallet for the member', async () => {
    show(<SeamlessPage />, 'member', {}, [...info(false)]);
    expect(await screen.findByRole('heading', { name: 'A wallet per game provider' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'My Wallet' })).toHaveAttribute(
      'href',
      '/member?page=transferFund',
    );
  });

  it('asks a visitor to log in for the balance', async () => {
    show(<SeamlessPage />, 'visitor', {}, [...info(true)]);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Log in to see your balance' }));
    expect(screen.getByTestId('modal')).toHaveTextContent('login');
    expect(server.sent('/wps/v2/wallets/balance')).toHaveLength(0);
  });
});
