import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { jackpotTickerWalk } from '../../../machines/jackpotTicker.events.ts';
import {
  DEFAULT_JACKPOT_RANGE,
  type JackpotTickerContext,
  jackpotTickerMachine,
} from '../../../machines/jackpotTicker.machine.ts';
import { declaredTransitions, statePaths, walked, withInput } from '../../../machines/test/machineGraph.ts';
import { transitionPaths, type WalkPath } from '../../../machines/test/transitionPaths.ts';
import { JackpotTicker, jackpotStorageKey } from './JackpotTicker.tsx';

type M = typeof jackpotTickerMachine;

const SEED = 2024;
const KEY = jackpotStorageKey('DEMO');
const KEPT = 612_345_678;

/**
 * Two visits: a first one (nothing kept: the figure starts at random) and a return (the figure kept in local storage).
 * The view gets the same seed as the machine the paths come from, so the figures it shows are the paths' figures.
 */
const WALKS = [
  { visit: 'first visit', kept: null },
  { visit: 'return visit', kept: KEPT },
].map(({ visit, kept }) => ({
  visit,
  kept,
  paths: transitionPaths(
    withInput(jackpotTickerMachine, { start: kept, seed: SEED }),
    jackpotTickerWalk.events,
  ),
}));

let visibility: DocumentVisibilityState = 'visible';

/** The browser hides or shows the tab: the document's state changes and it says so. */
async function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  await act(async () => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

const figure = () => screen.getByRole('figure', { name: 'Jackpot' });

/** What a sighted visitor reads on the wheels: each digit column is moved to its digit (translateY of -10% a digit). */
function wheelsText(): string {
  const wheels = figure().querySelector('[aria-hidden="true"]')!;
  return [...wheels.children]
    .map((child) => {
      const column = child.firstElementChild as HTMLElement | null;
      if (!column) return child.textContent;
      const shift = /translateY\(-(\d+)%\)/.exec(column.style.transform);
      return String(Number(shift?.[1]) / 10);
    })
    .join('');
}

/** What the visitor sees in `state`: the figure, with the sign and thousands separators, and what is kept. */
function expectScreen(state: AnyMachineSnapshot) {
  const { value } = state.context as JackpotTickerContext;
  const text = figure().querySelector('data')!;
  expect(text).toHaveAttribute('value', String(value));
  expect(text.textContent).toMatch(/^\$\d{1,3}(,\d{3})*$/);
  expect(Number(text.textContent!.slice(1).replaceAll(',', ''))).toBe(value);
  expect(wheelsText()).toBe(text.textContent);
  expect(localStorage.getItem(KEY)).toBe(String(value));
}

/** Does in the browser (or on the clock) what the machine event stands for. */
async function perform(event: { type: string }, from: AnyMachineSnapshot) {
  switch (event.type) {
    case 'visibility.hidden':
      return setVisibility('hidden');
    case 'visibility.visible':
      return setVisibility('visible');
    case 'xstate.after.tick.jackpotTicker.running': {
      // The figure holds until its interval is over, to the millisecond.
      const { interval, value } = from.context as JackpotTickerContext;
      await advance(interval - 1);
      expect(figure().querySelector('data')).toHaveAttribute('value', String(value));
      return advance(1);
    }
    default:
      throw new Error(`the view has no control for ${event.type}`);
  }
}

async function walk(path: WalkPath<M>, kept: number | null) {
  for (const [i, step] of path.steps.entries()) {
    const where = `step ${i} (${step.event.type} → ${JSON.stringify(step.state.value)})`;
    try {
      if (i === 0) {
        if (kept !== null) localStorage.setItem(KEY, String(kept));
        render(
          <I18nProvider i18n={i18n}>
            <JackpotTicker storageKey={KEY} sign="$" seed={SEED} />
          </I18nProvider>,
        );
      } else await perform(step.event, path.steps[i - 1]!.state);
      expectScreen(step.state);
      if (step.state.matches('paused')) {
        // A hidden tab runs no timer: an hour later the figure has not moved.
        await advance(3_600_000);
        expectScreen(step.state);
      }
    } catch (e) {
      if (e instanceof Error) e.message = `${where}: ${e.message}`;
      throw e;
    }
  }
}

describe('jackpot figure: paths generated from the machine, walked against JackpotTicker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('cover every state and transition, on each visit', () => {
    for (const { paths } of WALKS) {
      const seen = walked(jackpotTickerMachine, paths);
      expect([...seen.states].sort()).toEqual(statePaths(jackpotTickerMachine).sort());
      expect([...seen.transitions].sort()).toEqual(declaredTransitions(jackpotTickerMachine).sort());
    }
  });

  it('start where they should: at random in the spec range, or at the kept figure', () => {
    const [first, back] = WALKS.map(
      (w) => (w.paths[0]!.steps[0]!.state.context as JackpotTickerContext).value,
    );
    expect(first).toBeGreaterThanOrEqual(DEFAULT_JACKPOT_RANGE.min);
    expect(first).toBeLessThanOrEqual(DEFAULT_JACKPOT_RANGE.max);
    expect(back).toBe(KEPT);
  });

  it.each(WALKS.flatMap((w) => w.paths.map((p) => [`${w.visit}: ${p.name}`, w.kept, p] as const)))(
    '%s',
    async (_name, kept, path) => {
      await walk(path, kept);
    },
  );

  it('a page that opens hidden starts paused', async () => {
    visibility = 'hidden';
    localStorage.setItem(KEY, String(KEPT));
    render(
      <I18nProvider i18n={i18n}>
        <JackpotTicker storageKey={KEY} sign="$" seed={SEED} />
      </I18nProvider>,
    );
    await advance(60_000);
    expect(figure().querySelector('data')).toHaveAttribute('value', String(KEPT));
    await setVisibility('visible');
    await advance(5000);
    expect(Number(figure().querySelector('data')!.getAttribute('value'))).toBeGreaterThan(KEPT);
  });

  it('a kept value that is not a figure is replaced by a random start', () => {
    localStorage.setItem(KEY, 'not a number');
    render(
      <I18nProvider i18n={i18n}>
        <JackpotTicker storageKey={KEY} sign="$" seed={SEED} />
      </I18nProvider>,
    );
    const shown = Number(figure().querySelector('data')!.getAttribute('value'));
    expect(shown).toBeGreaterThanOrEqual(DEFAULT_JACKPOT_RANGE.min);
    expect(shown).toBeLessThanOrEqual(DEFAULT_JACKPOT_RANGE.max);
    expect(localStorage.getItem(KEY)).toBe(String(shown));
  });
});
