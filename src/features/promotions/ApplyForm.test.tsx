import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PromotionState } from '../../../contract/promotions.ts';
import { ApiError } from '../../api/client.ts';
import { server } from '../../test/authHarness.tsx';
import { answer, show } from '../../test/memberHarness.tsx';
import {
  APPLY,
  DETAIL,
  MINE,
  PROMOTIONS,
  picture,
  state,
  WALLET,
  WALLET_VALUE,
} from '../../test/promotionFixtures.ts';
import { PromotionDetail } from './PromotionDetail.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

// jsdom has no object URLs: the thumbnails get stand-ins, and what is let go is counted.
const created: string[] = [];
const revoked: string[] = [];
const urlMethods = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
beforeAll(() => {
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:thumb/${(blob as File).name}/${created.length}`;
    created.push(url);
    return url;
  };
  URL.revokeObjectURL = (url: string) => void revoked.push(url);
});
afterAll(() => Object.assign(URL, urlMethods));
// Cleared before each test: the last test's form lets its URLs go when it is unmounted, after it.
beforeEach(() => {
  created.length = 0;
  revoked.length = 0;
});
afterEach(() => server.reset());

/** A member with `status` in the "Welcome pictures" APPLY promotion, on its page. */
async function openForm(status: PromotionState = state({ promotionId: 1, status: 'JOIN' })) {
  show(<PromotionDetail id={1} />, 'member');
  await answer(DETAIL, { promotion: { ...PROMOTIONS[0]!, content: '' } });
  await answer(WALLET, WALLET_VALUE);
  await answer(MINE, { list: [status] });
  await waitFor(() => expect(document.querySelector('[data-skeleton]')).toBeNull());
}

// The picker's `accept` would hide other files; a member can still choose "All files".
const user = () => userEvent.setup({ applyAccept: false });
const form = () => screen.getByRole('form', { name: 'Application' });
const remark = () => within(form()).getByLabelText('Remark');
const picker = () => within(form()).getByLabelText('Pictures');
const thumbnails = () =>
  within(form())
    .queryAllByRole('img')
    .map((i) => i.getAttribute('alt'));

describe('Application form', () => {
  it('counts the remark live and refuses more than 140 characters', async () => {
    await openForm();
    expect(remark()).toHaveAccessibleDescription('0 of 140 characters');
    await user().type(remark(), 'My first deposit');
    expect(remark()).toHaveAccessibleDescription('16 of 140 characters');
    await user().upload(picker(), picture('slip.png', 'png'));
    await screen.findByRole('img', { name: 'slip.png' });
    await user().click(remark());
    await user().paste('x'.repeat(125));
    expect(remark()).toHaveAccessibleDescription('141 of 140 characters At most 140 characters');
    expect(remark()).toHaveAttribute('aria-invalid', 'true');
    await user().click(screen.getByRole('button', { name: 'Send application' }));
    expect(server.sent(APPLY)).toHaveLength(0);
    await user().type(remark(), '{Backspace}');
    expect(remark()).toHaveAccessibleDescription('140 of 140 characters');
    expect(remark()).not.toHaveAttribute('aria-invalid');
  });

  it('refuses a 4th picture, one over 5 MB and one that is not PNG or JPG, saying why under the field', async () => {
    await openForm();
    await user().upload(picker(), [
      picture('a.png', 'png'),
      picture('b.jpg', 'jpeg'),
      picture('c.png', 'png'),
    ]);
    await waitFor(() => expect(thumbnails()).toEqual(['a.png', 'b.jpg', 'c.png']));
    expect(picker()).not.toHaveAttribute('aria-invalid');

    await user().upload(picker(), picture('d.png', 'png'));
    await waitFor(() => expect(picker()).toHaveAttribute('aria-invalid', 'true'));
    expect(picker()).toHaveAccessibleDescription(
      'PNG or JPG, at most 5 MB each, up to 3 pictures. d.png: at most 3 pictures',
    );
    expect(thumbnails()).toEqual(['a.png', 'b.jpg', 'c.png']);

    await user().click(within(form()).getByRole('button', { name: 'Remove b.jpg' }));
    expect(thumbnails()).toEqual(['a.png', 'c.png']);
    expect(revoked).toEqual([created[1]]);
    expect(picker()).not.toHaveAttribute('aria-invalid');

    await user().upload(picker(), [
      picture('big.png', 'png', 6 * 1024 * 1024),
      picture('anim.gif', 'gif'),
      // A GIF renamed: refused by its bytes, not its name.
      picture('renamed.png', 'gif', 1_024, 'image/png'),
    ]);
    await waitFor(() =>
      expect(picker()).toHaveAccessibleDescription(
        'PNG or JPG, at most 5 MB each, up to 3 pictures. big.png: larger than 5 MB ' +
          'anim.gif: only PNG or JPG pictures renamed.png: only PNG or JPG pictures',
      ),
    );
    expect(thumbnails()).toEqual(['a.png', 'c.png']);
    expect(server.sent(APPLY)).toHaveLength(0);
  });

  it('asks for at least one picture', async () => {
    await openForm();
    await user().click(screen.getByRole('button', { name: 'Send application' }));
    expect(picker()).toHaveAccessibleDescription(
      'PNG or JPG, at most 5 MB each, up to 3 pictures. Add at least one picture',
    );
    expect(server.sent(APPLY)).toHaveLength(0);
  });

  it('sends the remark and pictures as multipart, keeps them on a refusal, and shows Applying once sent', async () => {
    await openForm();
    const slip = picture('slip.png', 'png');
    const receipt = picture('receipt.jpg', 'jpeg');
    await user().type(remark(), 'Deposit of 50.00 on 1 March');
    await user().upload(picker(), [slip, receipt]);
    await waitFor(() => expect(thumbnails()).toEqual(['slip.png', 'receipt.jpg']));
    await user().click(screen.getByRole('button', { name: 'Send application' }));
    await waitFor(() => expect(server.pending(APPLY)).toHaveLength(1));
    const sent = server.next(APPLY).input;
    expect(sent.params).toEqual({ id: 1 });
    const body = sent.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('remark')).toBe('Deposit of 50.00 on 1 March');
    expect((body.getAll('files') as File[]).map((f) => f.name)).toEqual(['slip.png', 'receipt.jpg']);
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();

    await server.fail(
      APPLY,
      new ApiError(
        'VALIDATION',
        'Pictures must be PNG or JPG',
        { files: 'Pictures must be PNG or JPG' },
        400,
      ),
    );
    await waitFor(() =>
      expect(picker()).toHaveAccessibleDescription(
        'PNG or JPG, at most 5 MB each, up to 3 pictures. Pictures must be PNG or JPG',
      ),
    );
    expect(remark()).toHaveValue('Deposit of 50.00 on 1 March');
    expect(thumbnails()).toEqual(['slip.png', 'receipt.jpg']);
    expect(within(form()).queryByRole('alert')).toBeNull();

    await user().click(screen.getByRole('button', { name: 'Send application' }));
    await waitFor(() => expect(server.pending(APPLY)).toHaveLength(1));
    await server.fail(APPLY, new ApiError('NETWORK', ''));
    expect(await within(form()).findByRole('alert')).toHaveTextContent('Network abnormal, please try again.');
    expect(remark()).toHaveValue('Deposit of 50.00 on 1 March');
    expect(thumbnails()).toEqual(['slip.png', 'receipt.jpg']);

    await user().click(screen.getByRole('button', { name: 'Send application' }));
    await waitFor(() => expect(server.pending(APPLY)).toHaveLength(1));
    const again = server.next(APPLY).input.body as FormData;
    expect((again.getAll('files') as File[]).map((f) => f.name)).toEqual(['slip.png', 'receipt.jpg']);
    await server.reply(APPLY, { state: state({ promotionId: 1, status: 'APPLYING' }) });
    const part = screen.getByRole('region', { name: 'Take part' });
    expect(await within(part).findByRole('status')).toHaveTextContent(
      'Application sent: it is being reviewed.',
    );
    expect(part).toHaveTextContent('Status: Applying');
    expect(screen.queryByRole('form')).toBeNull();
    // The thumbnails' URLs are let go with the form.
    expect([...revoked].sort()).toEqual([...created].sort());
    await waitFor(() => expect(server.pending(MINE)).toHaveLength(1));
  });

  it('shows the operator’s reason for a rejection and lets the member apply again', async () => {
    await openForm(state({ promotionId: 1, status: 'REJECTED', reviewRemark: 'The picture cannot be read' }));
    const part = screen.getByRole('region', { name: 'Take part' });
    expect(part).toHaveTextContent('Status: Rejected');
    expect(part).toHaveTextContent('Your application was rejected.');
    expect(part).toHaveTextContent('Reason: The picture cannot be read');
    expect(screen.queryByRole('form')).toBeNull();
    await user().click(within(part).getByRole('button', { name: 'Apply again' }));
    await user().type(remark(), 'A sharper picture');
    await user().upload(picker(), picture('sharp.jpg', 'jpeg'));
    await waitFor(() => expect(thumbnails()).toEqual(['sharp.jpg']));
    await user().click(screen.getByRole('button', { name: 'Send application' }));
    await waitFor(() => expect(server.pending(APPLY)).toHaveLength(1));
    expect((server.next(APPLY).input.body as FormData).get('remark')).toBe('A sharper picture');
    await server.reply(APPLY, { state: state({ promotionId: 1, status: 'APPLYING' }) });
    await waitFor(() => expect(part).toHaveTextContent('Status: Applying'));
    expect(part).not.toHaveTextContent('The picture cannot be read');
  });
});
