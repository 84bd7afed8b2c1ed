import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { chartOf } from './chart.ts';
import { flowMachines } from './machines.ts';
import { machineTitles } from './titles.ts';
import { wordsOf } from './words.ts';

/** Every part of a machine named through `wordsOf`, collecting those that fall back to their code names. */
function untitled(name: string, machine: (typeof flowMachines)[number]['machine']) {
  const missing: string[] = [];
  const words = wordsOf(name, i18n, (part) => missing.push(part));
  const chart = chartOf(machine);
  words.machine();
  for (const state of chart.states) {
    words.state(state);
    for (const id of state.invokes) words.invoke(id);
    for (const label of state.internal) words.label(label);
  }
  for (const t of chart.transitions) for (const label of t.labels) words.label(label);
  return [...new Set(missing)];
}

describe('titles', () => {
  it.each(flowMachines)(
    'name every part of $name in words (machine, states, events, guards, actors, delays)',
    ({ name, machine }) => {
      expect(untitled(name, machine)).toEqual([]);
    },
  );

  it('are kept only for machines that exist, each with the page that runs it', () => {
    expect(Object.keys(machineTitles).sort()).toEqual(flowMachines.map((m) => m.name).sort());
    for (const { page } of Object.values(machineTitles)) expect(page).toMatch(/^\/[A-Za-z]*(\?[\w=&]+)?$/);
  });

  it('report a part without a title, which then keeps its code name', () => {
    const missing: string[] = [];
    const words = wordsOf('appStatus', i18n, (part) => missing.push(part));
    expect(words.event('status.unheardOf')).toEqual({ title: 'status.unheardOf', code: 'status.unheardOf' });
    expect(words.event('xstate.done.actor.loadStatus').title).toBe('Check the status: done');
    expect(words.event('xstate.after.recheckDelay.appStatus.maintenance').title).toBe('Time to check again');
    expect(missing).toEqual(['appStatus events: status.unheardOf']);
  });

  it('put guards in words, combinations included', () => {
    const withdrawal = flowMachines.find((m) => m.name === 'withdrawalConfirmation')!;
    const words = wordsOf('withdrawalConfirmation', i18n);
    const labels = chartOf(withdrawal.machine).states.flatMap((s) => s.internal);
    const forced = labels.find((l) => l.code === 'after forcedReceive [hasForcedTime && callInFlight]');
    expect(words.label(forced!)).toEqual({
      title: 'Receive deadline reached',
      guard: 'if a receive deadline is set and an answer is being sent',
      code: 'after forcedReceive [hasForcedTime && callInFlight]',
    });
  });
});
