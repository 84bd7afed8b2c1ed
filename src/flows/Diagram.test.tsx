import { i18n } from '@lingui/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appStatusMachine } from '../../machines/appStatus.machine.ts';
import { chartOf } from './chart.ts';
import { Diagram } from './Diagram.tsx';
import { READABLE_PX } from './fit.ts';
import { layOut } from './layout.ts';
import { wordsOf } from './words.ts';

const layout = layOut(chartOf(appStatusMachine), wordsOf('appStatus', i18n));

function draw(zoom = 1) {
  render(<Diagram layout={layout} active={new Set()} zoom={zoom} title="Statechart" describedBy="text" />);
  return screen.getByRole('img', { name: 'Statechart' });
}

/** The lines of a state box or arrow label, as [kind, text, font size]. */
const linesOf = (group: Element) =>
  [...group.querySelectorAll('tspan')].map((t) => [
    t.getAttribute('data-kind'),
    t.textContent,
    Number(t.getAttribute('font-size')),
  ]);

describe('the diagram labels', () => {
  it('name a state in words, its code name smaller and monospaced below', () => {
    const svg = draw();
    const state = svg.querySelector('[data-state="appStatus.maintenance"]')!;
    expect(linesOf(state)).toEqual([
      ['title', 'Under maintenance', 14],
      ['code', 'maintenance', 12],
    ]);
    const code = state.querySelector('[data-kind=code]')!;
    expect(code.getAttribute('font-family')).toMatch(/monospace/);
    expect(state.querySelector('[data-kind=title]')!.getAttribute('font-family')).toMatch(/sans-serif/);
  });

  it('name a transition in words, its guard as a condition in words, then its code name', () => {
    const svg = draw();
    const label = svg.querySelector('[data-label="appStatus.loading>appStatus.maintenance"]')!;
    const lines = linesOf(label);
    expect(
      lines
        .filter(([kind]) => kind === 'note')
        .map(([, text]) => text)
        .join(' '),
    ).toBe('Check the status: done');
    expect(
      lines
        .filter(([kind]) => kind === 'cond')
        .map(([, text]) => text)
        .join(' '),
    ).toBe('if the site is under maintenance');
    expect(lines.filter(([kind]) => kind === 'code').map(([, text]) => text)).toEqual([
      'done: loadStatus',
      '[isMaintenance]',
    ]);
  });

  it('draws its smallest text at a readable size at the smallest zoom', () => {
    const svg = draw(READABLE_PX / 12);
    const viewBoxWidth = Number(svg.getAttribute('viewBox')!.split(' ')[2]);
    const scale = Number(svg.getAttribute('width')) / viewBoxWidth;
    const smallest = Math.min(
      ...[...svg.querySelectorAll('tspan')].map((t) => Number(t.getAttribute('font-size'))),
    );
    expect(smallest * scale).toBeGreaterThanOrEqual(READABLE_PX - 0.01);
  });
});
