import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, reset, server, signedIn } from '../test/opsHarness.tsx';

vi.mock('../api/client.ts', async (original) =>
  (await import('../test/opsClientMock.ts')).opsClientMock(original),
);

afterEach(() => {
  reset();
  vi.unstubAllGlobals();
});

const LOG = '/ops/audit';
const ENTRY = {
  id: 90,
  merchantCode: 'LOTUS',
  actor: 'ops:finance1',
  action: 'payment.approve',
  subject: {},
  at: '2030-01-02T03:04:05.000Z',
};

/** The downloads asked for: the address, the headers, and the file name given to the browser. */
function stubDownloads(fail = false) {
  const asked: { url: string; headers: Record<string, string> }[] = [];
  const saved: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init: { headers: Record<string, string> }) => {
    asked.push({ url, headers: init.headers });
    return fail
      ? new Response('{}', { status: 500 })
      : new Response('\uFEFFid\r\n90\r\n', {
          headers: { 'content-disposition': 'attachment; filename="audit-2026-11-27.csv"' },
        });
  });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => {} }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return { asked, saved };
}

describe('Export CSV above an operator list', () => {
  it('downloads the list’s call with its filters, every page, with the operator’s token', async () => {
    const { asked, saved } = stubDownloads();
    await signedIn('SUPPORT', '/ops?page=audit');
    await answer(LOG, { list: [ENTRY], totalPages: 3 });
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['audit-2026-11-27.csv']));
    expect(asked).toEqual([{ url: '/ops/audit?format=csv', headers: { authorization: 'Bearer tok' } }]);

    await userEvent.type(screen.getByLabelText('Actor'), 'ops:finance1');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await answer(LOG, { list: [ENTRY], totalPages: 1 });
    await waitFor(() => expect(server.pending(LOG)).toHaveLength(0));
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]!.url).toBe('/ops/audit?actor=ops%3Afinance1&format=csv');
  });

  it('is offered on a list the page narrows in the browser (announcements by type)', async () => {
    const { asked } = stubDownloads();
    await signedIn('CONTENT', '/ops?page=announcements');
    await answer('/ops/merchants/:code/notices', {
      list: [{ id: 3, type: 'B', titles: { en: 'Hi' }, contents: { en: 'Hello' }, sort: 0 }],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(asked.map((a) => a.url)).toEqual(['/ops/merchants/PORTICO/notices?format=csv']),
    );
  });

  it('says so when the export fails, and is offered on a per-merchant list too', async () => {
    stubDownloads(true);
    await signedIn('SUPPORT', '/ops?page=feedback');
    await answer('/ops/merchants/:code/feedback', {
      list: [{ id: 1, account: null, content: 'hi', createdAt: '2030-01-02T03:04:05.000Z' }],
      totalPages: 1,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The export failed. Try again.');
  });
});
