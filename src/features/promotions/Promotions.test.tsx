import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PromotionCategory } from '../../../contract/promotions.ts';
import { ApiError } from '../../api/client.ts';
import { server } from '../../test/authHarness.tsx';
import { answer, show } from '../../test/memberHarness.tsx';
import { CODE, LIST, LIST_VALUE, MINE, STATES, WALLET, WALLET_VALUE } from '../../test/promotionFixtures.ts';
import { Promotions } from './Promotions.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

afterEach(() => server.reset());

/** The page with its tab held as the route holds it (the `category` search parameter). */
function Page({ initial }: { initial?: PromotionCategory }) {
  const [category, setCategory] = useState(initial);
  return <Promotions category={category} onCategoryChange={setCategory} />;
}

async function openAsMember(initial?: PromotionCategory) {
  show(<Page initial={initial} />, 'member');
  await answer(WALLET, WALLET_VALUE);
  await answer(LIST, LIST_VALUE);
  await answer(MINE, { list: STATES });
  // The statuses are in: no card waits on a skeleton.
  await waitFor(() => expect(document.querySelector('li [data-skeleton]')).toBeNull());
}

/** The visitor's list, once it has come. */
async function listShown(value: unknown = LIST_VALUE) {
  await answer(LIST, value);
  await screen.findByRole('tablist');
}

const titles = () =>
  within(screen.getByRole('list', { name: 'Promotions' }))
    .getAllByRole('heading')
    .map((h) => h.textContent);
const card = (title: string) => screen.getByRole('heading', { name: title }).closest('li') as HTMLElement;

describe('Promotions list', () => {
  it('shows every promotion under All with its summary, reward, dates and kind', async () => {
    await openAsMember();
    expect(titles()).toEqual([
      'Welcome pictures',
      'Deposit proof',
      'VIP birthday',
      'Daily bettor',
      'Rescue fund',
      'Daily sign-in',
      'VIP raffle',
      'Spring code',
    ]);
    const welcome = card('Welcome pictures');
    expect(welcome).toHaveTextContent('Apply');
    expect(welcome).toHaveTextContent('Send a picture of your first deposit');
    expect(welcome).toHaveTextContent('Reward:$50.00');
    expect(welcome).toHaveTextContent('Dates:Mar 1, 2030 – Mar 31, 2030');
    expect(within(welcome).getByRole('link', { name: 'Welcome pictures' })).toHaveAttribute(
      'href',
      '/promoDetail?id=1',
    );
    const rescue = card('Rescue fund');
    expect(rescue).toHaveTextContent('Rescue fund');
    expect(rescue).toHaveTextContent('Reward:up to $200.00');
    expect(rescue).toHaveTextContent('Dates:From Mar 1, 2030');
    expect(card('Spring code')).toHaveTextContent('Promo code');
  });

  it('renders the member’s status of each promotion as a button to its page', async () => {
    await openAsMember();
    const expected: [string, string, number][] = [
      ['Welcome pictures', 'Rejected', 1],
      ['Deposit proof', 'Applying', 7],
      ['VIP birthday', 'Issued', 8],
      ['Daily bettor', 'Process', 2],
      ['Rescue fund', 'Claim', 3],
      ['Daily sign-in', 'Claimed', 4],
      ['VIP raffle', 'Joined', 5],
      ['Spring code', 'Join', 6],
    ];
    for (const [title, status, id] of expected) {
      const button = within(card(title)).getByRole('link', { name: `${status}: ${title}` });
      expect(button).toHaveTextContent(status);
      expect(button).toHaveAttribute('href', `/promoDetail?id=${id}`);
    }
  });

  it('filters by category tab, by click and by keyboard', async () => {
    await openAsMember();
    const tablist = screen.getByRole('tablist', { name: 'Promotion categories' });
    expect(
      within(tablist)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['All', 'New members', 'Deposit', 'Daily', 'VIP', 'Other']);
    const all = screen.getByRole('tab', { name: 'All' });
    expect(all).toHaveAttribute('aria-selected', 'true');
    expect(all).toHaveAttribute('tabindex', '0');

    await userEvent.click(screen.getByRole('tab', { name: 'Daily' }));
    expect(screen.getByRole('tab', { name: 'Daily' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Daily');
    expect(titles()).toEqual(['Daily bettor', 'Daily sign-in']);

    await userEvent.keyboard('{ArrowRight}');
    const vip = screen.getByRole('tab', { name: 'VIP' });
    expect(vip).toHaveFocus();
    expect(vip).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Daily' })).toHaveAttribute('tabindex', '-1');
    expect(titles()).toEqual(['VIP birthday', 'VIP raffle']);

    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Other' })).toHaveFocus();
    expect(titles()).toEqual(['Rescue fund', 'Spring code']);
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'All' })).toHaveFocus();
    expect(titles()).toHaveLength(8);
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Other' })).toHaveAttribute('aria-selected', 'true');
    // One list request: the tabs filter what came.
    expect(server.sent(LIST)).toHaveLength(1);
  });

  it('opens on the route’s category', async () => {
    await openAsMember('NEW_MEMBER');
    expect(screen.getByRole('tab', { name: 'New members' })).toHaveAttribute('aria-selected', 'true');
    expect(titles()).toEqual(['Welcome pictures']);
  });

  it('opens on All when the server lists no promotion of the route’s category', async () => {
    show(<Page initial="VIP" />, 'visitor');
    await listShown({ categories: ['DAILY'], list: LIST_VALUE.list.filter((p) => p.category === 'DAILY') });
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'VIP' })).toBeNull();
  });

  it('says when a tab has nothing', async () => {
    show(<Page />, 'visitor');
    await listShown({ categories: [], list: [] });
    expect(screen.getByText('No promotions here right now.')).toBeInTheDocument();
  });

  it('shows skeletons while loading and a retry when the list fails', async () => {
    show(<Page />, 'visitor');
    await waitFor(() => expect(server.pending(LIST)).toHaveLength(1));
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(document.querySelector('[data-skeleton]')).not.toBeNull();
    await server.fail(LIST, new ApiError('NETWORK', ''));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network abnormal, please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await listShown();
    expect(titles()).toHaveLength(8);
  });
});

