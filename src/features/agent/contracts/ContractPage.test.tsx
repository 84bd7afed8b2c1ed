import { focusManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AgentContract,
  actOnContract,
  agentContracts,
  agentIncome,
  type ContractKind,
} from '../../../../contract/agent.ts';
import type { CallOutput } from '../../../../contract/call.ts';
import { movedOn } from '../../../../machines/contractNegotiation.connect.ts';
import {
  DOWNLINE,
  OWN_TIERS,
  sampleContract,
  UPLINE,
} from '../../../../machines/contractNegotiation.events.ts';
import { ApiError } from '../../../api/client.ts';
import { mount, server } from '../../../test/authHarness.tsx';
import { answer } from '../../../test/memberHarness.tsx';
import { ContractPage } from './ContractPage.tsx';

vi.mock('../../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../api/client.ts')>()),
  call: (await import('../../../test/authHarness.tsx')).server.call,
}));

type Contracts = CallOutput<typeof agentContracts>['value'];
const CONTRACTS = agentContracts.path;
const ACT = actOnContract.path;
const INCOME = agentIncome.path;

const reads = () => server.requests.filter((r) => r.path === CONTRACTS && r.method === 'GET');
/** Answers the page's pending read of the contracts. */
async function answerRead(value: Contracts) {
  await waitFor(() => expect(reads().some((r) => !r.settled)).toBe(true));
  await server.reply(CONTRACTS, value);
}

const offered = (kind: ContractKind = 'DAILY_SALARY'): Contracts => ({
  mine: { active: null, proposed: sampleContract(kind, 'PROPOSED'), ended: null },
  downlines: [],
});

const user = () => userEvent.setup();

