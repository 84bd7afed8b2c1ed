import type { QueryKey } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot, EventFromLogic } from 'xstate';
import { betSlipWalk } from '../../../machines/betSlip.events.ts';
import { type BetSlipContext, betSlipMachine } from '../../../machines/betSlip.machine.ts';
import { SAMPLE_MENU, SERVER_TIME } from '../../../machines/lotteryRefresh.events.ts';
import { withInput } from '../../../machines/test/machineGraph.ts';
import { ApiError } from '../../api/client.ts';
import { balanceQuery } from '../../api/queries.ts';
import { expectFullCoverage, type InternalEvent, server, viewPaths } from '../../test/authHarness.tsx';
import { BALANCE, BETS } from '../../test/lotteryHarness.tsx';
import { answer, show } from '../../test/memberHarness.tsx';
import { BetForm } from './BetForm.tsx';
import { lotteryRulesQuery } from './queries.ts';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

afterEach(() => server.reset());

type M = typeof betSlipMachine;
type Event = EventFromLogic<M> | InternalEvent;
const ctx = (s: AnyMachineSnapshot) => s.context as BetSlipContext;

const RULES_DATA = {
  rules: ['LO2', 'DE', 'BA_CANG', 'XIEN2', 'XIEN3', 'XIEN4'].map((playType) => ({
    playType,
    pointCost: { NORTH: 2_700, SOUTH: 1_800 },
    winPerPoint: { NORTH: 9_500, SOUTH: 9_500 },
    minPoints: 1,
    maxPoints: 100,
  })),
};

/**
 * What the betting page lets happen to the slip: the sale's clock (`sale.close` / `sale.open`) is LotteryPage.test's
 * (a closed sale), logins and logouts are not walked — the visitor walk starts logged out. To keep the graph small a
 * slip holds one line here (the 20-line limit is the machine's tests').
 */
function offered(s: AnyMachineSnapshot): Event[] {
  const c = ctx(s);
  const placing = s.matches({ slip: 'placing' });
  return (betSlipWalk.events as Event[]).filter((e) => {
    if (e.type.startsWith('xstate.')) return true;
    switch (e.type) {
      case 'number.toggle':
        return c.playType !== 'BA_CANG' && c.picked.length === 0;
      case 'digits.change':
        return c.playType === 'BA_CANG' && c.digits === '';
      case 'points.change':
        return c.pointsText === '';
      case 'playType.select':
        return c.playType !== 'BA_CANG';
      case 'line.add':
        return c.lines.length === 0;
      case 'line.remove':
        return c.lines[0]?.key === 'l1';
      case 'slip.place':
        // The member's button is disabled for an empty slip and while one is on its way.
        return !c.loggedIn || (c.lines.length > 0 && !placing);
      default:
        return false;
    }
  });
}

const serialize = (s: AnyMachineSnapshot) => {
  const c = ctx(s);
  return [
    JSON.stringify(s.value),
    c.loggedIn ? 'member' : 'visitor',
    c.playType,
    c.picked.join(','),
    c.digits,
    c.pointsText,
    c.lines.map((l) => l.key).join(','),
    c.numbersProblem?.kind,
    c.pointsProblem?.kind,
  ].join(' ');
};

const walkOf = (loggedIn: boolean) =>
  viewPaths(
    withInput(betSlipMachine, { gameCode: 'XSMB', playType: 'LO2', loggedIn, newRequestId: () => 'r' }),
    offered,
    serialize,
  );
const memberPaths = walkOf(true);
const visitorPaths = walkOf(false);

const BALANCE_VALUE = { sumBalance: 100_000, currency: 'USD', currencySign: '$' };

/**
 * The bet form of the North lottery on lô, alone (the page around it is LotteryPage.test's): its play rules, and a
 * member's balance, already read; the sale closes 20 s after the mount, longer than a walk takes.
 */
async function mount(who: 'visitor' | 'member') {
  const game = SAMPLE_MENU.find((g) => g.code === 'XSMB')!;
  const clock = { offset: Date.parse(SERVER_TIME) - Date.now(), asOf: Date.parse(SERVER_TIME) };
  show(<BetForm game={game} clock={clock} initialPlayType="LO2" />, who, {}, [
    [lotteryRulesQuery().queryKey, RULES_DATA.rules],
    ...(who === 'member' ? [[balanceQuery().queryKey, BALANCE_VALUE] as [QueryKey, unknown]] : []),
  ]);
  // The member's session is read before the slip offers Place bets.
  await within(slipRegion()).findByRole('button', { name: who === 'member' ? 'Place bets' : 'Log in' });
}

const user = () => userEvent.setup();
const slipRegion = () => screen.getByRole('region', { name: 'Bet slip' });
const BET = {
  id: 1,
  gameCode: 'XSMB',
  issue: '20300101',
  playType: 'LO2',
  numbers: ['07'],
  points: 2,
  stake: 5_400,
  winPerHit: 19_000,
  status: 'OPEN',
  winUnits: null,
  payout: null,
  createdAt: SERVER_TIME,
  settledAt: null,
};

