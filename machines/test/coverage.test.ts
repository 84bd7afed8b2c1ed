import { describe, expect, it } from 'vitest';
import { assign, setup } from 'xstate';
import { complete, coverageLines, machineCoverage } from '../../scripts/pathsCoverage.ts';
import { coverageByMachine, machinesWithoutWalks } from '../../scripts/pathsExport.ts';
import { transitionPaths } from './transitionPaths.ts';

const all = coverageByMachine();

describe('npm run paths -- --coverage', () => {
  it.each(all.map((c) => [c.machine, c] as const))(
    '%s: the generated paths walk every state, transition and guarded branch',
    (machine, c) => {
      // The lines name what is not walked, so a failure says which event or walk is missing.
      expect({ machine, notWalked: coverageLines(c).slice(1) }).toEqual({ machine, notWalked: [] });
      expect(complete(c)).toBe(true);
    },
  );

  it('counts every machine: each has a walk in its <machine>.events.ts', () => {
    expect(all.length).toBeGreaterThan(10);
    expect(new Set(all.map((c) => c.machine)).size).toBe(all.length);
    expect(machinesWithoutWalks()).toEqual([]);
  });
});

/** A gate whose guard reads context only: told apart by value alone, the second branch is never reached. */
const gate = setup({
  types: {
    context: {} as { tries: number; member: boolean },
    events: {} as { type: 'sign.in' } | { type: 'play' },
  },
  guards: { isVisitor: ({ context }) => !context.member, tooMany: ({ context }) => context.tries >= 2 },
}).createMachine({
  id: 'gate',
  initial: 'lobby',
  context: { tries: 0, member: false },
  states: {
    lobby: {
      on: {
        'sign.in': { actions: assign({ member: true }) },
        play: [
          {
            guard: 'isVisitor',
            target: 'loginAsked',
            actions: assign({ tries: ({ context }) => context.tries + 1 }),
          },
          { target: 'playing' },
        ],
      },
    },
    loginAsked: { on: { 'sign.in': { target: 'lobby', actions: assign({ member: true }) } } },
    playing: { on: { play: [{ guard: 'tooMany', target: 'lobby' }, { target: 'playing' }] } },
  },
});

describe('coverage per guarded branch', () => {
  it('reaches a branch that only the context decides, because the graph key holds the context', () => {
    const paths = transitionPaths(gate, [{ type: 'sign.in' }, { type: 'play' }]);
    const c = machineCoverage(gate, paths);
    expect(c.states).toEqual({ walked: 3, total: 3, missing: [] });
    expect(c.transitions).toEqual({ walked: 4, total: 4, missing: [] });
    // `playing: play [tooMany]` needs tries ≥ 2, which the representative events never reach: named, not counted.
    expect(c.branches).toEqual({
      walked: 3,
      total: 4,
      missing: ['playing: play [tooMany] → lobby'],
    });
    expect(paths.some((p) => p.steps.at(-1)?.state.matches('playing'))).toBe(true);
  });

  it('stays finite when the context only grows, and a walk may key the context its own way', () => {
    const counter = setup({
      types: { context: {} as { n: number }, events: {} as { type: 'add' } },
      guards: { isTen: ({ context }) => context.n === 10, isForty: ({ context }) => context.n === 40 },
    }).createMachine({
      context: { n: 0 },
      initial: 'counting',
      states: {
        counting: {
          on: {
            add: [
              { guard: 'isTen', target: 'ten' },
              { guard: 'isForty', target: 'ten' },
              { actions: assign({ n: ({ context }) => context.n + 1 }) },
            ],
          },
        },
        ten: {},
      },
    });
    // Every count is a new snapshot: the depth bound (10 events) reaches n = 10, never n = 40.
    const c = machineCoverage(counter, transitionPaths(counter, [{ type: 'add' }]));
    expect(c.branches.missing).toEqual(['counting: add [isForty] → ten']);
    // Keyed by value only, the count is one snapshot: the branch at ten is not reached either.
    const byValue = transitionPaths(counter, [{ type: 'add' }], { context: () => null });
    expect(machineCoverage(counter, byValue).branches.walked).toBe(1);
  });

  it('names the states, transitions and branches a walk misses', () => {
    const c = machineCoverage(gate, transitionPaths(gate, [{ type: 'play' }]));
    expect(coverageLines(c)).toEqual([
      'gate                     states 2/3     transitions 1/4     guarded branches 1/4',
      '  state not walked: playing',
      '  transition not walked: lobby: sign.in',
      '  transition not walked: loginAsked: sign.in',
      '  transition not walked: playing: play',
      '  branch not walked: lobby: play [otherwise] → playing',
      '  branch not walked: playing: play [tooMany] → lobby',
      '  branch not walked: playing: play [otherwise] → playing',
    ]);
  });
});