describe('ContractPage', () => {
  beforeEach(() => server.reset());

  it('shows skeletons while loading, a failure with retry, then the page', async () => {
    mount(<ContractPage kind="HOURLY_SALARY" />);
    expect(reads()[0]!.input).toEqual({ query: { kind: 'HOURLY_SALARY' } });
    expect(screen.queryByRole('region', { name: 'My contract' })).toBeInTheDocument();
    await server.fail(CONTRACTS, new ApiError('NETWORK', ''));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts[0]).toHaveTextContent('Network abnormal, please try again.');
    await user().click(within(alerts[0]!).getByRole('button', { name: 'Retry' }));
    await answerRead({ mine: { active: null, proposed: null, ended: null }, downlines: [] });
    expect(await screen.findByText(/You have no contract of this kind yet/)).toBeInTheDocument();
    expect(screen.getByText(/No downline agents yet/)).toBeInTheDocument();
  });

  it('an upline without a contract of its own cannot offer one', async () => {
    mount(<ContractPage kind="DAILY_SALARY" />);
    await answerRead({
      mine: { active: null, proposed: null, ended: null },
      downlines: [{ member: DOWNLINE, active: null, proposed: null, ended: null }],
    });
    const row = await screen.findByRole('listitem', { name: DOWNLINE.account });
    expect(within(row).getByText('No contract')).toBeInTheDocument();
    expect(within(row).getByText(/You have no contract of this kind in force/)).toBeInTheDocument();
    // Without a ceiling every rate is too high: the offer is not sent.
    await user().type(within(row).getByLabelText('Active members'), '1');
    await user().type(within(row).getByLabelText('Bet amount'), '0');
    await user().type(within(row).getByLabelText('Rate (%)'), '0.5');
    await user().click(within(row).getByRole('button', { name: 'Send offer' }));
    expect(within(row).getByLabelText('Rate (%)')).toHaveAccessibleDescription(
      'At most your own rate for this team: 0.00%',
    );
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('a failed acceptance is tried again from its message; the offer stays until then', async () => {
    mount(<ContractPage kind="DAILY_SALARY" />);
    await answerRead(offered());
    const offer = await screen.findByRole('region', { name: `Offer from ${UPLINE.account}` });
    await user().click(within(offer).getByRole('button', { name: 'Accept' }));
    await server.fail(ACT, new ApiError('CONFLICT', 'Your upline’s contract has changed', {}, 409));
    const alert = within(offer).getByRole('alert');
    expect(alert).toHaveTextContent('Your upline’s contract has changed');
    await answerRead(offered());
    await user().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(server.sent(ACT).map((r) => r.input)).toEqual([
      { params: { id: 8 }, body: { action: 'ACCEPT' } },
      { params: { id: 8 }, body: { action: 'ACCEPT' } },
    ]);
  });

  it('asks before rejecting; keeping the offer sends nothing', async () => {
    mount(<ContractPage kind="DAILY_SALARY" />);
    await answerRead(offered());
    const offer = await screen.findByRole('region', { name: `Offer from ${UPLINE.account}` });
    await user().click(within(offer).getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject the offer?' });
    await user().click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.sent(ACT)).toHaveLength(0);
  });

  it('takes the server’s word when it moves on: a new offer read after a rejection shows', async () => {
    mount(<ContractPage kind="DAILY_SALARY" />);
    await answerRead(offered());
    const offer = await screen.findByRole('region', { name: `Offer from ${UPLINE.account}` });
    await user().click(within(offer).getByRole('button', { name: 'Reject' }));
    await user().click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reject offer' }));
    await server.reply(ACT, sampleContract('DAILY_SALARY', 'REJECTED'));
    await answerRead({ mine: { active: null, proposed: null, ended: null }, downlines: [] });
    expect(await screen.findByText('You rejected the offer.')).toBeInTheDocument();
    // The upline offers again (read later, e.g. on focus).
    const again = sampleContract('DAILY_SALARY', 'PROPOSED', {
      id: 12,
      tiers: [{ activeMembers: 2, betAmount: 50_000, rateBp: 60 }],
    });
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    focusManager.setFocused(undefined);
    await waitFor(() => expect(reads().some((r) => !r.settled)).toBe(true));
    await server.reply(CONTRACTS, { mine: { active: null, proposed: again, ended: null }, downlines: [] });
    const next = await screen.findByRole('region', { name: `Offer from ${UPLINE.account}` });
    expect(within(next).getAllByRole('row')[1]).toHaveTextContent('2$500.000.60%');
  });

  it('shows the agent’s pay of the kind over the range, with its total', async () => {
    mount(<ContractPage kind="REALTIME_SALARY" />);
    await answerRead({ mine: { active: null, proposed: null, ended: null }, downlines: [] });
    await waitFor(() => expect(server.pending(INCOME)).toHaveLength(1));
    expect(server.next(INCOME).input.query).toMatchObject({
      kind: 'REALTIME_SALARY',
      pageNo: 1,
      pageSize: 20,
    });
    await answer(INCOME, {
      list: [
        {
          id: 1,
          contractId: 5,
          kind: 'REALTIME_SALARY',
          windowStart: '2030-01-01T00:00:00.000Z',
          windowEnd: '2030-01-01T00:05:00.000Z',
          activeMembers: 3,
          bet: 1_000_000,
          base: 1_000_000,
          rateBp: 50,
          gross: 5_000,
          deducted: 2_000,
          amount: 3_000,
          at: '2030-01-01T00:05:01.000Z',
        },
      ],
      totals: { amount: 3_000 },
      totalPages: 1,
    });
    const table = await screen.findByRole('table', { name: 'My income' });
    const cells = within(within(table).getAllByRole('row')[1]!)
      .getAllByRole('cell')
      .slice(1)
      .map((c) => c.textContent);
    expect(cells).toEqual(['3', '$10,000.00', '$10,000.00', '0.50%', '$50.00', '$20.00', '$30.00']);
    expect(within(screen.getByRole('definition')).getByText('$30.00')).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Last 30 days' }));
    await waitFor(() => expect(server.pending(INCOME)).toHaveLength(1));
  });

  it('a dividend offer keeps the upline’s period; another period is refused before sending', async () => {
    const own: AgentContract = {
      ...sampleContract('DIVIDEND', 'ACTIVE'),
      id: 3,
      downline: UPLINE,
      tiers: OWN_TIERS,
    };
    mount(<ContractPage kind="DIVIDEND" />);
    await answerRead({
      mine: { active: own, proposed: null, ended: null },
      downlines: [{ member: DOWNLINE, active: null, proposed: null, ended: null }],
    });
    const row = await screen.findByRole('listitem', { name: DOWNLINE.account });
    const period = within(row).getByLabelText('Period');
    expect(period).toHaveValue('W');
    await user().selectOptions(period, 'D');
    await user().type(within(row).getByLabelText('Rate (%)'), '1');
    await user().click(within(row).getByRole('button', { name: 'Send offer' }));
    expect(period).toHaveAccessibleDescription('A dividend is paid in your own period: Weekly');
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });
});

describe('movedOn: when the page starts a new negotiation from the server’s word', () => {
  const offer = sampleContract('DAILY_SALARY', 'PROPOSED');
  const inForce = sampleContract('DAILY_SALARY', 'ACTIVE');
  it.each([
    ['nothing known, nothing there', null, null, false],
    ['an offer arrives', null, offer, true],
    ['the known offer is unchanged', offer, offer, false],
    ['the known offer was accepted elsewhere', offer, { ...offer, status: 'ACTIVE' as const }, true],
    ['the known offer is gone', offer, null, true],
    ['the known contract in force is gone', inForce, null, true],
    [
      'an offer this side rejected, the older contract still in force',
      { ...offer, status: 'REJECTED' as const },
      inForce,
      false,
    ],
    ['an offer this side terminated, nothing left', { ...offer, status: 'TERMINATED' as const }, null, false],
    [
      'a newer offer after a rejection',
      { ...offer, status: 'REJECTED' as const },
      { ...offer, id: 12 },
      true,
    ],
  ])('%s', (_name, known, now, expected) => {
    expect(movedOn(known, now)).toBe(expected);
  });
});
