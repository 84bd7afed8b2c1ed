import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/authHarness.tsx';
import { show } from '../../test/memberHarness.tsx';
import { ContactPage } from './ContactPage.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

const WHITELABEL = {
  customerService: [
    { csType: 'LIVECHAT', path: 'https://chat.example/live' },
    { csType: 'VIP', path: 'https://chat.example/vip' },
  ],
  social: { facebook: 'https://facebook.example/brand', telegram: 'https://t.example/brand' },
};

afterEach(() => {
  server.reset();
  vi.restoreAllMocks();
});

async function openCustomerService() {
  const open = vi.spyOn(window, 'open').mockReturnValue(null);
  const button = screen.getByRole('button', { name: /Customer service/ });
  await waitFor(() => expect(button).toBeEnabled());
  await userEvent.click(button);
  return open.mock.calls[0];
}

describe('contact page', () => {
  it('sends a visitor to live chat in a 440×750 window and lists the support channels and feedback', async () => {
    show(<ContactPage />, 'visitor', {}, [[['whitelabel'], WHITELABEL]]);
    expect(screen.getByRole('heading', { name: 'Contact us' })).toBeInTheDocument();
    expect(await openCustomerService()).toEqual([
      'https://chat.example/live',
      'customer-service',
      'width=440,height=750,noopener',
    ]);
    expect(screen.getByRole('link', { name: 'Facebook support' })).toHaveAttribute(
      'href',
      WHITELABEL.social.facebook,
    );
    expect(screen.getByRole('link', { name: 'Telegram support' })).toHaveAttribute(
      'href',
      WHITELABEL.social.telegram,
    );
    expect(screen.getByRole('link', { name: 'help center' })).toHaveAttribute('href', '/helpmc');
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
  });

  it('sends a member above club rank 4 to VIP support', async () => {
    const rank = (rankLevel: number) => ({
      clubLabel: { labelName: 'Gold', color: '#fff', color2: '#000', rankLevel },
    });
    show(<ContactPage />, 'member', rank(5), [[['whitelabel'], WHITELABEL]]);
    await waitFor(async () => expect((await openCustomerService())?.[0]).toBe('https://chat.example/vip'));
  });
});
