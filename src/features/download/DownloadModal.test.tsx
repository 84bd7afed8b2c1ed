import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WhitelabelInfo } from '../../../contract/system.ts';
import { whitelabelQuery } from '../../api/queries.ts';
import { mount } from '../../test/authHarness.tsx';
import { DownloadAppButton } from './DownloadAppButton.tsx';

const info = (downloadResources: WhitelabelInfo['downloadResources']) =>
  ({
    brand: { name: 'Lotus Play', iconUrl: '/art/LOTUS/icon.png' },
    downloadResources,
  }) as WhitelabelInfo;

const open = async (resources: WhitelabelInfo['downloadResources']) => {
  mount(<DownloadAppButton />, { queryData: [[whitelabelQuery().queryKey, info(resources)]] });
  await userEvent.setup().click(screen.getByRole('button', { name: 'App download' }));
  // The modal's code loads on first use.
  return screen.findByRole('dialog', { name: 'Download the app' }, { timeout: 10_000 });
};

describe('download modal (spec §2: Android or iOS steps with QR codes)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows each phone’s QR code of its package, 200 px with the default margin, and its steps', async () => {
    const dialog = await open({
      Android: { name: 'Lotus Play for Android', url: '/downloads/LOTUS.apk' },
      MOBILECONFIG: { name: 'Lotus Play for iOS', url: '/downloads/LOTUS.mobileconfig' },
    });
    const tabs = within(dialog).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Android', 'iOS']);
    expect(within(dialog).getByRole('tab', { name: 'Android' })).toHaveAttribute('aria-selected', 'true');
    const qr = within(dialog).getByRole('img', { name: 'QR code for Lotus Play for Android' });
    expect(qr).toHaveAttribute('width', '200');
    expect(within(dialog).getByRole('link', { name: 'Download Lotus Play for Android' })).toHaveAttribute(
      'href',
      `${window.location.origin}/downloads/LOTUS.apk`,
    );
    expect(
      within(dialog).getByText('If your phone asks, allow installing apps from this source.'),
    ).toBeVisible();

    await userEvent.setup().click(within(dialog).getByRole('tab', { name: 'iOS' }));
    expect(within(dialog).getByRole('img', { name: 'QR code for Lotus Play for iOS' })).toBeVisible();
    const steps = within(within(dialog).getByRole('tabpanel')).getAllByRole('listitem');
    expect(steps).toHaveLength(4);
    expect(steps[2]).toHaveTextContent('Settings › General › VPN & Device Management');
    expect(steps[3]).toHaveTextContent('Open Lotus Play from your home screen and log in.');
  });

  it('says so for a phone whose package the merchant has not published, and closes', async () => {
    const dialog = await open({ MOBILECONFIG: { name: 'Lotus Play for iOS', url: '/x.mobileconfig' } });
    expect(within(dialog).getByText('The Android app is not available yet.')).toBeVisible();
    expect(within(dialog).queryByRole('img')).toBeNull();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens on the iPhone’s steps on an iPhone', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)');
    const dialog = await open({ MOBILECONFIG: { name: 'Lotus Play for iOS', url: '/x.mobileconfig' } });
    expect(within(dialog).getByRole('tab', { name: 'iOS' })).toHaveAttribute('aria-selected', 'true');
  });
});
