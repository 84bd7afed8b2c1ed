import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot, EventFromLogic } from 'xstate';
import { downlineTransferWalk, RECEIVER } from '../../../machines/downlineTransfer.events.ts';
import {
  type DownlineTransferContext,
  downlineTransferMachine,
  readAmount,
  type TransferResult,
} from '../../../machines/downlineTransfer.machine.ts';
import type { WalkPath } from '../../../machines/test/transitionPaths.ts';
import { ApiError } from '../../api/client.ts';
import {
  entries,
  expectFullCoverage,
  fill,
  type InternalEvent,
  mount,
  server,
  type ThrownShape,
  useFakeClock,
  useRealClock,
  viewPaths,
  visitor,
  walk,
} from '../../test/authHarness.tsx';
import { TransferDownline } from './TransferDownline.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

type M = typeof downlineTransferWalk.machine;
type Event = EventFromLogic<M> | InternalEvent;

const ctx = (s: AnyMachineSnapshot) => s.context as DownlineTransferContext;

/**
 * The transfer page's paths: every event has its control (the receiver's button, the fields, Continue, Back,
 * Confirm, Make another transfer) or is the fake server's answer, so nothing is excluded. Two forms are told apart
 * by what the guard reads and by what was typed (the page shows it back).
 */
const paths = viewPaths(
  downlineTransferWalk.machine,
  () => downlineTransferWalk.events as Event[],
  (s) => {
    const c = ctx(s);
    return JSON.stringify([s.value, c.downline !== null, c.amountText, c.paymentPassword !== '', c.checked]);
  },
);

const DOWNLINE = '/wps/agent/downline';
const TRANSFER = '/wps/agent/transfer';
const BALANCE = '/wps/v2/wallets/balance';
const toApiError = (e: ThrownShape) => new ApiError(e.code as ApiError['code'], e.message ?? '', e.fields, 0);

const member21 = {
  id: RECEIVER.id,
  account: RECEIVER.account,
  agentType: 0,
  level: 1,
  uplineAccount: 'agent01',
  teamSize: 0,
  balance: 0,
  createdAt: '2030-01-01T00:00:00.000Z',
  lastLoginAt: null,
};

async function perform(event: Event) {
  const user = visitor();
  switch (event.type) {
    case 'downline.pick':
      return user.click(screen.getByRole('button', { name: new RegExp(`^${RECEIVER.account}`) }));
    case 'amount.change':
      return fill(screen.getByLabelText('Amount'), (event as { text: string }).text);
    case 'password.change':
      return fill(screen.getByLabelText('Payment password'), (event as { value: string }).value);
    case 'transfer.review':
      return user.click(screen.getByRole('button', { name: 'Continue' }));
    case 'transfer.back':
      return user.click(screen.getByRole('button', { name: 'Back' }));
    case 'transfer.confirm':
      return user.click(screen.getByRole('button', { name: 'Confirm transfer' }));
    case 'transfer.again':
      return user.click(screen.getByRole('button', { name: 'Make another transfer' }));
    case 'xstate.done.actor.sendTransfer':
      return server.reply(TRANSFER, (event as { output: TransferResult }).output);
    case 'xstate.error.actor.sendTransfer':
      return server.fail(TRANSFER, toApiError((event as { error: ThrownShape }).error));
    default:
      throw new Error(`the view has no control for ${event.type}`);
  }
}

function expectScreen(path: WalkPath<M>, state: AnyMachineSnapshot, i: number) {
  const c = ctx(state);
  if (state.matches('editing') || state.matches('failed')) {
    // Nothing typed is lost, whatever happened before.
    expect(screen.getByLabelText('Amount')).toHaveValue(c.amountText);
    expect(screen.getByLabelText('Payment password')).toHaveValue(c.paymentPassword);
    if (c.downline) expect(screen.getByText(`Sending to ${c.downline.account}`)).toBeInTheDocument();
    else expect(screen.getByText('No account chosen yet.')).toBeInTheDocument();
    const amountLine = screen.getByLabelText('Amount').getAttribute('aria-describedby');
    expect(Boolean(amountLine)).toBe(c.problems.amount !== null || c.serverFields.amount !== undefined);
    if (state.matches('failed') && c.error?.code === 'NETWORK')
      expect(screen.getByRole('alert')).toHaveTextContent('Network abnormal, please try again.');
  }
  if (state.matches('confirming') || state.matches('submitting')) {
    const amount = readAmount(c.amountText);
    expect(amount.ok).toBe(true);
    expect(screen.getByText(c.downline!.account, { selector: 'dd' })).toBeInTheDocument();
    const confirm = screen.getByRole('button', {
      name: state.matches('submitting') ? 'Sending…' : 'Confirm transfer',
    });
    expect(confirm).toHaveProperty('disabled', state.matches('submitting'));
  }
  if (state.matches('done'))
    expect(screen.getByRole('status')).toHaveTextContent(`Transferred $1,234.50 to ${RECEIVER.account}.`);
  // One request a visit of `submitting`: a click while sending sends nothing more.
  expect(server.sent(TRANSFER)).toHaveLength(entries(path, i, (s) => s.matches('submitting')));
}

describe('downlineTransfer: paths generated from the machine, walked against the transfer page', () => {
  beforeEach(() => {
    useFakeClock();
    server.reset();
    server.answerAlways(DOWNLINE, () => ({ list: [member21], totalPages: 1 }));
    server.answerAlways(BALANCE, () => ({ sumBalance: 500_000, currency: 'USD', currencySign: '$' }));
  });
  afterEach(() => {
    useRealClock();
  });

  it('cover every state and transition', () => {
    expectFullCoverage(downlineTransferMachine, paths, {});
  });

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    await walk(
      path,
      () => mount(<TransferDownline />),
      perform,
      (state, i) => expectScreen(path, state, i),
    );
  });
});
