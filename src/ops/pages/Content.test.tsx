import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { answer, reset, server, signedIn } from '../../test/opsHarness.tsx';

vi.mock('../../api/client.ts', async (original) =>
  (await import('../../test/opsClientMock.ts')).opsClientMock(original),
);

afterEach(reset);

const NOTICES = '/ops/merchants/:code/notices';
const NOTICE = '/ops/merchants/:code/notices/:id';
const RULES = '/ops/merchants/:code/rules/:topic';

const notice = {
  id: 3,
  type: 'PU' as const,
  titles: { en: 'Maintenance tonight' },
  contents: { en: '<p>From 2 to 3</p>' },
  sort: 1,
};

const BANNERS = '/ops/merchants/:code/banners';
const BANNER = '/ops/merchants/:code/banners/:id';
const banner = {
  id: 7,
  groupName: 'rng' as const,
  linkageType: 'URL' as const,
  link: 'https://x.test',
  titles: { en: 'Spin' },
  sort: 2,
  pictureUrl: null,
};

describe('Banners', () => {
  it('lists by group and deletes after a confirmation', async () => {
    await signedIn('CONTENT', '/ops?page=banners');
    await answer(BANNERS, {
      list: [banner, { ...banner, id: 8, groupName: 'home', titles: { en: 'Welcome' } }],
    });
    const table = await screen.findByRole('table', { name: 'Banners' });
    expect(within(table).getByText('Welcome')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Group'), 'rng');
    expect(within(table).queryByText('Welcome')).toBeNull();
    expect(within(table).getByText('https://x.test')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Delete banner Spin' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete banner' });
    expect(dialog).toHaveTextContent('The banner "Spin" leaves the rng group.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.pending(BANNER)).toHaveLength(1));
    expect(server.next(BANNER).input.params).toEqual({ code: 'PORTICO', id: 7 });
    await server.reply(BANNER, { id: 7 });
    expect(await screen.findByRole('status')).toHaveTextContent('Banner deleted.');
  });
});

describe('Announcements', () => {
  it('lists by type and deletes after a confirmation', async () => {
    await signedIn('CONTENT', '/ops?page=announcements');
    await answer(NOTICES, { list: [notice, { ...notice, id: 4, type: 'B', titles: { en: 'Welcome' } }] });
    const table = await screen.findByRole('table', { name: 'Announcements' });
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'PU');
    expect(within(table).queryByText('Welcome')).toBeNull();
    await userEvent.click(
      within(table).getByRole('button', { name: 'Delete announcement Maintenance tonight' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete announcement' });
    expect(dialog).toHaveTextContent('Members no longer see "Maintenance tonight".');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.pending(NOTICE)).toHaveLength(1));
    expect(server.next(NOTICE).input.params).toEqual({ code: 'PORTICO', id: 3 });
    await server.reply(NOTICE, { id: 3 });
    expect(await screen.findByRole('status')).toHaveTextContent('Announcement deleted.');
  });

  it('adds one in both languages; the server’s message stands under its field and the text stays', async () => {
    await signedIn('ADMIN', '/ops?page=announcements');
    await answer(NOTICES, { list: [] });
    await userEvent.click(await screen.findByRole('button', { name: 'Add announcement' }));
    const form = screen.getByRole('region', { name: 'New announcement' });
    await userEvent.selectOptions(within(form).getByLabelText('Type'), 'PU');
    await userEvent.type(within(form).getByLabelText('Title (Vietnamese)'), 'Bảo trì');
    await userEvent.type(within(form).getByLabelText('Content, HTML (English)'), '<p>Tonight</p>');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(server.pending(NOTICES)).toHaveLength(1));
    expect(server.next(NOTICES).input.body).toEqual({
      type: 'PU',
      titles: { vi: 'Bảo trì' },
      contents: { en: '<p>Tonight</p>' },
    });
    const missing = 'Title in English is required';
    await server.fail(NOTICES, new ApiError('VALIDATION', missing, { 'titles.en': missing }, 400));
    const title = within(form).getByLabelText('Title (English)');
    await waitFor(() => expect(title).toHaveAccessibleDescription(missing));
    expect(within(form).getByLabelText('Title (Vietnamese)')).toHaveValue('Bảo trì');
  });
});

