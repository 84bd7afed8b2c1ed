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
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SystemStatus } from '../../contract/system.ts';
import { appStatusMachine } from '../../machines/appStatus.machine.ts';
import { captchaMachine } from '../../machines/captcha.machine.ts';
import { AppStatusContext } from '../features/status/statusContext.ts';
import { Route as flowsRoute, flowsSearch } from '../routes/flows.tsx';
import { chartOf } from './chart.ts';
import { FlowsPage } from './FlowsPage.tsx';
import { fitScale, MIN_SCALE } from './fit.ts';
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
  it('lists every machine of machines/ by its title and code name, and shows the chosen one', async () => {
    mountFlows('/flows?machine=login');
    const nav = await screen.findByRole('navigation', { name: 'Machines' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.querySelector('code')?.textContent)).toEqual(
      [...machineFiles].sort((a, b) => a.localeCompare(b)),
    );
    expect(
      within(nav).getByRole('link', { name: 'Withdrawal confirmation withdrawalConfirmation' }),
    ).toBeVisible();
    expect(within(nav).getByRole('link', { name: 'Login login' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { level: 2, name: 'Login login' })).toBeInTheDocument();
    expect(screen.getByText(/^Logs a member in/)).toBeInTheDocument();

    await userEvent.click(within(nav).getByRole('link', { name: 'Session session' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Session session' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Statechart of the session machine' })).toBeInTheDocument();
  });

  it('draws every state in words beside its code name, and says the chart in words, guards and delays included', async () => {
    mountFlows('/flows?machine=captcha');
    const diagram = await screen.findByRole('img', { name: 'Statechart of the captcha machine' });
    const words = textAlternative();
    expect(diagram).toHaveAccessibleDescription(expect.stringContaining('settled.throttle.cooling.quiet'));
    expect(diagram).toHaveAccessibleDescription(expect.stringContaining('No new picture asked'));
    const codes = [...diagram.querySelectorAll('tspan[data-kind=code]')].map((t) => t.textContent);
    for (const state of chartOf(captchaMachine).states.slice(1)) {
      expect(codes).toContain(state.path);
      expect(within(words).getAllByText(state.path).length).toBeGreaterThan(0);
    }
    expect(within(diagram).getByText('New picture asked')).toBeInTheDocument();
    expect(within(words).getByText(/^\(parallel/)).toBeInTheDocument();
    const items = [...words.querySelectorAll('li')].map((li) => li.firstChild?.textContent && li.textContent);
    expect(items).toContain(
      'Tap the picture for a new one captcha.refresh → New picture asked settled.throttle.cooling.refreshDue',
    );
    expect(items).toContain(
      'Wait between pictures over, if a new picture was asked after refreshThrottle [refreshIsDue] → Loading the picture loading',
    );
    const conditions = [...diagram.querySelectorAll('tspan[data-kind=cond]')]
      .map((t) => t.textContent)
      .join(' ');
    expect(conditions).toContain('if a new picture was asked');
  });

  it('opens fitted to the width, never below the readable minimum, and zooms in and out', async () => {
    mountFlows('/flows?machine=appStatus');
    const diagram = await screen.findByRole('img', { name: 'Statechart of the appStatus machine' });
    const width = Number(diagram.getAttribute('width'));
    const full = Number(diagram.getAttribute('viewBox')!.split(' ')[2]);
    await userEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(Number(diagram.getAttribute('width'))).toBeGreaterThan(width);
    for (let i = 0; i < 12; i++) {
      const out = screen.getByRole('button', { name: 'Zoom out' });
      if (!(out as HTMLButtonElement).disabled) await userEvent.click(out);
    }
    expect(screen.getByRole('button', { name: 'Zoom out' })).toBeDisabled();
    expect(Number(diagram.getAttribute('width'))).toBe(Math.ceil(full * MIN_SCALE));

    // A phone's screen: as wide as fits while readable.
    const box = screen.getByRole('region', { name: 'Diagram of appStatus' });
    Object.defineProperty(box, 'clientWidth', { value: 360 });
    await userEvent.click(screen.getByRole('button', { name: 'Fit to width' }));
    expect(box.dataset.scale).toBe(String(fitScale(full, 360)));
    box.focus();
    await userEvent.keyboard('+');
    expect(Number(box.dataset.scale)).toBeCloseTo(fitScale(full, 360) * 1.25);
    await userEvent.keyboard('0');
    expect(box.dataset.scale).toBe(String(fitScale(full, 360)));
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
    expect(within(nav).getByRole('link', { name: 'Site status live appStatus' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Follow a running actor' })).toHaveDisplayValue(
      'appStatus',
    );
    const currentState = () => screen.getByTestId('current-state').textContent;
    expect(currentState()).toBe('Current state: Checking the status loading');
    const current = () =>
      within(textAlternative())
        .getAllByText('current')
        .map((mark) => mark.parentElement!.firstElementChild!.getAttribute('data-code'));
    expect(current()).toEqual(['loading']);
    expect(document.querySelector('[data-active]')?.getAttribute('data-state')).toBe('appStatus.loading');

    await act(async () =>
      replies.shift()!({ status: 1, maintenanceEnd: null, location: { ip: '', country: '' } }),
    );
    expect(currentState()).toBe('Current state: Under maintenance maintenance');
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
    ).toEqual(['Check the status again status.check', 'Check the status: done done: loadStatus']);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Follow a running actor' }), 'None');
    expect(screen.queryByTestId('current-state')).toBeNull();
    expect(within(textAlternative()).queryByText('current')).toBeNull();

    unmount();
    expect(liveActors().filter((a) => a.machine === 'appStatus')).toEqual([]);
  });

  it("follows the machine on its page, opened in a frame: the frame's own actors, live", async () => {
    mountFlows('/flows?machine=appStatus');
    await userEvent.click(await screen.findByRole('link', { name: 'Follow on the page' }));
    const frame = (await screen.findByTitle('The page that runs appStatus')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('/');
    expect(screen.getByText(/^Not running on the page yet/)).toBeInTheDocument();

    // The page's app offers its registry on its window; here a registry of one actor stands for it.
    const replies: ((s: SystemStatus) => void)[] = [];
    const inPage = createActor(
      appStatusMachine.provide({
        actors: { loadStatus: fromPromise(() => new Promise<SystemStatus>((r) => replies.push(r))) },
      }),
    ).start();
    const listeners = new Set<() => void>();
    inPage.subscribe(() => {
      for (const l of listeners) l();
    });
    const list = [{ ref: inPage, machine: 'appStatus', events: [] }];
    frame.contentWindow!.__porticoLive = {
      liveActors: () => list,
      onInspection: (l) => {
        listeners.add(l as () => void);
        return () => listeners.delete(l as () => void);
      },
    };
    fireEvent.load(frame);
    expect(await screen.findByRole('combobox', { name: 'Running on the page' })).toHaveDisplayValue(
      'appStatus',
    );
    const currentState = () => screen.getByTestId('current-state').textContent;
    expect(currentState()).toBe('Current state: Checking the status loading');
    await act(async () =>
      replies.shift()!({ status: 2, maintenanceEnd: null, location: { ip: '', country: '' } }),
    );
    expect(currentState()).toMatch(/^Current state: (Site open normal|Region restricted restricted)$/);
    expect(document.querySelector('[data-active]')?.getAttribute('data-state')).not.toBe('appStatus.loading');

    await userEvent.click(screen.getByRole('link', { name: 'Close the page' }));
    expect(screen.queryByTitle('The page that runs appStatus')).toBeNull();
    inPage.stop();
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
