import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpsSettings } from '../../../contract/merchantSettings.ts';
import { ApiError } from '../../api/client.ts';
import { answer, reset, server, signedIn } from '../../test/opsHarness.tsx';

vi.mock('../../api/client.ts', async (original) =>
  (await import('../../test/opsClientMock.ts')).opsClientMock(original),
);

afterEach(reset);

const SETTINGS = '/ops/merchants/:code/settings';
const DOMAINS = '/ops/merchants/:code/domains';
const DETAILS = '/ops/merchants/:code/payment-details';

const rule = (field: 'username' | 'password' | 'email', enabled: boolean) => ({
  field,
  enabled,
  required: enabled,
  minLength: 6,
  maxLength: 20,
  patternId: 0,
  acceptedPattern: '*',
});

const SETTINGS_REPLY: OpsSettings = {
  code: 'PORTICO',
  brand: {
    name: 'Portico',
    primary: '#6142bf',
    accent: '#f5b301',
    defaultTheme: 'dark',
    logoUrl: '/art/PORTICO/logo.svg',
    iconUrl: '/art/PORTICO/icon.svg',
    currency: 'USD',
    currencySign: '$',
  },
  domains: ['localhost', 'portico.localhost'],
  registerFields: [rule('username', true), rule('password', true), rule('email', false)],
  ageLimit: 18,
  customerService: [{ csType: 'LIVECHAT', path: 'https://t.me/portico_support' }],
  social: { facebook: 'https://facebook.com/portico', telegram: '' },
  downloadResources: { MOBILECONFIG: { name: 'Portico for iOS', url: '/downloads/PORTICO.mobileconfig' } },
  gtagId: '',
  imageCDNs: [],
  launchGameCDNs: [],
};

const region = (name: string) => screen.findByRole('region', { name });

describe('Brand & domains', () => {
  it('saves the brand with the server’s words under a refused name, and keeps what was typed', async () => {
    await signedIn('CONTENT', '/ops?page=brand');
    await answer(SETTINGS, { settings: SETTINGS_REPLY });
    const brand = await region('Brand');
    const name = within(brand).getByLabelText('Brand name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Portico Royale');
    await userEvent.selectOptions(within(brand).getByLabelText('Default theme'), 'light');
    expect(within(brand).getByLabelText('Currency sign')).toHaveAttribute('readonly');
    await userEvent.click(within(brand).getByRole('button', { name: 'Save brand' }));
    await waitFor(() => expect(server.pending(SETTINGS)).toHaveLength(1));
    expect(server.next(SETTINGS).input).toEqual({
      params: { code: 'PORTICO' },
      body: {
        brand: { name: 'Portico Royale', primary: '#6142bf', accent: '#f5b301', defaultTheme: 'light' },
      },
    });
    const wrong = 'No control characters';
    await server.fail(SETTINGS, new ApiError('VALIDATION', wrong, { 'brand.name': wrong }, 400));
    await waitFor(() => expect(name).toHaveAccessibleDescription(wrong));
    expect(name).toHaveValue('Portico Royale');

    await userEvent.click(within(brand).getByRole('button', { name: 'Save brand' }));
    await waitFor(() => expect(server.pending(SETTINGS)).toHaveLength(1));
    await server.reply(SETTINGS, {
      settings: { ...SETTINGS_REPLY, brand: { ...SETTINGS_REPLY.brand, name: 'Portico Royale' } },
    });
    expect(await screen.findByText('The brand is saved. Players see it from their next page.')).toBeVisible();
    // CONTENT sees the domains, ADMIN changes them.
    const domains = screen.getByRole('region', { name: 'Domains' });
    expect(within(domains).getByText('portico.localhost')).toBeVisible();
    expect(within(domains).queryByRole('button', { name: 'Add domain' })).toBeNull();
  });

  it('lets ADMIN add a domain (a taken one refused under the field) and remove one', async () => {
    await signedIn('ADMIN', '/ops?page=brand');
    await answer(SETTINGS, { settings: SETTINGS_REPLY });
    const domains = await region('Domains');
    const typed = within(domains).getByLabelText('New domain');
    await userEvent.type(typed, 'lotus.localhost');
    await userEvent.click(within(domains).getByRole('button', { name: 'Add domain' }));
    await waitFor(() => expect(server.pending(DOMAINS)).toHaveLength(1));
    expect(server.next(DOMAINS).input).toEqual({
      params: { code: 'PORTICO' },
      body: { domain: 'lotus.localhost' },
    });
    const taken = 'Another merchant is served on this domain';
    await server.fail(
      DOMAINS,
      new ApiError('CONFLICT', 'lotus.localhost is already served', { domain: taken }, 409),
    );
    await waitFor(() => expect(typed).toHaveAccessibleDescription(expect.stringContaining(taken)));

    await userEvent.clear(typed);
    await userEvent.type(typed, 'play.portico.example');
    await userEvent.click(within(domains).getByRole('button', { name: 'Add domain' }));
    await answer(DOMAINS, { domains: [...SETTINGS_REPLY.domains, 'play.portico.example'] });
    expect(await within(domains).findByText('play.portico.example')).toBeVisible();
    expect(screen.getByText('play.portico.example is added.')).toBeVisible();

    const REMOVE = '/ops/merchants/:code/domains/:domain';
    await userEvent.click(within(domains).getByRole('button', { name: 'Remove localhost' }));
    await waitFor(() => expect(server.pending(REMOVE)).toHaveLength(1));
    expect(server.next(REMOVE).input).toEqual({ params: { code: 'PORTICO', domain: 'localhost' } });
    await server.reply(REMOVE, { domains: ['play.portico.example', 'portico.localhost'] });
    await waitFor(() => expect(within(domains).queryByText('localhost')).toBeNull());
  });
});

