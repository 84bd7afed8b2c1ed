import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, type EventFromLogic, fromPromise } from 'xstate';
import type { SystemStatus, WhitelabelInfo } from '../../../contract/system.ts';
import { appStatusWalk, MAINTENANCE_END as END } from '../../../machines/appStatus.events.ts';
import { appStatusMachine, RECHECK_MAX_MS } from '../../../machines/appStatus.machine.ts';
import { transitionPaths } from '../../../machines/test/transitionPaths.ts';
import { coverageLines, machineCoverage } from '../../../scripts/pathsCoverage.ts';
import { whitelabelQuery } from '../../api/queries.ts';
import { AppStatusGate } from './AppStatusGate.tsx';
import { AppStatusContext } from './statusContext.ts';

type Event = EventFromLogic<typeof appStatusMachine>;

const EVENTS: Event[] = appStatusWalk.events;
const paths = transitionPaths(appStatusMachine, EVENTS);

/** Renders the gate with a fake status call whose replies the walk decides, step by step. */
function renderGate() {
  const replies: { resolve(v: SystemStatus): void; reject(e: unknown): void }[] = [];
  const logic = appStatusMachine.provide({
    actors: {
      loadStatus: fromPromise(
        () => new Promise<SystemStatus>((resolve, reject) => replies.push({ resolve, reject })),
      ),
    },
  });
  const queryClient = new QueryClient();
  queryClient.setQueryData(whitelabelQuery().queryKey, {
    customerService: [{ csType: 'LIVECHAT', path: 'https://chat.example/live' }],
  } as WhitelabelInfo);
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AppStatusContext.Provider logic={logic}>
          <AppStatusGate>
            <p>The portal</p>
          </AppStatusGate>
        </AppStatusContext.Provider>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return replies;
}

const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

/** Does in the UI (or in the fake server / clock) what the machine event stands for. */
async function perform(event: Event, replies: ReturnType<typeof renderGate>) {
  const e = event as { type: string; output?: SystemStatus; error?: unknown };
  if (e.type === 'xstate.init') return;
  if (e.type === 'xstate.done.actor.loadStatus') return act(async () => replies.shift()!.resolve(e.output!));
  if (e.type === 'xstate.error.actor.loadStatus') return act(async () => replies.shift()!.reject(e.error));
  if (e.type === 'status.check') return user().click(screen.getByRole('button', { name: 'Check again' }));
  if (e.type === 'status.retry') return user().click(screen.getByRole('button', { name: 'Try again' }));
  if (e.type.startsWith('xstate.after.')) return act(async () => vi.advanceTimersByTime(RECHECK_MAX_MS));
  throw new Error(`no UI action for ${e.type}`);
}

/** What the visitor must see in each state. */
async function expectScreen(state: AnyMachineSnapshot) {
  switch (state.value) {
    case 'loading':
      expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
      expect(screen.queryByText('The portal')).not.toBeInTheDocument();
      return;
    case 'normal':
      expect(await screen.findByText('The portal')).toBeInTheDocument();
      return;
    case 'maintenance': {
      expect(await screen.findByRole('heading', { name: 'System maintenance' })).toBeInTheDocument();
      expect(
        screen.getByText(i18n.date(END, { dateStyle: 'medium', timeStyle: 'short' })),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Customer service' })).toBeEnabled();
      expect(screen.queryByText('The portal')).not.toBeInTheDocument();
      return;
    }
    case 'restricted': {
      expect(await screen.findByRole('heading', { name: 'Access restricted' })).toBeInTheDocument();
      expect(screen.getByText('203.0.113.9')).toBeInTheDocument();
      expect(screen.getByText('US')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Customer service' })).toBeEnabled();
      return;
    }
    case 'failed': {
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(
        state.context.failure?.code === 'UNKNOWN_MERCHANT'
          ? 'Invalid URL or domain, please contact customer service.'
          : 'Network abnormal, please try again.',
      );
      return;
    }
    default:
      throw new Error(`unexpected state ${JSON.stringify(state.value)}`);
  }
}

describe('app status: paths generated from the machine, walked against the rendered view', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('covers every state, every transition and every guarded branch', () => {
    const c = machineCoverage(appStatusMachine, paths);
    expect(coverageLines(c).slice(1)).toEqual([]);
    // loading's done: maintenance, restricted, otherwise normal.
    expect(c.branches.total).toBe(3);
    expect(c.states.total).toBe(5);
  });

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    const replies = renderGate();
    for (const step of path.steps) {
      await perform(step.event, replies);
      await expectScreen(step.state);
    }
  });
});
