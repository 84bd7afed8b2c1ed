import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventFromLogic, InputFrom } from 'xstate';
import { createMachine } from 'xstate';
import type { WalkPath } from './transitionPaths.ts';

/**
 * Helpers for path tests of machines with nested states and input, next to `transitionPaths`: the path generator
 * starts a machine without input. `walked` counts per event type; scripts/pathsCoverage.ts counts per guarded branch.
 */

/** The machine started with `input`: `transitionPaths` (xstate/graph) gives none, so the context factory gets it here. */
export function withInput<M extends AnyStateMachine>(machine: M, input: InputFrom<M>): M {
  const { context } = machine.config;
  return createMachine(
    {
      ...machine.config,
      context: typeof context === 'function' ? (args: object) => context({ ...args, input }) : context,
    },
    machine.implementations as never,
  ) as unknown as M;
}

type MachineEvent<M extends AnyStateMachine> = EventFromLogic<M>;

/** `xstate.done.actor.<id>`: the invoked actor `id` resolved with `output`. */
export const doneEvent = <M extends AnyStateMachine>(id: string, output: unknown) =>
  ({ type: `xstate.done.actor.${id}`, output }) as unknown as MachineEvent<M>;

/** `xstate.error.actor.<id>`: the invoked actor `id` rejected with `error`. */
export const errorEvent = <M extends AnyStateMachine>(id: string, error: unknown) =>
  ({ type: `xstate.error.actor.${id}`, error }) as unknown as MachineEvent<M>;

/** `xstate.after.<delay>.<state id>`: the named delay of that state ran out. */
export const afterEvent = <M extends AnyStateMachine>(delay: string, stateId: string) =>
  ({ type: `xstate.after.${delay}.${stateId}` }) as unknown as MachineEvent<M>;

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allNodes(child as AnyStateNode))];
}

/** Every state node below the root, as a dotted path ('ready.cooling'). */
export const statePaths = (machine: AnyStateMachine): string[] =>
  allNodes(machine.root)
    .slice(1)
    .map((n) => n.path.join('.'));

/** Every declared transition, as 'state.path:eventType' (eventless `always` transitions are not listed here). */
export const declaredTransitions = (machine: AnyStateMachine): string[] =>
  allNodes(machine.root).flatMap((n) =>
    [...n.transitions.keys()].map((type) => `${n.path.join('.')}:${type}`),
  );

/** The state nodes the paths visit and the declared transitions they take (found as the machine picks them). */
export function walked<M extends AnyStateMachine>(machine: M, paths: WalkPath<M>[]) {
  const states = new Set<string>();
  const transitions = new Set<string>();
  for (const path of paths)
    path.steps.forEach((step, i) => {
      const snapshot = step.state as AnyMachineSnapshot;
      for (const p of statePaths(machine)) if (snapshot.matches(p)) states.add(p);
      const from = path.steps[i - 1];
      if (!from) return;
      for (const t of machine.getTransitionData(from.state as never, step.event))
        transitions.add(`${t.source.path.join('.')}:${t.eventType}`);
    });
  return { states, transitions };
}
