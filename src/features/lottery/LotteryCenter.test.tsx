import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_MENU, SERVER_TIME, sampleLottery } from '../../../machines/lotteryRefresh.events.ts';
import type { LotteryCategory } from '../../domain/lotteryLinks.ts';
import { server } from '../../test/authHarness.tsx';
import { answerData, MENU, menuData } from '../../test/lotteryHarness.tsx';
import { show } from '../../test/memberHarness.tsx';
import { LotteryCenter } from './LotteryCenter.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

afterEach(() => server.reset());

const FAST = SAMPLE_MENU[2]!;
const KENO = sampleLottery(9, {
  code: 'KENO5',
  labelName: "Keno 5'",
  tag: 'KENO',
  gameType: 'ELOTT',
  vendor: 'GPI',
});
const told: LotteryCategory[] = [];

/** The route's part: the link's category and tab, and the URL changed when a category is chosen. */
function Route({ start }: { start: { prizeMode: LotteryCategory; tag?: 'KENO' } }) {
  const [link, setLink] = useState(start);
  return (
    <LotteryCenter
      prizeMode={link.prizeMode}
      tag={link.tag}
      onCategoryChange={(prizeMode) => {
        told.push(prizeMode);
        setLink({ prizeMode });
      }}
    />
  );
}
const selectedTab = () =>
  within(screen.getByRole('tablist', { name: 'Lottery regions' })).getByRole('tab', { selected: true });
const rowNames = () =>
  within(screen.getByRole('list', { name: 'Lotteries' }))
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('aria-label'));

describe('lottery centre', () => {
  it('opens on its link’s category and tab, keeps a chosen category in the URL and follows it', async () => {
    show(<Route start={{ prizeMode: 'Elott', tag: 'KENO' }} />, 'visitor');
    await answerData(MENU, menuData([FAST, KENO], SERVER_TIME));
    expect(server.sent(MENU)[0]!.input).toEqual({ query: { prizeMode: 'Elott' } });
    expect(selectedTab()).toHaveTextContent('Keno');
    expect(rowNames()).toEqual(["Keno 5'"]);
    // Each row is one tap from its betting page.
    expect(within(screen.getByRole('listitem', { name: "Keno 5'" })).getByRole('link')).toHaveAttribute(
      'href',
      '/lottery?gameCode=KENO5',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Lottery' }));
    expect(told).toEqual(['Lott']);
    await waitFor(() => expect(server.pending(MENU)).toHaveLength(1));
    expect(server.pending(MENU)[0]!.input).toEqual({ query: { prizeMode: 'Lott' } });
    await answerData(MENU, menuData(SAMPLE_MENU.slice(0, 2), SERVER_TIME));
    expect(selectedTab()).toHaveTextContent('All');
    expect(rowNames()).toEqual(['Miền Bắc', 'TP. Hồ Chí Minh']);
    expect(screen.getByRole('button', { name: 'Lottery' })).toHaveAttribute('aria-pressed', 'true');
  });
});
