import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpsGame } from '../../../contract/catalogue.ts';
import { ApiError } from '../../api/client.ts';
import { answer, refuse, reset, server, signedIn } from '../../test/opsHarness.tsx';

vi.mock('../../api/client.ts', async (original) =>
  (await import('../../test/opsClientMock.ts')).opsClientMock(original),
);

afterEach(reset);

const LIST = '/ops/merchants/:code/games';
const VENDORS = '/ops/merchants/:code/vendors';
const ICON = '/ops/merchants/:code/games/:nodeId/icon';

const game = (g: Partial<OpsGame>): OpsGame => ({
  nodeId: 'RNG_1',
  names: { en: 'Lucky Seven' },
  vendor: 'PG',
  vendorName: 'PG Soft',
  gameType: 'RNG',
  gameClassify: 'SLOT',
  isHot: false,
  isNew: false,
  sort: 3,
  hidden: false,
  maintenanceUntil: null,
  iconUrl: '/art/PORTICO/tiles/RNG_1.webp',
  uploadedIcon: false,
  fromFeed: false,
  ...g,
});
const SEVEN = game({});
const DRAGON = game({ nodeId: 'RNG_2', names: { en: 'Dragon Gold' }, isHot: true, sort: 4 });

async function opened(role: 'CONTENT' | 'SUPPORT' = 'CONTENT') {
  await signedIn(role, '/ops?page=games');
  await answer(VENDORS, { list: [] });
  await answer(LIST, { list: [SEVEN, DRAGON], totalPages: 1 });
  return screen.findByRole('table', { name: 'Games' });
}

describe('Games', () => {
  it('searches by vendor, type, flag and name', async () => {
    await opened();
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'LIVE');
    await userEvent.selectOptions(screen.getByLabelText('Flag'), 'hidden');
    await userEvent.type(screen.getByLabelText('Name'), ' baccarat ');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(server.pending(LIST)).toHaveLength(1));
    expect(server.next(LIST).input.query).toEqual({
      pageNo: 1,
      gameType: 'LIVE',
      flag: 'hidden',
      name: 'baccarat',
    });
  });

  it('sets one game’s flags from its row and hides it from lobbies', async () => {
    const table = await opened();
    const seven = within(table).getByText('Lucky Seven').closest('tr')!;
    await userEvent.click(within(seven).getByRole('switch', { name: 'Hot: Lucky Seven' }));
    await waitFor(() => expect(server.pending(LIST)).toHaveLength(1));
    const edit = server.next(LIST);
    expect(edit.input).toMatchObject({
      params: { code: 'PORTICO' },
      body: { nodeIds: ['RNG_1'], set: { isHot: true } },
    });
    await server.reply(LIST, { list: [game({ isHot: true })] });
    expect(await screen.findByText('1 game changed.')).toBeInTheDocument();
    await answer(LIST, { list: [game({ isHot: true }), DRAGON], totalPages: 1 });

    const row = within(screen.getByRole('table', { name: 'Games' }))
      .getByText('Lucky Seven')
      .closest('tr')!;
    const shown = within(row).getByRole('switch', { name: 'Shown in lobbies: Lucky Seven' });
    expect(shown).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(shown);
    await waitFor(() => expect(server.pending(LIST)).toHaveLength(1));
    expect(server.next(LIST).input.body).toEqual({ nodeIds: ['RNG_1'], set: { hidden: true } });
  });

  it('changes a selection at once: maintenance until a time, and shows the server’s refusal', async () => {
    const table = await opened();
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select Lucky Seven' }));
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select Dragon Gold' }));
    const bar = screen.getByRole('group', { name: 'Change the selected games' });
    expect(bar).toHaveTextContent('2 games selected');
    const start = within(bar).getByRole('button', { name: 'Start maintenance' });
    expect(start).toBeDisabled();
    await userEvent.type(within(bar).getByLabelText('Under maintenance until'), '2030-05-06T07:30');
    await userEvent.click(start);
    await waitFor(() => expect(server.pending(LIST)).toHaveLength(1));
    const sent = server.next(LIST).input.body as { nodeIds: string[]; set: { maintenanceUntil: string } };
    expect(sent.nodeIds).toEqual(['RNG_1', 'RNG_2']);
    expect(new Date(sent.set.maintenanceUntil).getTime()).toBe(new Date('2030-05-06T07:30').getTime());
    await refuse(LIST, new ApiError('NOT_FOUND', 'No such game', { nodeIds: 'No such game: RNG_2' }, 404));
    expect(await screen.findByText('No such game')).toBeInTheDocument();
    // The selection stays for another try.
    expect(screen.getByRole('group', { name: 'Change the selected games' })).toHaveTextContent(
      '2 games selected',
    );
  });

  it('uploads a game’s icon as multipart', async () => {
    const table = await opened();
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'icon.png', { type: 'image/png' });
    await userEvent.upload(within(table).getByLabelText('Icon of Lucky Seven'), file);
    await waitFor(() => expect(server.pending(ICON)).toHaveLength(1));
    const sent = server.next(ICON).input as { params: object; body: FormData };
    expect(sent.params).toEqual({ code: 'PORTICO', nodeId: 'RNG_1' });
    expect((sent.body.get('file') as File).name).toBe('icon.png');
    await server.reply(ICON, { url: '/pictures/PORTICO/gameIcon-0123456789abcdef0123456789abcdef.webp' });
    expect(await screen.findByText('Icon of Lucky Seven uploaded.')).toBeInTheDocument();
    const url = '/pictures/PORTICO/gameIcon-0123456789abcdef0123456789abcdef.webp';
    await answer(LIST, { list: [game({ iconUrl: url, uploadedIcon: true }), DRAGON], totalPages: 1 });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove the icon of Lucky Seven' }));
    await waitFor(() => expect(server.pending(ICON)).toHaveLength(1));
    expect(server.next(ICON).input.params).toEqual({ code: 'PORTICO', nodeId: 'RNG_1' });
    await server.reply(ICON, { url: '/art/PORTICO/tiles/RNG_1.webp?lang=en' });
    expect(await screen.findByText('Icon of Lucky Seven removed.')).toBeInTheDocument();
    // Dragon Gold has no uploaded icon to remove.
    expect(screen.queryByRole('button', { name: 'Remove the icon of Dragon Gold' })).toBeNull();
  });

  it('shows a reading role the catalogue without controls that change it', async () => {
    const table = await opened('SUPPORT');
    expect(within(table).queryByRole('checkbox')).toBeNull();
    expect(within(table).getByRole('switch', { name: 'Hot: Dragon Gold' })).toBeDisabled();
    expect(within(table).queryByLabelText('Icon of Lucky Seven')).toBeNull();
  });
});