describe('Links & apps', () => {
  it('offers an Android package beside the iOS profile, and shows a refused address under its field', async () => {
    await signedIn('CONTENT', '/ops?page=site');
    await answer(SETTINGS, { settings: SETTINGS_REPLY });
    const apps = await region('App downloads');
    await userEvent.type(within(apps).getByLabelText('Android app name'), 'Portico for Android');
    const url = within(apps).getByLabelText('Android package address (.apk)');
    await userEvent.type(url, 'http://cdn.example/app.apk');
    await userEvent.click(within(apps).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.pending(SETTINGS)).toHaveLength(1));
    expect(server.next(SETTINGS).input.body).toEqual({
      downloadResources: {
        Android: { name: 'Portico for Android', url: 'http://cdn.example/app.apk' },
        MOBILECONFIG: { name: 'Portico for iOS', url: '/downloads/PORTICO.mobileconfig' },
      },
    });
    const https = 'An https:// address or a path of this site';
    await server.fail(
      SETTINGS,
      new ApiError('VALIDATION', https, { 'downloadResources.Android.url': https }, 400),
    );
    await waitFor(() => expect(url).toHaveAccessibleDescription(expect.stringContaining(https)));

    const analytics = screen.getByRole('region', { name: 'Analytics and CDNs' });
    await userEvent.type(within(analytics).getByLabelText('Google Analytics id'), 'G-ABC1234');
    await userEvent.type(
      within(analytics).getByLabelText('Picture CDNs'),
      'https://img.example{enter}https://img2.example',
    );
    await userEvent.click(within(analytics).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.pending(SETTINGS)).toHaveLength(1));
    expect(server.next(SETTINGS).input.body).toEqual({
      gtagId: 'G-ABC1234',
      imageCDNs: ['https://img.example', 'https://img2.example'],
      launchGameCDNs: [],
    });
  });

  it('shows SUPPORT the settings read-only', async () => {
    await signedIn('SUPPORT', '/ops?page=site');
    await answer(SETTINGS, { settings: SETTINGS_REPLY });
    const desks = await region('Customer service');
    expect(within(desks).getByLabelText('Live chat address')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('Registration', () => {
  it('shows a field, raises the age limit and sends every rule', async () => {
    await signedIn('CONTENT', '/ops?page=registration');
    await answer(SETTINGS, { settings: SETTINGS_REPLY });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Show email' }));
    await userEvent.selectOptions(screen.getByLabelText('Players must be at least'), '21');
    await userEvent.click(screen.getByRole('button', { name: 'Save registration rules' }));
    await waitFor(() => expect(server.pending(SETTINGS)).toHaveLength(1));
    expect(server.next(SETTINGS).input.body).toEqual({
      ageLimit: 21,
      registerFields: [
        rule('username', true),
        rule('password', true),
        { ...rule('email', false), enabled: true },
      ],
    });
    const needed = 'Registration needs this field, shown and required';
    await server.fail(
      SETTINGS,
      new ApiError('VALIDATION', needed, { 'registerFields.1.enabled': needed }, 400),
    );
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Show password' })).toHaveAccessibleDescription(needed),
    );
  });
});

describe('House bank account', () => {
  const bank = { bankName: 'Demo Bank', accountName: 'Portico Gaming Ltd', accountNo: '6200 1234 5678' };

  it('drafts a new account for another operator to approve', async () => {
    await signedIn('FINANCE', '/ops?page=payment-details');
    await answer(DETAILS, { bank, pending: null });
    const form = await region('House bank account');
    const name = within(form).getByLabelText('Account name');
    await userEvent.clear(name);
    await userEvent.type(name, 'PORTICO ENTERTAINMENT');
    await userEvent.click(within(form).getByRole('button', { name: 'Draft the new account' }));
    await waitFor(() => expect(server.pending(DETAILS)).toHaveLength(1));
    const sent = server.next(DETAILS);
    expect(sent.input).toEqual({
      params: { code: 'PORTICO' },
      body: { ...bank, accountName: 'PORTICO ENTERTAINMENT' },
    });
    const proposed = { bank: { ...bank, accountName: 'PORTICO ENTERTAINMENT' } };
    const change = {
      id: 7,
      merchantCode: 'PORTICO',
      kind: 'RULES',
      ref: 'payments',
      label: 'payments',
      current: { bank },
      proposed,
      status: 'DRAFT',
      draftedBy: 'finance',
      draftedAt: '2030-01-01T00:00:00.000Z',
      decidedBy: null,
      decidedAt: null,
      remark: null,
      mine: true,
    };
    await server.reply(DETAILS, { change });
    expect(
      await screen.findByText(
        'The new account is drafted. It is in force once another operator approves it.',
      ),
    ).toBeVisible();
    // Read again: the draft waits beside the account in force.
    await answer(DETAILS, { bank, pending: change });
    const waiting = await region('Waiting for approval');
    expect(within(waiting).getByText('Demo Bank · PORTICO ENTERTAINMENT · 6200 1234 5678')).toBeVisible();
  });

  it('is not in CONTENT’s menu', async () => {
    await signedIn('CONTENT', '/ops?page=brand');
    await answer(SETTINGS, { settings: SETTINGS_REPLY });
    expect(screen.queryByRole('link', { name: 'House bank account' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Brand & domains' })).toBeVisible();
  });
});
