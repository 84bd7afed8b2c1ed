import { i18n } from '@lingui/core';
import { act, screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot, EventFromLogic } from 'xstate';
import { confirmWithdrawal, type PaymentOrder, reportNotReceived } from '../../../contract/payments.ts';
import type { WalkPath } from '../../../machines/test/transitionPaths.ts';
import { selectConfirmation, selectProofForm } from '../../../machines/withdrawalConfirmation.connect.ts';
import {
  PROOF_FILES,
  sampleWithdrawal,
  WALK_START,
  withdrawalConfirmationWalks,
} from '../../../machines/withdrawalConfirmation.events.ts';
import {
  type PickedFile,
  type WithdrawalConfirmationContext,
  withdrawalConfirmationMachine,
} from '../../../machines/withdrawalConfirmation.machine.ts';
import { ApiError } from '../../api/client.ts';
import {
  advance,
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
import { WithdrawalConfirmation } from './WithdrawalConfirmation.tsx';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

type M = typeof withdrawalConfirmationMachine;
type Event = EventFromLogic<M> | InternalEvent;
type Context = WithdrawalConfirmationContext;

const CONFIRM = confirmWithdrawal.path;
const REPORT = reportNotReceived.path;
const ORDER_ID = 41;

/**
 * The walks of withdrawalConfirmation.events.ts, one per status the panel can be given, restricted to what the view
 * lets happen: a file can be removed only when one is listed (the first one's Remove button), and a refresh is a new
 * order from the page. Screens are told apart by the machine's value and by `forcedDue` (the forced time came while
 * a call was on its way: that call's failure ends forced received), so the walk covers that branch too.
 */
const WALKS = withdrawalConfirmationWalks.map((w) => {
  const offered = (s: AnyMachineSnapshot): Event[] => {
    const c = s.context as Context;
    return (w.events as Event[]).flatMap((e): Event[] => {
      if (e.type !== 'proof.remove') return [e];
      return c.files.length > 0 ? [{ type: 'proof.remove', id: c.files[0]!.id }] : [];
    });
  };
  const paths = viewPaths(w.machine, offered, (s) =>
    JSON.stringify([s.value, (s.context as Context).forcedDue]),
  );
  return { ...w, paths };
});

const toApiError = (e: ThrownShape) =>
  new ApiError(e.code as ApiError['code'], e.message ?? '', e.fields, 400);

/** A picked image as the browser gives it: its size set without allocating megabytes. */
function browserFile(f: PickedFile): File {
  const file = new File(['x'], f.name, { type: f.type });
  Object.defineProperty(file, 'size', { value: f.size });
  return file;
}

/** The page holding the panel: it keeps the order, takes the one each answer returns, and refetches (`setOrder`). */
let setOrder: (order: PaymentOrder) => void = () => {};
const changes: PaymentOrder[] = [];
function Page({ initial }: { initial: PaymentOrder }) {
  const [order, set] = useState(initial);
  setOrder = set;
  return (
    <WithdrawalConfirmation
      order={order}
      onOrderChange={(next) => {
        changes.push(next);
        set(next);
      }}
    />
  );
}

const panel = () => screen.getByRole('region', { name: 'Withdrawal confirmation' });
const proofForm = () => screen.getByRole('form', { name: 'Report not received' });
/** Uploads without the input's `accept` filter, as a visitor choosing "All files" can. */
const picker = () =>
  userEvent.setup({
    advanceTimers: vi.advanceTimersByTime,
    pointerEventsCheck: PointerEventsCheckLevel.Never,
    applyAccept: false,
  });

/** Does in the UI, on the fake server, on the clock or as the page what the machine event stands for. */
async function perform(event: Event, from: AnyMachineSnapshot) {
  const c = from.context as Context;
  switch (event.type) {
    case 'received.confirm':
      return visitor().click(within(panel()).getByRole('button', { name: 'Received' }));
    case 'report.open':
      return visitor().click(within(panel()).getByRole('button', { name: 'Not received' }));
    case 'report.cancel':
      return visitor().click(within(proofForm()).getByRole('button', { name: 'Cancel' }));
    case 'report.submit':
      return visitor().click(within(proofForm()).getByRole('button', { name: 'Send report' }));
    case 'proof.add':
      return picker().upload(
        within(proofForm()).getByLabelText('Proof images'),
        event.files.map((f) => browserFile(f)),
      );
    case 'proof.remove': {
      // Two images may have the same name: the button of the row of that file.
      const index = c.files.findIndex((f) => f.id === event.id);
      const list = within(proofForm()).getByRole('list', { name: 'Chosen images' });
      return visitor().click(within(list).getAllByRole('button', { name: /^Remove / })[index]!);
    }
    case 'remark.change':
      return fill(within(proofForm()).getByLabelText('Remark (optional)'), event.remark);
    case 'order.refresh': {
      await act(async () => setOrder(sampleWithdrawal(event.status)));
      // A call on its way when the page's news moved the panel on: its answer no longer matters to anyone.
      for (const path of [CONFIRM, REPORT])
        while (server.pending(path).length > 0) await server.fail(path, new ApiError('NETWORK', 'gone'));
      return;
    }
    case 'xstate.after.forcedReceive.withdrawalConfirmation.awaiting':
      return advance(Date.parse(c.forcedReceiveAt!) - Date.now());
    case 'xstate.done.actor.confirmReceived':
      return server.reply(CONFIRM, event.output);
    case 'xstate.error.actor.confirmReceived':
      return server.fail(CONFIRM, toApiError(event.error as ThrownShape));
    case 'xstate.done.actor.reportNotReceived':
      return server.reply(REPORT, event.output);
    case 'xstate.error.actor.reportNotReceived':
      return server.fail(REPORT, toApiError(event.error as ThrownShape));
    default:
      throw new Error(`the view has no control for ${event.type}`);
  }
}

const FILE_WORDS = { 'file.type': 'Only PNG or JPG images', 'file.size': 'Larger than 5 MB' };
const LIST_WORDS = {
  'files.required': 'Add at least one image as proof',
  'files.tooMany': 'At most 3 images',
};
const PHASE_WORDS = {
  disbursed: 'The payment has been sent. Did you receive it?',
  notReceived: 'You reported this payment as not received.',
  received: 'You confirmed that you received this payment.',
  forcedReceived: 'This payment now counts as received.',
};
const errorWords = (e: { code: string; message?: string }) =>
  e.code === 'NETWORK' || !e.message ? 'Network abnormal, please try again.' : e.message;

/** What the member must see in each state (and what went out to get there). */
function expectScreen(path: WalkPath<M>, state: AnyMachineSnapshot, i: number) {
  const c = state.context as Context;
  const view = selectConfirmation(state as never);
  // Requests: one confirmation per entry into a confirming state, one report per entry into submitting.
  const confirming = (s: AnyMachineSnapshot) =>
    s.matches({ awaiting: 'confirming' }) || s.matches({ notReceived: 'confirming' });
  const submitting = (s: AnyMachineSnapshot) => s.matches({ awaiting: { reporting: 'submitting' } });
  expect(server.sent(CONFIRM)).toHaveLength(entries(path, i, confirming));
  expect(server.sent(REPORT)).toHaveLength(entries(path, i, submitting));
  if (view.phase === 'unavailable') {
    expect(screen.queryByRole('region', { name: 'Withdrawal confirmation' })).toBeNull();
    return;
  }
  const region = panel();
  expect(within(region).getByRole('status')).toHaveTextContent(PHASE_WORDS[view.phase]);
  // The forced-receive time, while the member still has to answer.
  const forced = within(region).queryByText(/^Counts as received at/);
  if (view.forcedReceiveAt)
    expect(forced).toHaveTextContent(
      `Counts as received at ${i18n.date(view.forcedReceiveAt, { dateStyle: 'medium', timeStyle: 'short' })}`,
    );
  else expect(forced).toBeNull();
  // The answers the machine takes now; "Received" stays (busy) while its call is on its way.
  const received = within(region).queryByRole('button', { name: /^(Received|Confirming…)$/ });
  if (view.canConfirm || view.confirming) {
    expect(received).toHaveTextContent(view.confirming ? 'Confirming…' : 'Received');
    if (view.confirming) expect(received).toHaveAttribute('aria-busy', 'true');
  } else expect(received).toBeNull();
  expect(within(region).queryByRole('button', { name: 'Not received' }) !== null).toBe(view.canReport);
  if (confirming(state)) expect(server.next(CONFIRM).input).toEqual({ params: { id: ORDER_ID }, body: {} });
  // The proof form.
  const form = within(region).queryByRole('form', { name: 'Report not received' });
  if (!view.formOpen) {
    expect(form).toBeNull();
    const alert = within(region).queryByRole('alert');
    if (view.error) expect(alert).toHaveTextContent(errorWords(view.error));
    else expect(alert).toBeNull();
    return;
  }
  expectForm(selectProofForm(state as never), c);
  if (submitting(state)) {
    const { input } = server.next(REPORT);
    expect(input.params).toEqual({ id: ORDER_ID });
    const body = input.body as FormData;
    expect(body.get('remark')).toBe(c.remark);
    expect((body.getAll('files') as File[]).map((f) => f.name)).toEqual(c.files.map((f) => f.name));
  }
}

function expectForm(f: ReturnType<typeof selectProofForm>, c: Context) {
  const form = proofForm();
  const files = within(form).getByLabelText('Proof images');
  expect(files).toHaveAttribute('accept', 'image/png,image/jpeg');
  expect(files).toHaveAttribute('multiple');
  // Each picked image with its size and its problem; the list's problem under the picker.
  const list = within(form).queryByRole('list', { name: 'Chosen images' });
  if (c.files.length === 0) expect(list).toBeNull();
  else {
    const rows = within(list!).getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('span span')?.textContent)).toEqual(c.files.map((x) => x.name));
    f.files.forEach((file, j) => {
      if (file.problem) expect(rows[j]).toHaveAccessibleDescription(FILE_WORDS[file.problem]);
      else expect(rows[j]).not.toHaveAccessibleDescription();
      expect(within(rows[j]!).getByRole('button', { name: `Remove ${file.name}` })).toBeInTheDocument();
    });
  }
  const listMessage = f.filesProblem ? LIST_WORDS[f.filesProblem] : f.filesServerMessage;
  expect(files).toHaveAccessibleDescription(
    `PNG or JPG, at most 5 MB each, up to 3 pictures.${listMessage ? ` ${listMessage}` : ''}`,
  );
  const invalid = listMessage !== null || f.files.some((x) => x.problem);
  if (invalid) expect(files).toHaveAttribute('aria-invalid', 'true');
  else expect(files).not.toHaveAttribute('aria-invalid');
  // The remark keeps what was typed; its counter, and its problem when it is too long.
  const remark = within(form).getByLabelText('Remark (optional)');
  expect(remark).toHaveValue(c.remark);
  const remarkMessage = f.remarkProblem ? 'At most 140 characters' : f.remarkServerMessage;
  expect(remark).toHaveAccessibleDescription(
    `${c.remark.length} of 140 characters${remarkMessage ? ` ${remarkMessage}` : ''}`,
  );
  // The failed report (kept with the input), the busy submit button.
  const alert = within(form).queryByRole('alert');
  if (f.error) expect(alert).toHaveTextContent(errorWords(f.error));
  else expect(alert).toBeNull();
  const send = within(form).getByRole('button', { name: /^(Send report|Sending…)$/ });
  expect(send).toHaveTextContent(f.submitting ? 'Sending…' : 'Send report');
  if (f.submitting) expect(send).toBeDisabled();
  else expect(send).toBeEnabled();
}

