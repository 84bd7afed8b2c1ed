import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Promotion, PromotionState } from '../../../contract/promotions.ts';
import { ApiError } from '../../api/client.ts';
import { server } from '../../test/authHarness.tsx';
import { answer, show } from '../../test/memberHarness.tsx';
import {
  CLAIM,
  CODE,
  DETAIL,
  JOIN,
  MINE,
  PROMOTIONS,
  STATES,
  state,
  WALLET,
  WALLET_VALUE,
} from '../../test/promotionFixtures.ts';
import { PromotionDetail } from './PromotionDetail.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

afterEach(() => server.reset());

const byId = (id: number) => PROMOTIONS.find((p) => p.id === id)!;

/** A member on the page of promotion `id`, with `states` as their statuses. */
async function openAsMember(id: number, states: PromotionState[] = STATES, content = '<p>Terms apply.</p>') {
  show(<PromotionDetail id={id} />, 'member');
  await answer(DETAIL, { promotion: { ...byId(id), content } });
  await answer(WALLET, WALLET_VALUE);
  await answer(MINE, { list: states });
  // The member's status is in: nothing waits on a skeleton.
  await waitFor(() => expect(document.querySelector('[data-skeleton]')).toBeNull());
  return screen.getByRole('region', { name: 'Take part' });
}

