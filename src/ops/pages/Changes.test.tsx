import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Change } from '../../../contract/changes.ts';
import { answer, reset, server, signedIn } from '../../test/opsHarness.tsx';

vi.mock('../../api/client.ts', async (original) =>
  (await import('../../test/opsClientMock.ts')).opsClientMock(original),
);

afterEach(reset);

const LIST = '/ops/merchants/:code/changes';
const APPROVE = '/ops/changes/:id/approve';

const change = (c: Partial<Change> = {}): Change => ({
  id: 9,
  merchantCode: 'PORTICO',
  kind: 'PROMOTION',
  ref: '3',
  label: 'Daily sign-in',
  current: { reward: 100, settings: { kind: 'SIGN_IN' } },
  proposed: { reward: 1_000_000_000, settings: { kind: 'SIGN_IN' } },
  status: 'DRAFT',
  draftedBy: 'editor',
  draftedAt: '2030-01-02T03:04:05.000Z',
  decidedBy: null,
  decidedAt: null,
  remark: null,
  mine: false,
  ...c,
});

describe('Pending changes', () => {
  it('shows a draft old → new, and a finance operator approves it with a remark', async () => {
    await signedIn('FINANCE', '/ops?page=changes');
    await waitFor(() => expect(server.pending(LIST)).toHaveLength(1));
    expect(server.next(LIST).input).toEqual({ params: { code: 'PORTICO' }, query: { status: 'DRAFT' } });
    await server.reply(LIST, { list: [change()] });
    const table = await screen.findByRole('table', { name: 'Changes of PORTICO' });
    expect(table).toHaveTextContent('Promotion: Daily sign-in');
    expect(table).toHaveTextContent('reward: 100 → 1000000000');
    expect(table).not.toHaveTextContent('settings.kind');

    await userEvent.click(within(table).getByRole('button', { name: 'Approve change 9' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve change 9' });
    expect(dialog).toHaveTextContent('reward: 100 → 1000000000');
    await userEvent.type(within(dialog).getByLabelText('Remark (optional)'), 'Agreed with marketing');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(server.pending(APPROVE)).toHaveLength(1));
    expect(server.next(APPROVE).input).toEqual({
      params: { id: 9 },
      body: { remark: 'Agreed with marketing' },
    });
    await server.reply(APPROVE, { change: change({ status: 'APPROVED', decidedBy: 'finance' }) });
    expect(await screen.findByRole('status')).toHaveTextContent('Change 9 is now Approved.');
    await answer(LIST, { list: [] });
    expect(await screen.findByText('No changes here.')).toBeInTheDocument();
  });

  it('the drafter sees theirs pending and may withdraw it, not approve it; a new promotion says it waits', async () => {
    await signedIn('FINANCE', '/ops?page=changes');
    await answer(LIST, {
      list: [change({ mine: true, draftedBy: 'finance', current: null, kind: 'PROMOTION' })],
    });
    const table = await screen.findByRole('table', { name: 'Changes of PORTICO' });
    expect(table).toHaveTextContent('Yours: another operator approves it');
    expect(table).toHaveTextContent('New: not running until approved');
    expect(within(table).queryByRole('button', { name: 'Approve change 9' })).toBeNull();
    expect(within(table).getByRole('button', { name: 'Reject change 9' })).toBeInTheDocument();
  });

  it('a content editor sees the pending drafts without deciding on them', async () => {
    await signedIn('CONTENT', '/ops?page=changes');
    await answer(LIST, {
      list: [
        change({
          mine: true,
          kind: 'RULES',
          label: 'rebate',
          current: { minClaim: 1 },
          proposed: { minClaim: 2 },
        }),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Changes of PORTICO' });
    expect(table).toHaveTextContent('Rules: rebate');
    expect(table).toHaveTextContent('minClaim: 1 → 2');
    expect(within(table).queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Pending changes' })).toBeInTheDocument();
  });
});
