import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OpsPromotion, OpsPromotionEntry } from '../../../contract/promotions.ts';
import { answer, reset, server, signedIn } from '../../test/opsHarness.tsx';

vi.mock('../../api/client.ts', async (original) =>
  (await import('../../test/opsClientMock.ts')).opsClientMock(original),
);

const PROMOTIONS = '/ops/merchants/:code/promotions';
const ENTRIES = '/ops/merchants/:code/promotion-entries';
const APPROVE = '/ops/promotion-entries/:id/approve';
const REJECT = '/ops/promotion-entries/:id/reject';

const promotion = (p: Partial<OpsPromotion> = {}): OpsPromotion => ({
  id: 5,
  category: 'DEPOSIT',
  titles: { en: 'First deposit bonus', vi: 'Thưởng nạp đầu' },
  summaries: {},
  contents: {},
  reward: 2_000,
  settings: { kind: 'APPLY' },
  startsAt: '2030-01-01T00:00:00.000Z',
  endsAt: null,
  hidden: false,
  approved: true,
  sort: 0,
  entries: 3,
  pending: 1,
  ...p,
});

const entry = (e: Partial<OpsPromotionEntry> = {}): OpsPromotionEntry => ({
  id: 41,
  promotionId: 5,
  title: 'First deposit bonus',
  kind: 'APPLY',
  memberId: 7,
  account: 'player01',
  period: 'once',
  status: 'APPLYING',
  remark: 'Deposited 100 yesterday',
  uploads: [],
  reward: null,
  reviewRemark: null,
  createdAt: '2030-01-02T03:04:05.000Z',
  decidedAt: null,
  ...e,
});

beforeEach(() => {
  // jsdom has no object URLs; the pictures only need distinct ones.
  let n = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => `blob:picture-${++n}`, revokeObjectURL: () => {} }),
  );
});
afterEach(() => {
  reset();
  vi.unstubAllGlobals();
});

/** The promotions page of `role`, its list answered, switched to the applications queue. */
async function openQueue(role: 'FINANCE' | 'CONTENT' | 'ADMIN', list: OpsPromotionEntry[]) {
  await signedIn(role, '/ops?page=promotions');
  await answer(PROMOTIONS, { list: [promotion()] });
  await userEvent.click(await screen.findByRole('button', { name: 'Applications to First deposit bonus' }));
  await waitFor(() => expect(server.pending(ENTRIES)).toHaveLength(1));
  expect(server.next(ENTRIES).input).toEqual({
    params: { code: 'PORTICO' },
    query: { pageNo: 1, status: 'APPLYING', promotionId: 5 },
  });
  await server.reply(ENTRIES, { list, totalPages: 1 });
  return screen.findByRole('table', { name: 'Promotion entries' });
}

describe('Promotion applications', () => {
  it('lists promotions with their entries and pending counts', async () => {
    await signedIn('CONTENT', '/ops?page=promotions');
    await answer(PROMOTIONS, { list: [promotion()] });
    const table = await screen.findByRole('table', { name: 'Promotions of PORTICO' });
    expect(table).toHaveTextContent('First deposit bonus');
    expect(table).toHaveTextContent('$20.00');
    expect(within(table).getByText('1 pending')).toBeInTheDocument();
  });

  it('approves with a reward of its own and a remark', async () => {
    const table = await openQueue('FINANCE', [entry()]);
    expect(table).toHaveTextContent('Deposited 100 yesterday');
    // FINANCE may approve and reject.
    await userEvent.click(within(table).getByRole('button', { name: 'Approve the application of player01' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve the application of player01' });
    const reward = within(dialog).getByLabelText('Reward (optional)');
    expect(reward).toHaveAccessibleDescription("Empty: the promotion's reward, $20.00.");
    await userEvent.type(reward, '25.5.0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve and pay' }));
    expect(reward).toHaveAccessibleDescription(/^Enter an amount such as 100 or 100.50/);
    expect(server.sent(APPROVE)).toHaveLength(0);

    await userEvent.clear(reward);
    await userEvent.type(reward, '25.50');
    await userEvent.type(within(dialog).getByLabelText('Remark (optional)'), 'Checked');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve and pay' }));
    await waitFor(() => expect(server.pending(APPROVE)).toHaveLength(1));
    expect(server.next(APPROVE).input).toEqual({
      params: { id: 41 },
      body: { reward: 2_550, remark: 'Checked' },
    });
    await server.reply(APPROVE, { entry: entry({ status: 'ISSUED', reward: 2_550 }) });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The application of player01 is approved: $25.50 paid.',
    );
  });

  it('approves with the promotion’s reward when none is typed', async () => {
    const table = await openQueue('ADMIN', [entry()]);
    await userEvent.click(within(table).getByRole('button', { name: 'Approve the application of player01' }));
    await userEvent.click(screen.getByRole('button', { name: 'Approve and pay' }));
    await waitFor(() => expect(server.pending(APPROVE)).toHaveLength(1));
    expect(server.next(APPROVE).input.body).toEqual({});
  });

  it('rejects only with a reason, which the member reads', async () => {
    const table = await openQueue('CONTENT', [entry()]);
    // CONTENT may reject but not approve (money).
    expect(within(table).queryByRole('button', { name: 'Approve the application of player01' })).toBeNull();
    await userEvent.click(within(table).getByRole('button', { name: 'Reject the application of player01' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject the application of player01' });
    const reason = within(dialog).getByLabelText('Reason');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(reason).toHaveAccessibleDescription(/Give a reason/);
    expect(server.sent(REJECT)).toHaveLength(0);

    await userEvent.type(reason, 'The picture is not a deposit slip');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(server.pending(REJECT)).toHaveLength(1));
    expect(server.next(REJECT).input).toEqual({
      params: { id: 41 },
      body: { remark: 'The picture is not a deposit slip' },
    });
    await server.reply(REJECT, {
      entry: entry({ status: 'REJECTED', reviewRemark: 'The picture is not a deposit slip' }),
    });
    expect(await screen.findByRole('status')).toHaveTextContent('The application of player01 is rejected.');
  });

  it('shows the pictures, fetched with the operator token', async () => {
    const names = ['0b0e8f5e-3a1c-4d1e-9c38-4d5f4f0e9a11.png', '1b0e8f5e-3a1c-4d1e-9c38-4d5f4f0e9a11.jpg'];
    const fetched: { url: string; headers: unknown }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: { headers: unknown }) => {
      fetched.push({ url, headers: init.headers });
      return { ok: true, status: 200, blob: async () => new Blob(['png'], { type: 'image/png' }) };
    });
    await openQueue('FINANCE', [entry({ uploads: names })]);
    const first = await screen.findByRole('img', { name: 'Picture 1 of player01' });
    expect(first).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(await screen.findByRole('img', { name: 'Picture 2 of player01' })).toBeInTheDocument();
    expect(fetched).toEqual([
      { url: `/ops/uploads/${names[0]}`, headers: { authorization: 'Bearer tok' } },
      { url: `/ops/uploads/${names[1]}`, headers: { authorization: 'Bearer tok' } },
    ]);
  });
});