describe('Withdrawal confirmation: paths generated from the machine, walked against WithdrawalConfirmation', () => {
  beforeEach(() => {
    useFakeClock();
    vi.setSystemTime(Date.parse(WALK_START));
    server.reset();
    changes.length = 0;
  });
  afterEach(() => {
    useRealClock();
  });

  it('cover every state and transition (the walks from each status together)', () => {
    // `starting` only picks the first state from the order's status (an eventless transition).
    expectFullCoverage(
      withdrawalConfirmationMachine,
      WALKS.flatMap((w) => w.paths),
      { states: ['starting'] },
    );
  });

  it.each(WALKS.flatMap((w) => w.paths.map((p) => [`${w.status}: ${p.name}`, w.status, p] as const)))(
    '%s',
    async (_name, status, path) => {
      await walk(
        path,
        () => mount(<Page initial={sampleWithdrawal(status)} />),
        (event, from) => perform(event, from),
        (state, i) => expectScreen(path, state, i),
      );
    },
  );
});

describe('Withdrawal confirmation: the page hears each answer', () => {
  beforeEach(() => {
    useFakeClock();
    vi.setSystemTime(Date.parse(WALK_START));
    server.reset();
    changes.length = 0;
  });
  afterEach(() => {
    useRealClock();
  });

  it('reports with two images and a remark, then confirms: the page gets each new order', async () => {
    mount(<Page initial={sampleWithdrawal('DISBURSED')} />);
    await visitor().click(screen.getByRole('button', { name: 'Not received' }));
    expect(screen.getByLabelText('Proof images')).toHaveFocus();
    await picker().upload(screen.getByLabelText('Proof images'), [
      browserFile(PROOF_FILES.png),
      browserFile(PROOF_FILES.jpg),
    ]);
    await fill(screen.getByLabelText('Remark (optional)'), 'Nothing arrived');
    expect(screen.getByText('15 of 140 characters')).toBeInTheDocument();
    await visitor().click(screen.getByRole('button', { name: 'Send report' }));
    await server.reply(REPORT, { order: sampleWithdrawal('NOT_RECEIVED') });
    expect(changes.map((o) => o.status)).toEqual(['NOT_RECEIVED']);
    expect(screen.getByRole('status')).toHaveTextContent(PHASE_WORDS.notReceived);
    await visitor().click(screen.getByRole('button', { name: 'Received' }));
    await server.reply(CONFIRM, { order: sampleWithdrawal('RECEIVED') });
    expect(changes.map((o) => o.status)).toEqual(['NOT_RECEIVED', 'RECEIVED']);
    expect(screen.getByRole('status')).toHaveTextContent(PHASE_WORDS.received);
  });

  it('renders nothing for a deposit', () => {
    mount(<Page initial={{ ...sampleWithdrawal('DISBURSED'), kind: 'DEPOSIT' }} />);
    expect(screen.queryByRole('region')).toBeNull();
  });
});