describe('Promotions: who may act', () => {
  it('lets a visitor read the list and asks them to log in to act', async () => {
    show(<Page />, 'visitor');
    await listShown();
    expect(titles()).toHaveLength(8);
    expect(screen.getByTestId('modal')).toHaveTextContent('none');
    await userEvent.click(screen.getByRole('button', { name: 'Log in to join VIP raffle' }));
    expect(screen.getByTestId('modal')).toHaveTextContent('login');
    await userEvent.click(screen.getByRole('button', { name: 'Log in to redeem' }));
    expect(screen.getByTestId('modal')).toHaveTextContent('login');
    expect(server.sent(MINE)).toHaveLength(0);
    expect(server.sent(CODE)).toHaveLength(0);
    // A visitor has no balance to read: asking for it is a 401 in the console.
    expect(server.sent(WALLET)).toHaveLength(0);
  });

  it('asks a trial account to register first', async () => {
    show(<Page />, 'trial');
    await listShown();
    await userEvent.click(await screen.findByRole('button', { name: 'Join: Daily sign-in' }));
    expect(screen.getByTestId('modal')).toHaveTextContent('realAccount');
    expect(server.sent(MINE)).toHaveLength(0);
  });

  it('lets the list lead to the pages when the member’s statuses fail to load', async () => {
    show(<Page />, 'member');
    await answer(LIST, LIST_VALUE);
    await waitFor(() => expect(server.pending(MINE)).toHaveLength(1));
    await server.fail(MINE, new ApiError('NETWORK', ''));
    expect(
      await within(card('VIP raffle')).findByRole('link', { name: 'Details: VIP raffle' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await answer(MINE, { list: STATES });
    expect(
      await within(card('VIP raffle')).findByRole('link', { name: 'Joined: VIP raffle' }),
    ).toBeInTheDocument();
  });
});

describe('Promo code box', () => {
  it('says what is wrong under the field and keeps what was typed', async () => {
    await openAsMember();
    const field = screen.getByLabelText('Enter a promo code');
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(field).toHaveAccessibleDescription('Input must not be empty');
    expect(server.sent(CODE)).toHaveLength(0);

    await userEvent.type(field, 'nope1');
    expect(field).not.toHaveAccessibleDescription();
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    await waitFor(() => expect(server.pending(CODE)).toHaveLength(1));
    expect(server.next(CODE).input.body).toEqual({ code: 'nope1' });
    await server.fail(
      CODE,
      new ApiError('NOT_FOUND', 'Unknown promo code', { code: 'Unknown promo code' }, 404),
    );
    await waitFor(() => expect(field).toHaveAccessibleDescription('Unknown promo code'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue('nope1');

    // A refusal without a field still stands under the field.
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    await waitFor(() => expect(server.pending(CODE)).toHaveLength(1));
    await server.fail(CODE, new ApiError('CONFLICT', 'You have already used this promo code', {}, 409));
    await waitFor(() => expect(field).toHaveAccessibleDescription('You have already used this promo code'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the reward and refreshes the balance and the statuses on success', async () => {
    await openAsMember();
    const field = screen.getByLabelText('Enter a promo code');
    await userEvent.type(field, 'SPRING888');
    await userEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    await waitFor(() => expect(server.pending(CODE)).toHaveLength(1));
    await server.reply(CODE, { promotionId: 6, reward: 888, balance: 100_888 });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Promo code accepted: $8.88 added to your main wallet.',
    );
    expect(field).toHaveValue('');
    expect(field).not.toHaveAccessibleDescription();
    await waitFor(() => expect(server.pending(WALLET)).toHaveLength(1));
    expect(server.pending(MINE)).toHaveLength(1);
  });
});
