import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  isNotFound,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { SystemStatus } from '../../contract/system.ts';
import { appStatusMachine } from '../../machines/appStatus.machine.ts';
import { captchaMachine } from '../../machines/captcha.machine.ts';
import { AppStatusContext } from '../features/status/statusContext.ts';
import { Route as flowsRoute, flowsSearch } from '../routes/flows.tsx';
import { chartOf } from './chart.ts';
import { FlowsPage } from './FlowsPage.tsx';
import { liveActors } from './liveActors.ts';

const machineFiles = readdirSync(join(import.meta.dirname, '../../machines'))
  .filter((f) => f.endsWith('.machine.ts'))
  .map((f) => f.replace('.machine.ts', ''));

/** The page under a memory router shaped like the file route, optionally inside the app-status provider. */
function mountFlows(url: string, wrap = (page: React.ReactNode) => page) {
  const root = createRootRoute();
  const flows = createRoute({
    getParentRoute: () => root,
    path: 'flows',
    component: FlowsPage,
    validateSearch: flowsSearch,
  });
  const router = createRouter({
    routeTree: root.addChildren([flows]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  return render(<I18nProvider i18n={i18n}>{wrap(<RouterProvider router={router} />)}</I18nProvider>);
}

const textAlternative = () => screen.getByRole('region', { name: 'States and transitions' });

describe('/flows', () => {
  it('lists every machine of machines/ and shows the chosen one', async () => {
    mountFlows('/flows?machine=login');
    const nav = await screen.findByRole('navigation', { name: 'Machines' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([...machineFiles].sort((a, b) => a.localeCompare(b)));
    expect(within(nav).getByRole('link', { name: 'login' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { level: 2, name: 'login' })).toBeInTheDocument();

    await userEvent.click(within(nav).getByRole('link', { name: 'session' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'session' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Statechart of the session machine' })).toBeInTheDocument();
  });

  it('draws every state of the machine and says them in words, parallel regions, guards and delays included', async () => {
    mountFlows('/flows?machine=captcha');
    const diagram = await screen.findByRole('img', { name: 'Statechart of the captcha machine' });
    const words = textAlternative();
    expect(diagram).toHaveAccessibleDescription(expect.stringContaining('settled.throttle.cooling.quiet'));
    for (const state of chartOf(captchaMachine).states.slice(1)) {
      expect(within(diagram).getAllByText(new RegExp(`^${state.name}( ∥)?$`)).length).toBeGreaterThan(0);
      expect(within(words).getByText(state.path)).toBeInTheDocument();
    }
    expect(within(words).getByText(/^\(parallel/)).toBeInTheDocument();
    expect(
      within(words).getByText('captcha.refresh → settled.throttle.cooling.refreshDue'),
    ).toBeInTheDocument();
    expect(within(words).getByText('after refreshThrottle [refreshIsDue] → loading')).toBeInTheDocument();
    expect(within(diagram).getByText('[refreshIsDue]', { exact: false })).toBeInTheDocument();
  });

  it('zooms the diagram in and out, and to the width of the screen', async () => {
    mountFlows('/flows?machine=appStatus');
    const diagram = await screen.findByRole('img', { name: 'Statechart of the appStatus machine' });
    const width = Number(diagram.getAttribute('width'));
    await userEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(Number(diagram.getAttribute('width'))).toBeGreaterThan(width);
    await userEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    await userEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(Number(diagram.getAttribute('width'))).toBeLessThan(width);

    // A phone's screen: the whole width fits.
    const scroller = screen.getByRole('region', { name: 'Diagram of appStatus' });
    Object.defineProperty(scroller, 'clientWidth', { value: 360 });
    await userEvent.click(screen.getByRole('button', { name: 'Fit to width' }));
    expect(Number(diagram.getAttribute('width'))).toBeLessThanOrEqual(360);
    expect(Number(diagram.getAttribute('width'))).toBeGreaterThan(360 * 0.6);
  });

  it('follows the running app-status actor: its state highlighted as it changes, its last events listed', async () => {
    const replies: ((s: SystemStatus) => void)[] = [];
    const logic = appStatusMachine.provide({
      actors: {
        loadStatus: fromPromise(() => new Promise<SystemStatus>((resolve) => replies.push(resolve))),
      },
    });
    const { unmount } = mountFlows('/flows?machine=appStatus', (page) => (
      <AppStatusContext.Provider logic={logic}>{page}</AppStatusContext.Provider>
    ));
    const nav = await screen.findByRole('navigation', { name: 'Machines' });
    expect(within(nav).getByRole('link', { name: 'appStatus live' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Follow a running actor' })).toHaveDisplayValue(
      'appStatus',
    );
    expect(screen.getByText('Current state:').textContent).toBe('Current state: loading');
    const current = () =>
      within(textAlternative())
        .getAllByText('current')
        .map((mark) => mark.parentElement!.firstElementChild!.textContent);
    expect(current()).toEqual(['loading']);
    expect(document.querySelector('[data-active]')?.getAttribute('data-state')).toBe('appStatus.loading');

    await act(async () =>
      replies.shift()!({ status: 1, maintenanceEnd: null, location: { ip: '', country: '' } }),
    );
    expect(screen.getByText('Current state:').textContent).toBe('Current state: maintenance');
    expect(current()).toEqual(['maintenance']);
    expect(document.querySelector('[data-active]')?.getAttribute('data-state')).toBe('appStatus.maintenance');

    const actor = liveActors().find((a) => a.machine === 'appStatus')!.ref;
    act(() => actor.send({ type: 'status.check' }));
    expect(current()).toEqual(['loading']);
    const events = screen.getByRole('list', { name: 'Last events' });
    expect(
      within(events)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['status.check', 'done: loadStatus']);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Follow a running actor' }), 'None');
    expect(screen.queryByText('Current state:')).toBeNull();
    expect(within(textAlternative()).queryByText('current')).toBeNull();

    unmount();
    expect(liveActors().filter((a) => a.machine === 'appStatus')).toEqual([]);
  });

  afterEach(() => vi.unstubAllEnvs());

  it('is not found in a build with VITE_FLOWS=off', () => {
    const enter = () => {
      try {
        (flowsRoute.options.beforeLoad as () => void)();
        return null;
      } catch (refusal) {
        return refusal;
      }
    };
    expect(enter()).toBeNull();
    vi.stubEnv('VITE_FLOWS', 'off');
    expect(isNotFound(enter())).toBe(true);
  });
});
