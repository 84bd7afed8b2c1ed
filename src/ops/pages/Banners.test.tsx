import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpsBanner } from '../../../contract/backoffice.ts';
import { ApiError } from '../../api/client.ts';
import { answer, MERCHANTS, refuse, reset, server, signedIn } from '../../test/opsHarness.tsx';

vi.mock('../../api/client.ts', async (original) =>
  (await import('../../test/opsClientMock.ts')).opsClientMock(original),
);

afterEach(reset);

const LIST = '/ops/merchants/:code/banners';
const PICTURE = '/ops/merchants/:code/banners/:id/picture';
const BRAND = '/ops/merchants/:code/brand/:slot';

const banner = (b: Partial<OpsBanner>): OpsBanner => ({
  id: 7,
  groupName: 'home',
  linkageType: 'NONE',
  link: '',
  titles: { en: 'Welcome bonus' },
  sort: 0,
  pictureUrl: null,
  ...b,
});
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'hero.png', { type: 'image/png' });

describe('Banners and brand pictures', () => {
  it('uploads a banner’s picture and shows it in place of the drawn one', async () => {
    await signedIn('CONTENT', '/ops?page=banners');
    await answer(LIST, { list: [banner({})] });
    const table = await screen.findByRole('table', { name: 'Banners' });
    expect(within(table).getByText('Drawn from the title')).toBeInTheDocument();
    await userEvent.upload(
      within(table).getByLabelText('Picture of banner Welcome bonus (1200 × 360)'),
      png(),
    );
    await waitFor(() => expect(server.pending(PICTURE)).toHaveLength(1));
    const sent = server.next(PICTURE).input as { params: object; body: FormData };
    expect(sent.params).toEqual({ code: 'PORTICO', id: 7 });
    expect(sent.body.get('file')).toBeInstanceOf(File);
    const url = '/pictures/PORTICO/banner-0123456789abcdef0123456789abcdef.webp';
    await server.reply(PICTURE, { url });
    expect(await screen.findByText('Banner picture uploaded.')).toBeInTheDocument();
    await answer(LIST, { list: [banner({ pictureUrl: url })] });
    expect(await screen.findByRole('img', { name: 'Picture of banner Welcome bonus' })).toHaveAttribute(
      'src',
      url,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove the picture of banner Welcome bonus' }));
    await waitFor(() => expect(server.pending(PICTURE)).toHaveLength(1));
    expect(server.next(PICTURE).input.params).toEqual({ code: 'PORTICO', id: 7 });
    await server.reply(PICTURE, { url: '/art/PORTICO/banners/7.webp?lang=en' });
    expect(
      await screen.findByText('Banner picture removed: drawn from its title again.'),
    ).toBeInTheDocument();
  });

  it('uploads the logo, and says why a picture was refused', async () => {
    await signedIn('CONTENT', '/ops?page=banners');
    await answer(LIST, { list: [] });
    const panel = screen.getByRole('region', { name: 'Logo and site icon' });
    await userEvent.upload(within(panel).getByLabelText('Logo (512 × 256), png, jpg or webp'), png());
    await waitFor(() => expect(server.pending(BRAND)).toHaveLength(1));
    expect(server.next(BRAND).input.params).toEqual({ code: 'PORTICO', slot: 'logo' });
    await refuse(
      BRAND,
      new ApiError(
        'VALIDATION',
        'The file is not a png, jpg or webp picture',
        { file: 'The file is not a png, jpg or webp picture' },
        400,
      ),
    );
    expect(await within(panel).findByText('The file is not a png, jpg or webp picture')).toBeInTheDocument();

    await userEvent.upload(within(panel).getByLabelText('Site icon (256 × 256), png, jpg or webp'), png());
    await waitFor(() => expect(server.pending(BRAND)).toHaveLength(1));
    expect(server.next(BRAND).input.params).toEqual({ code: 'PORTICO', slot: 'icon' });
    await server.reply(BRAND, {
      brand: {
        ...MERCHANTS[0]!.brand,
        iconUrl: '/pictures/PORTICO/icon-0123456789abcdef0123456789abcdef.png',
      },
    });
    expect(await within(panel).findByText('Site icon uploaded.')).toBeInTheDocument();
  });

  it('shows a reading role no upload', async () => {
    await signedIn('SUPPORT', '/ops?page=banners');
    await answer(LIST, { list: [banner({})] });
    await screen.findByRole('table', { name: 'Banners' });
    expect(screen.queryByRole('region', { name: 'Logo and site icon' })).toBeNull();
    expect(screen.queryByLabelText(/Picture of banner/)).toBeNull();
  });
});
