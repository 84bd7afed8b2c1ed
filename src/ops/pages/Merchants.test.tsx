import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { answer, reset, server, signedIn } from '../../test/opsHarness.tsx';

vi.mock('../../api/client.ts', async (original) =>
  (await import('../../test/opsClientMock.ts')).opsClientMock(original),
);

afterEach(reset);

const UPDATE = '/ops/merchants/:code';

const flags = () => screen.getByRole('region', { name: 'Feature flags' });

describe('Merchants', () => {
  it('switches a feature flag of the picked merchant with only that flag in the body', async () => {
    await signedIn('ADMIN', '/ops?page=merchants&merchant=LOTUS');
    const points = await within(await screen.findByRole('region', { name: 'Feature flags' })).findByRole(
      'switch',
      {
        name: 'PTSYS3',
      },
    );
    expect(points).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(points);
    await waitFor(() => expect(server.pending(UPDATE)).toHaveLength(1));
    expect(server.next(UPDATE).input).toEqual({
      params: { code: 'LOTUS' },
      body: { features: { PTSYS3: true } },
    });
    await server.reply(UPDATE, { merchantCode: 'LOTUS' });
    await waitFor(() =>
      expect(within(flags()).getByRole('switch', { name: 'PTSYS3' })).toHaveAttribute('aria-checked', 'true'),
    );
    expect(screen.getByRole('status')).toHaveTextContent('LOTUS is saved.');
    // The merchants are read again behind the switch.
    await waitFor(() => expect(server.sent('/ops/merchants')).toHaveLength(2));
  });

  it('turns maintenance on with its end, and shows the server’s message under a wrong country', async () => {
    await signedIn('ADMIN', '/ops?page=merchants');
    const maintenance = await screen.findByRole('region', { name: 'Maintenance' });
    await userEvent.click(within(maintenance).getByRole('switch', { name: 'Maintenance' }));
    await userEvent.type(within(maintenance).getByLabelText('Ends (optional)'), '2030-05-01T10:30');
    await userEvent.click(within(maintenance).getByRole('button', { name: 'Save maintenance' }));
    await waitFor(() => expect(server.pending(UPDATE)).toHaveLength(1));
    expect(server.next(UPDATE).input).toEqual({
      params: { code: 'PORTICO' },
      body: { maintenance: true, maintenanceEnd: new Date('2030-05-01T10:30').toISOString() },
    });
    await server.reply(UPDATE, { merchantCode: 'PORTICO' });

    const countries = screen.getByRole('region', { name: 'Restricted countries' });
    const codes = within(countries).getByLabelText('Country codes');
    await userEvent.type(codes, 'us, Sgp');
    await userEvent.click(within(countries).getByRole('button', { name: 'Save countries' }));
    await waitFor(() => expect(server.pending(UPDATE)).toHaveLength(1));
    expect(server.next(UPDATE).input.body).toEqual({ restrictedCountries: ['US', 'SGP'] });
    const wrong = 'Country is a 2-letter ISO code';
    await server.fail(UPDATE, new ApiError('VALIDATION', wrong, { 'restrictedCountries.1': wrong }, 400));
    await waitFor(() => expect(codes).toHaveAccessibleDescription(expect.stringContaining(wrong)));
    expect(codes).toHaveValue('us, Sgp');
  });

  it('shows CONTENT the switches read-only, without adding merchants', async () => {
    await signedIn('CONTENT', '/ops?page=merchants');
    const points = await within(await screen.findByRole('region', { name: 'Feature flags' })).findByRole(
      'switch',
      {
        name: 'PTSYS3',
      },
    );
    expect(points).toHaveAttribute('aria-checked', 'true');
    expect(points).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save maintenance' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add merchant' })).toBeNull();
  });

  it('adds a merchant', async () => {
    await signedIn('ADMIN', '/ops?page=merchants');
    await userEvent.click(await screen.findByRole('button', { name: 'Add merchant' }));
    const form = screen.getByRole('region', { name: 'New merchant' });
    await userEvent.type(within(form).getByLabelText('Code'), 'jade');
    await userEvent.type(within(form).getByLabelText('Name'), 'Jade Club');
    await userEvent.type(within(form).getByLabelText('Domains'), 'jade.localhost, jade.example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(server.pending('/ops/merchants')).toHaveLength(1));
    expect(server.next('/ops/merchants').input.body).toEqual({
      code: 'JADE',
      name: 'Jade Club',
      domains: ['jade.localhost', 'jade.example.com'],
      primary: '#6142bf',
      accent: '#f5b301',
      defaultTheme: 'dark',
      copyCatalogueFrom: 'PORTICO',
    });
    await answer('/ops/merchants', { merchantCode: 'JADE' });
    expect(await screen.findByRole('status')).toHaveTextContent('Merchant JADE added.');
  });
});
