import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OpsVendor } from '../../../contract/vendors.ts';
import { answer, reset, server, signedIn } from '../../test/opsHarness.tsx';

vi.mock('../../api/client.ts', async (original) =>
  (await import('../../test/opsClientMock.ts')).opsClientMock(original),
);

afterEach(reset);

const LIST = '/ops/merchants/:code/vendors';
const SYNC = '/ops/merchants/:code/vendors/:vendor/sync';

const vendor = (v: Partial<OpsVendor>): OpsVendor => ({
  vendor: 'AGG',
  name: 'Aggregator',
  driver: 'http',
  wallet: 'seamless',
  feed: true,
  syncHours: 6,
  games: 120,
  hidden: 2,
  lastRunAt: '2030-01-02T03:04:05.000Z',
  lastOkAt: '2030-01-02T03:04:05.000Z',
  added: 3,
  updated: 1,
  removed: 2,
  pictures: 1,
  error: null,
  problems: [],
  ...v,
});

const DEMO = vendor({
  vendor: 'PG',
  name: 'PG Soft',
  driver: 'demo',
  wallet: 'transfer',
  feed: false,
  syncHours: null,
  games: 40,
  hidden: 0,
  lastRunAt: null,
  lastOkAt: null,
});

describe('Game vendors', () => {
  it('lists each vendor’s connection and last sync; Sync now syncs and shows the new result', async () => {
    await signedIn('CONTENT', '/ops?page=vendors');
    await answer(LIST, { list: [vendor({}), DEMO] });
    expect(server.sent(LIST)[0]!.input.params).toEqual({ code: 'PORTICO' });
    const table = await screen.findByRole('table', { name: 'Game vendors' });
    const agg = within(table).getByText('Aggregator').closest('tr')!;
    expect(agg).toHaveTextContent('Connected');
    expect(agg).toHaveTextContent('Seamless wallet');
    expect(agg).toHaveTextContent('3 added, 1 updated, 2 hidden, 1 picture');
    const pg = within(table).getByText('PG Soft').closest('tr')!;
    expect(pg).toHaveTextContent('Demo (development)');
    expect(pg).toHaveTextContent('No feed');
    expect(within(pg).queryByRole('button')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Sync Aggregator now' }));
    await waitFor(() => expect(server.pending(SYNC)).toHaveLength(1));
    expect(server.next(SYNC).input.params).toEqual({ code: 'PORTICO', vendor: 'AGG' });
    const failed = vendor({
      error: 'Malformed feed at games.0.type: Invalid option',
      lastRunAt: '2030-01-03T00:00:00.000Z',
    });
    await server.reply(SYNC, failed);
    await answer(LIST, { list: [failed, DEMO] });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed, nothing changed: Malformed feed at games.0.type: Invalid option',
    );
    expect(screen.getByText(/Last good sync/)).toBeInTheDocument();
  });

  it('shows no Sync now to a role that may not sync', async () => {
    await signedIn('FINANCE', '/ops?page=vendors');
    await answer(LIST, { list: [vendor({ problems: ['syn-c: not a picture'] })] });
    await screen.findByRole('table', { name: 'Game vendors' });
    expect(screen.queryByRole('button', { name: /Sync/ })).toBeNull();
    expect(screen.getByText('1 problem')).toBeInTheDocument();
  });
});