describe('Promotion page', () => {
  it('shows the title, figures and terms, the terms cleaned of scripts', async () => {
    const part = await openAsMember(
      3,
      STATES,
      '<p>Paid daily.</p><img src="x" onerror="window.__xss=1"><script>window.__xss=2</script>',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Rescue fund' })).toBeInTheDocument();
    expect(
      screen.getByText('Get 5% of yesterday’s net loss back when it reached $100.00, up to $200.00.'),
    ).toBeInTheDocument();
    const terms = screen.getByRole('region', { name: 'Terms' });
    expect(terms).toHaveTextContent('Paid daily.');
    expect(terms.querySelector('script')).toBeNull();
    expect(terms.querySelector('img')).not.toHaveAttribute('onerror');
    expect(part).toHaveTextContent('Status: Claim');
    expect(screen.getByRole('link', { name: '← All promotions' })).toHaveAttribute('href', '/promotions');
  });

  it('says a promotion that is not running has ended, with a way back', async () => {
    show(<PromotionDetail id={99} />, 'member');
    await waitFor(() => expect(server.pending(DETAIL)).toHaveLength(1));
    expect(server.next(DETAIL).input.params).toEqual({ id: 99 });
    await server.fail(DETAIL, new ApiError('NOT_FOUND', 'Not found', {}, 404));
    expect(await screen.findByRole('heading', { name: 'This promotion has ended' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to promotions' })).toHaveAttribute('href', '/promotions');
  });

  it('says the same without a valid id, asking nothing', async () => {
    show(<PromotionDetail id={undefined} />, 'visitor');
    expect(await screen.findByRole('heading', { name: 'This promotion has ended' })).toBeInTheDocument();
    expect(server.sent(DETAIL)).toHaveLength(0);
  });

  it('offers a retry when the page cannot load', async () => {
    show(<PromotionDetail id={5} />, 'visitor');
    await waitFor(() => expect(server.pending(DETAIL)).toHaveLength(1));
    await server.fail(DETAIL, new ApiError('NETWORK', ''));
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await answer(DETAIL, { promotion: { ...byId(5), content: '' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'VIP raffle' })).toBeInTheDocument();
  });

  it('asks a visitor to log in to take part', async () => {
    show(<PromotionDetail id={5} />, 'visitor');
    await answer(DETAIL, { promotion: { ...byId(5), content: '' } });
    const part = await screen.findByRole('region', { name: 'Take part' });
    expect(part).toHaveTextContent('Log in to take part in this promotion.');
    await userEvent.click(within(part).getByRole('button', { name: 'Log in' }));
    expect(screen.getByTestId('modal')).toHaveTextContent('login');
    expect(server.sent(MINE)).toHaveLength(0);
    // A visitor has no balance to read: asking for it is a 401 in the console.
    expect(server.sent(WALLET)).toHaveLength(0);
  });

  it('asks a trial account to register first', async () => {
    show(<PromotionDetail id={5} />, 'trial');
    await answer(DETAIL, { promotion: { ...byId(5), content: '' } });
    const part = await screen.findByRole('region', { name: 'Take part' });
    await userEvent.click(within(part).getByRole('button', { name: 'Join' }));
    expect(screen.getByTestId('modal')).toHaveTextContent('realAccount');
    expect(server.sent(MINE)).toHaveLength(0);
  });
});

describe('Taking part, by kind and status', () => {
  it('claims a reward: the state moves to Claimed and the balance is read again', async () => {
    const part = await openAsMember(3);
    await userEvent.click(within(part).getByRole('button', { name: 'Claim $15.00' }));
    await waitFor(() => expect(server.pending(CLAIM)).toHaveLength(1));
    expect(server.next(CLAIM).input.params).toEqual({ id: 3 });
    await server.reply(CLAIM, {
      state: state({ promotionId: 3, status: 'CLAIMED', reward: 1_500 }),
      reward: 1_500,
      balance: 101_500,
    });
    expect(await within(part).findByRole('status')).toHaveTextContent('$15.00 added to your main wallet.');
    expect(part).toHaveTextContent('Status: Claimed');
    expect(part).toHaveTextContent('Claimed: $15.00.');
    expect(within(part).queryByRole('button', { name: /Claim/ })).toBeNull();
    await waitFor(() => expect(server.pending(WALLET)).toHaveLength(1));
    expect(server.pending(MINE)).toHaveLength(1);
  });

  it('shows a refused claim and reads the state again', async () => {
    const part = await openAsMember(3);
    await userEvent.click(within(part).getByRole('button', { name: 'Claim $15.00' }));
    await waitFor(() => expect(server.pending(CLAIM)).toHaveLength(1));
    await server.fail(CLAIM, new ApiError('CONFLICT', 'Already claimed today', {}, 409));
    expect(await within(part).findByRole('alert')).toHaveTextContent('Already claimed today');
    await waitFor(() => expect(server.pending(MINE)).toHaveLength(1));
  });

  it('joins a raffle before its draw', async () => {
    const part = await openAsMember(5, [state({ promotionId: 5, status: 'JOIN' })]);
    expect(screen.getByText(/^3 winners are drawn on Mar 20, 2030/)).toBeInTheDocument();
    await userEvent.click(within(part).getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(server.pending(JOIN)).toHaveLength(1));
    expect(server.next(JOIN).input.params).toEqual({ id: 5 });
    await server.reply(JOIN, { state: state({ promotionId: 5, status: 'JOINED' }) });
    expect(await within(part).findByRole('status')).toHaveTextContent('You have joined the raffle.');
    expect(part).toHaveTextContent('Status: Joined');
    expect(part).toHaveTextContent(/You have joined\. The draw is on Mar 20, 2030/);
  });

  it('tells a raffle’s winner', async () => {
    const won = await openAsMember(5, [
      state({ promotionId: 5, status: 'CLAIM', won: true, reward: 100_000 }),
    ]);
    expect(won).toHaveTextContent('You were drawn!');
    expect(within(won).getByRole('button', { name: 'Claim $1,000.00' })).toBeInTheDocument();
  });

  it('tells a member who was not drawn', async () => {
    const lost = await openAsMember(5, [state({ promotionId: 5, status: 'JOINED', won: false })]);
    expect(lost).toHaveTextContent('You were not drawn this time.');
    expect(within(lost).queryByRole('button')).toBeNull();
  });

  it('says when joining a raffle has closed', async () => {
    const late = await openAsMember(5, [state({ promotionId: 5, status: 'PROCESS' })]);
    expect(late).toHaveTextContent('Joining has closed.');
    expect(within(late).queryByRole('progressbar')).toBeNull();
    expect(within(late).queryByRole('button')).toBeNull();
  });

  it('shows a daily task’s progress as a bar with text', async () => {
    const part = await openAsMember(2);
    const bar = within(part).getByRole('progressbar', { name: 'Today’s bets: $200.00 of $500.00' });
    expect(bar).toHaveAttribute('aria-valuenow', '20000');
    expect(bar).toHaveAttribute('aria-valuemax', '50000');
    expect(bar).toHaveAttribute('aria-valuetext', '40%');
    expect(part).toHaveTextContent('Status: Process');
  });

  it('shows a rescue fund’s loss against its minimum', async () => {
    const part = await openAsMember(3, [state({ promotionId: 3, status: 'PROCESS', progress: 25_000 })]);
    const bar = within(part).getByRole('progressbar', {
      name: 'Yesterday’s loss: $250.00 of at least $100.00',
    });
    expect(bar).toHaveAttribute('aria-valuenow', '10000');
    expect(bar).toHaveAttribute('aria-valuetext', '100%');
  });

  it('shows an application under review', async () => {
    const applying = await openAsMember(7);
    expect(applying).toHaveTextContent('Status: Applying');
    expect(applying).toHaveTextContent('Your application is being reviewed.');
    expect(within(applying).queryByRole('form')).toBeNull();
  });

  it('shows an issued application with what it paid', async () => {
    const issued = await openAsMember(8);
    expect(issued).toHaveTextContent('Status: Issued');
    expect(issued).toHaveTextContent('Approved: $100.00 was paid into your main wallet.');
  });

  it('gives a CODE promotion the promo code box until it is redeemed', async () => {
    show(<PromotionDetail id={6} />, 'member');
    await answer(DETAIL, { promotion: { ...byId(6), content: '' } as Promotion });
    await answer(WALLET, WALLET_VALUE);
    await answer(MINE, { list: STATES });
    const field = await screen.findByLabelText('Enter a promo code');
    await userEvent.type(field, 'spring888');
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    await waitFor(() => expect(server.pending(CODE)).toHaveLength(1));
    await server.reply(CODE, { promotionId: 6, reward: 888, balance: 100_888 });
    expect(await screen.findByRole('status')).toHaveTextContent('$8.88 added to your main wallet.');
  });

  it('says a redeemed promo code is redeemed', async () => {
    const part = await openAsMember(6, [state({ promotionId: 6, status: 'CLAIMED', reward: 888 })]);
    expect(part).toHaveTextContent('You have redeemed this promo code.');
    expect(screen.queryByLabelText('Enter a promo code')).toBeNull();
  });
});