describe('Rules', () => {
  it('shows a JSON mistake under the editor and the server’s refusals by path', async () => {
    await signedIn('ADMIN', '/ops?page=rules');
    await answer(RULES, {
      topic: 'payments',
      rules: { deposit: { min: 1000 } },
      custom: false,
      pending: null,
    });
    const editor = await screen.findByLabelText('Rules (payments)');
    expect(editor).toHaveValue(JSON.stringify({ deposit: { min: 1000 } }, null, 2));
    expect(screen.getByText('PORTICO uses the default rules of this topic.')).toBeInTheDocument();

    await userEvent.clear(editor);
    await userEvent.paste('{"deposit": {"min": }');
    await userEvent.click(screen.getByRole('button', { name: 'Submit for approval' }));
    expect(editor).toHaveAccessibleDescription(/^This is not valid JSON/);
    expect(server.sent(RULES).filter((r) => r.method === 'PUT')).toHaveLength(0);

    await userEvent.clear(editor);
    await userEvent.paste('{"deposit": {"min": -5}}');
    await userEvent.click(screen.getByRole('button', { name: 'Submit for approval' }));
    await waitFor(() => expect(server.pending(RULES)).toHaveLength(1));
    expect(server.next(RULES).input).toEqual({
      params: { code: 'PORTICO', topic: 'payments' },
      body: { deposit: { min: -5 } },
    });
    await server.fail(
      RULES,
      new ApiError(
        'VALIDATION',
        'Invalid rules',
        { 'deposit.min': 'Too small: expected number to be >0' },
        400,
      ),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'deposit.min: Too small: expected number to be >0',
    );
    expect(editor).toHaveValue('{"deposit": {"min": -5}}');
  });

  it('shows the pending draft to edit, and a saved value is a draft waiting for approval', async () => {
    const draft = (id: number, proposed: object) => ({
      id,
      merchantCode: 'PORTICO',
      kind: 'RULES' as const,
      ref: 'payments',
      label: 'payments',
      current: { deposit: { min: 1000 } },
      proposed,
      status: 'DRAFT' as const,
      draftedBy: 'finance',
      draftedAt: '2030-01-02T03:04:05.000Z',
      decidedBy: null,
      decidedAt: null,
      remark: null,
      mine: false,
    });
    await signedIn('FINANCE', '/ops?page=rules');
    await answer(RULES, {
      topic: 'payments',
      rules: { deposit: { min: 1000 } },
      custom: true,
      pending: draft(4, { deposit: { min: 2000 } }),
    });
    const editor = await screen.findByLabelText('Rules (payments)');
    expect(editor).toHaveValue(JSON.stringify({ deposit: { min: 2000 } }, null, 2));
    expect(screen.getByRole('note')).toHaveTextContent('the draft by finance, waiting for approval');
    await userEvent.click(screen.getByRole('button', { name: 'Submit for approval' }));
    await waitFor(() => expect(server.pending(RULES)).toHaveLength(1));
    await server.reply(RULES, { change: draft(5, { deposit: { min: 2000 } }) });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Draft saved: it takes effect once another finance operator or administrator approves it.',
    );
  });
});

describe('Members', () => {
  it('locks an account after a confirmation, with a remark', async () => {
    await signedIn('SUPPORT', '/ops?page=members');
    await answer('/ops/merchants/:code/members', {
      list: [
        {
          id: 7,
          account: 'player01',
          nickname: 'Lucky',
          agentType: 0,
          upline: 'agent01',
          mobile: null,
          email: null,
          clubRank: 1,
          balance: 100_000,
          createdAt: '2030-01-01T00:00:00.000Z',
          lastLoginAt: null,
          locked: false,
        },
      ],
      totalPages: 1,
    });
    const table = await screen.findByRole('table', { name: 'Members and agents' });
    expect(table).toHaveTextContent('$1,000.00');
    expect(table).toHaveTextContent('agent01');
    await userEvent.click(within(table).getByRole('button', { name: 'Lock player01' }));
    const dialog = screen.getByRole('dialog', { name: 'Lock player01' });
    await userEvent.type(within(dialog).getByLabelText('Remark (optional)'), 'Chargeback');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lock' }));
    await waitFor(() => expect(server.pending('/ops/members/:id/lock')).toHaveLength(1));
    expect(server.next('/ops/members/:id/lock').input).toEqual({
      params: { id: 7 },
      body: { locked: true, remark: 'Chargeback' },
    });
  });
});

const PROMOTIONS = '/ops/merchants/:code/promotions';
const PROMOTION = '/ops/promotions/:id';
const raffle = {
  id: 4,
  category: 'OTHER' as const,
  titles: { en: 'Lucky draw' },
  summaries: {},
  contents: {},
  reward: 50_000,
  settings: { kind: 'RAFFLE' as const, drawAt: '2026-12-01T12:00:00.000Z', winners: 1 },
  startsAt: '2026-11-01T00:00:00.000Z',
  endsAt: null,
  hidden: false,
  approved: true,
  sort: 1,
  entries: 3,
  pending: 0,
};

describe('Promotions', () => {
  it('hides a promotion with its row’s button and says so on the done line', async () => {
    await signedIn('CONTENT', '/ops?page=promotions');
    await answer(PROMOTIONS, { list: [raffle] });
    const table = await screen.findByRole('table', { name: 'Promotions of PORTICO' });
    expect(within(table).getByText('Lucky draw')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Hide Lucky draw' }));
    await waitFor(() => expect(server.pending(PROMOTION)).toHaveLength(1));
    const call = server.next(PROMOTION);
    expect(call.input).toMatchObject({ params: { id: 4 }, body: { hidden: true } });
    await server.reply(PROMOTION, { promotion: { ...raffle, hidden: true }, change: null });
    expect(await screen.findByRole('status')).toHaveTextContent('"Lucky draw" is hidden from members.');
  });
});
