import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { captchaMachine } from '../../machines/captcha.machine.ts';
import { declaredTransitions, statePaths } from '../../machines/test/machineGraph.ts';
import { activeStates, chartOf } from './chart.ts';
import { eventLabel } from './labels.ts';
import { type Box, layOut } from './layout.ts';
import { flowMachines } from './machines.ts';
import { wordsOf } from './words.ts';

const within = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe.each(flowMachines)('the $name diagram', ({ name, machine }) => {
  const chart = chartOf(machine);
  const layout = layOut(chart, wordsOf(name, i18n));

  it("is of the machine whose id is its file's name (a live actor is matched by its machine's id)", () => {
    expect(machine.id).toBe(name);
  });

  it('has every state and every declared transition of the machine', () => {
    expect(chart.states.map((s) => s.path).slice(1)).toEqual(statePaths(machine));
    for (const declared of declaredTransitions(machine)) {
      const [path, type] = declared.split(':') as [string, string];
      const state = chart.states.find((s) => s.path === path)!;
      const labels = [
        ...state.internal,
        ...chart.transitions.filter((t) => t.source === state.id).flatMap((t) => t.labels),
      ];
      expect(
        labels.some((l) => l.code.startsWith(eventLabel(type))),
        declared,
      ).toBe(true);
    }
  });

  it('draws each state inside its parent, apart from its siblings, and an arrow for each transition', () => {
    const box = new Map(layout.states.map((s) => [s.state.id, s.box]));
    for (const { state, box: own } of layout.states) {
      if (state.parent) expect(within(own, box.get(state.parent)!), state.id).toBe(true);
      for (const sibling of layout.states.filter((s) => s.state.parent === state.parent && s.state !== state))
        expect(overlap(own, sibling.box), `${state.id} / ${sibling.state.id}`).toBe(false);
    }
    const arrows = layout.edges.filter((e) => e.kind === 'transition');
    expect(arrows).toHaveLength(chart.transitions.length);
    for (const arrow of arrows) {
      expect(arrow.points.length).toBeGreaterThanOrEqual(2);
      expect(arrow.points.every((p) => Number.isFinite(p.x) && Number.isFinite(p.y))).toBe(true);
    }
    const initials = chart.states.filter((s) => s.initial && !s.region);
    expect(layout.edges.filter((e) => e.kind === 'initial')).toHaveLength(initials.length);
  });
});

describe('chart', () => {
  it('marks parallel regions, initial and final states, and reads the states of a snapshot', () => {
    const chart = chartOf(captchaMachine);
    const state = (path: string) => chart.states.find((s) => s.path === path)!;
    expect(state('settled').kind).toBe('parallel');
    expect([state('settled.image').region, state('settled.throttle').region]).toEqual([true, true]);
    expect([state('loading').initial, state('settled.image.ready').initial]).toEqual([true, true]);
    expect(state('settled.image.failed').initial).toBe(false);
    expect(state('loading').invokes).toEqual(['loadCaptcha']);

    const actor = createActor(captchaMachine).start();
    expect([...activeStates(chart, actor.getSnapshot())]).toEqual(['captcha.loading']);
    actor.send({ type: 'xstate.error.actor.loadCaptcha', error: { code: 'NETWORK' } } as never);
    expect([...activeStates(chart, actor.getSnapshot())]).toEqual([
      'captcha.settled',
      'captcha.settled.image',
      'captcha.settled.image.failed',
      'captcha.settled.throttle',
      'captcha.settled.throttle.cooling',
      'captcha.settled.throttle.cooling.quiet',
    ]);
    actor.stop();
  });
});