async function perform(event: Event) {
  const e = event as Event & Record<string, unknown>;
  switch (event.type) {
    case 'number.toggle':
      return user().click(
        within(screen.getByRole('group', { name: 'Numbers' })).getByRole('button', { name: '07' }),
      );
    case 'digits.change':
      return user().type(screen.getByLabelText('Three digits'), e.digits as string);
    case 'points.change':
      return user().type(screen.getByLabelText('Points per line'), e.text as string);
    case 'playType.select':
      return user().click(screen.getByRole('tab', { name: '3 càng' }));
    case 'line.add':
      return user().click(screen.getByRole('button', { name: 'Add to slip' }));
    case 'line.remove':
      return user().click(within(slipRegion()).getByRole('button', { name: 'Remove line 1' }));
    case 'slip.place':
      return user().click(within(slipRegion()).getByRole('button', { name: /^(Place bets|Log in)$/ }));
    case 'xstate.done.actor.placeBets': {
      await waitFor(() => expect(server.pending(BETS)).toHaveLength(1));
      await server.reply(BETS, { bets: [BET], balance: 99_000 });
      // The balance is read again.
      return answer(BALANCE, { ...BALANCE_VALUE, sumBalance: 99_000 });
    }
    case 'xstate.error.actor.placeBets':
      await waitFor(() => expect(server.pending(BETS)).toHaveLength(1));
      return server.fail(BETS, new ApiError('NETWORK', 'timeout'));
    default:
      throw new Error(`the bet form has no control for ${event.type}`);
  }
}

const LABELS = { LO2: 'Lô 2 số', BA_CANG: '3 càng' } as Record<string, string>;

function expectScreen(state: AnyMachineSnapshot, i: number, path: { steps: { event: Event }[] }) {
  const c = ctx(state);
  expect(screen.getByRole('tab', { selected: true })).toHaveTextContent(LABELS[c.playType]!);
  if (c.playType === 'BA_CANG') expect(screen.getByLabelText('Three digits')).toHaveValue(c.digits);
  else
    expect(
      within(screen.getByRole('group', { name: 'Numbers' }))
        .queryAllByRole('button', { pressed: true })
        .map((b) => b.textContent),
    ).toEqual(c.picked);
  expect(screen.getByLabelText('Points per line')).toHaveValue(c.pointsText);
  expect(within(slipRegion()).queryAllByRole('listitem')).toHaveLength(c.lines.length);
  // Each line shows its points, cost and win per hit (lô); the total is what the lines cost.
  for (const [i, line] of c.lines.entries())
    expect(within(slipRegion()).getAllByRole('listitem')[i]).toHaveTextContent(
      line.playType === 'LO2' ? 'Win per hit: $190.002 points$54.00' : 'Win if it hits',
    );
  expect(within(slipRegion()).getByText('Total cost').parentElement).toHaveTextContent(
    `$${(c.lines.reduce((s, l) => s + l.cost, 0) / 100).toFixed(2)}`,
  );
  if (c.numbersProblem?.kind === 'pickOne')
    expect(screen.getByText('Choose at least one number')).toBeInTheDocument();
  if (c.pointsProblem?.kind === 'required')
    expect(screen.getByText('Please enter the points')).toBeInTheDocument();
  const status = within(slipRegion()).queryByRole('status');
  if (state.matches({ slip: 'placed' })) expect(status).toHaveTextContent('1 bet placed. Good luck!');
  else expect(status).toBeNull();
  const alert = within(slipRegion()).queryByRole('alert');
  if (state.matches({ slip: 'refused' }))
    expect(alert).toHaveTextContent('Network abnormal, please try again.');
  else expect(alert).toBeNull();
  if (c.loggedIn) {
    const place = within(slipRegion()).getByRole('button', { name: 'Place bets' });
    expect(place).toHaveProperty('disabled', c.lines.length === 0 || state.matches({ slip: 'placing' }));
    expect(place).toHaveAttribute('aria-busy', String(state.matches({ slip: 'placing' })));
  } else {
    expect(within(slipRegion()).getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    // A visitor's place opened the login popup (`auth.required`).
    const asked = path.steps.slice(1, i + 1).some((s) => s.event.type === 'slip.place');
    expect(screen.getByTestId('modal')).toHaveTextContent(asked ? 'login' : 'none');
  }
}

describe('bet form: paths generated from the betSlip machine, walked on the form', () => {
  it('cover every state and transition but the sale clock’s and the session’s', () => {
    expectFullCoverage(betSlipMachine, [...memberPaths, ...visitorPaths] as never, {
      states: ['sale.closed'],
      // A placed slip is empty: only a logout after placing (not walked) makes its Log in button the way out.
      transitions: [
        'sale.open:sale.close',
        'sale.closed:sale.open',
        ':session.change',
        'slip.placed:slip.place',
      ],
    });
  });

  for (const [who, paths] of [
    ['member', memberPaths],
    ['visitor', visitorPaths],
  ] as const)
    it.each(paths.map((p) => [p.name, p] as const))(`${who}: %s`, async (_name, path) => {
      for (const [i, step] of path.steps.entries()) {
        try {
          if (i === 0) await mount(who);
          else {
            await perform(step.event);
            await act(() => new Promise((r) => setTimeout(r, 0)));
          }
          expectScreen(step.state, i, path as never);
        } catch (e) {
          if (e instanceof Error)
            e.message = `step ${i} (${step.event.type} → ${serialize(step.state)}): ${e.message}`;
          throw e;
        }
      }
    });
});
