import type { AnyMachineSnapshot, AnyStateMachine, EventFromLogic } from 'xstate';
import { getInitialSnapshot, getNextSnapshot } from 'xstate';
import { getShortestPaths } from 'xstate/graph';

export interface WalkStep<M extends AnyStateMachine> {
  event: EventFromLogic<M>;
  state: AnyMachineSnapshot;
}
export interface WalkPath<M extends AnyStateMachine> {
  name: string;
  steps: WalkStep<M>[];
}

const label = (e: { type: string; output?: unknown; error?: unknown }) =>
  e.type +
  (e.output !== undefined ? JSON.stringify(e.output) : '') +
  (e.error !== undefined ? JSON.stringify(e.error) : '');

/**
 * Paths that together cover every state and every transition of a machine: the shortest path to each state
 * (states told apart by value), then each path extended by every event the last state accepts. Shortest paths
 * alone would miss transitions back to a state already reached (e.g. retries).
 */
export function transitionPaths<M extends AnyStateMachine>(
  machine: M,
  events: EventFromLogic<M>[],
): WalkPath<M>[] {
  const toStates = getShortestPaths(machine, {
    events,
    serializeState: (s) => JSON.stringify((s as AnyMachineSnapshot).value),
  });
  const paths: WalkPath<M>[] = [];
  for (const p of toStates) {
    // The graph keeps one snapshot per state value, whose context may come from another route: replay the
    // path's events so every step carries the context its own route leads to.
    // Its first snapshot too: a later route back to the initial state value replaces it (a draft edited back to
    // invalid), so the replay starts from the machine's own initial snapshot.
    const raw = p.steps as unknown as WalkStep<M>[];
    let replayed = getInitialSnapshot(machine as AnyStateMachine) as AnyMachineSnapshot;
    const steps = raw.map((step, i) => {
      if (i > 0) replayed = getNextSnapshot(machine, replayed as never, step.event) as AnyMachineSnapshot;
      return { event: step.event, state: replayed };
    });
    const last = replayed;
    const names = steps.slice(1).map((s) => label(s.event));
    for (const event of events) {
      if (!last.can(event)) continue;
      const next = getNextSnapshot(machine, last as never, event) as AnyMachineSnapshot;
      paths.push({
        name: [JSON.stringify(last.value), ...names, label(event)].join(' → '),
        steps: [...steps, { event, state: next }],
      });
    }
  }
  return paths;
}

/** Every state value and every (state, event type) pair the paths visit, for coverage assertions. */
export function coverage<M extends AnyStateMachine>(paths: WalkPath<M>[]) {
  const states = new Set<string>();
  const transitions = new Set<string>();
  for (const p of paths)
    p.steps.forEach((s, i) => {
      states.add(JSON.stringify(s.state.value));
      const from = p.steps[i - 1];
      if (from) transitions.add(`${JSON.stringify(from.state.value)}:${label(s.event)}`);
    });
  return { states, transitions };
}
