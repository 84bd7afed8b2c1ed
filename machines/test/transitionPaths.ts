import type {
  AnyActorRef,
  AnyActorScope,
  AnyEventObject,
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyStateNode,
  AnyTransitionDefinition,
  EventFromLogic,
} from 'xstate';
import { createActor, createMachine } from 'xstate';

export interface WalkStep<M extends AnyStateMachine> {
  event: EventFromLogic<M>;
  state: AnyMachineSnapshot;
  /** The transition candidates this step took, eventless ones included: `branchId`s, for coverage. */
  taken?: string[];
  /** The state nodes it passed through, resting or not ('starting' of an eventless choice), as dotted paths. */
  visited?: string[];
}
export interface WalkPath<M extends AnyStateMachine> {
  name: string;
  steps: WalkStep<M>[];
}

/** How the graph tells two snapshots of the same state value apart: the context that matters, and its bounds. */
export interface GraphOptions {
  /**
   * The part of the context that decides which branch a guard takes, as any JSON value; by default the whole
   * context through `boundedContext`. A machine whose context grows without end (a counter, a list) gives its own.
   */
  context?: (context: unknown) => unknown;
  /** At most this many distinct snapshots are explored (breadth first, so the nearest ones). */
  maxStates?: number;
  /** No path is longer than this many events. */
  maxDepth?: number;
}

const MAX_STATES = 400;
const MAX_DEPTH = 10;

/**
 * The generic context key: the context as JSON with lists cut to their length and nesting cut at three levels, so
 * data that only grows (pages, records) does not make every snapshot new while flags, modes and codes still do.
 */
export function boundedContext(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return typeof value === 'function' ? 'fn' : value;
  if (depth >= 3) return '…';
  if (Array.isArray(value)) return `[${value.length}]`;
  // Actor refs (children in context) have an id and no data worth telling apart.
  if ('sessionId' in value && 'send' in value) return `actor:${String((value as { id?: unknown }).id)}`;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => [k, boundedContext(v, depth + 1)]),
  );
}

/** One candidate of a transition list: '<state id>:<event type>#<index in the list>'; always: event type ''. */
export const branchId = (t: AnyTransitionDefinition): string => {
  const source = t.source as AnyStateNode;
  const list =
    t.eventType === '' ? (source.always ?? []) : (source.transitions.get(t.eventType) ?? ([] as unknown[]));
  return `${source.id}:${t.eventType}#${list.indexOf(t)}`;
};

const statesOf = (snapshot: AnyMachineSnapshot): string[] =>
  (snapshot._nodes as AnyStateNode[]).filter((n) => n.path.length > 0).map((n) => n.path.join('.'));

interface Traced {
  snapshot: AnyMachineSnapshot;
  taken: string[];
  visited: string[];
}

/**
 * A scope like XState's own for `getNextSnapshot`, whose system reports each microstep: the transitions it takes
 * (eventless ones too, which `getTransitionData` leaves out). A fresh system a step, as XState does, so children
 * with a systemId do not collide.
 */
const empty = createMachine({});

function tracingScope(self: AnyActorRef) {
  const traced: Traced = { snapshot: undefined as never, taken: [], visited: [] };
  const reporter = createActor(empty, {
    inspect: (e) => {
      if (e.type !== '@xstate.microstep') return;
      const { _transitions, snapshot } = e as unknown as {
        _transitions: AnyTransitionDefinition[];
        snapshot: AnyMachineSnapshot;
      };
      traced.taken.push(..._transitions.map(branchId));
      // A transition's source was active, even a state left in the same macrostep (an eventless choice).
      for (const t of _transitions)
        for (let n: AnyStateNode | undefined = t.source; n?.path.length; n = n.parent)
          traced.visited.push(n.path.join('.'));
      traced.visited.push(...statesOf(snapshot));
    },
  });
  (self as { system: unknown }).system = reporter.system;
  const scope = {
    self,
    defer: () => {},
    id: '',
    logger: () => {},
    sessionId: '',
    stopChild: () => {},
    system: reporter.system,
    emit: () => {},
    actionExecutor: () => {},
  } as unknown as AnyActorScope;
  return { scope, traced };
}

/** The machine's initial snapshot and what its start took (an eventless choice such as `starting`). */
export function tracedStart(machine: AnyStateMachine, self: AnyActorRef = createActor(machine)): Traced {
  const { scope, traced } = tracingScope(self);
  traced.snapshot = machine.getInitialSnapshot(scope, undefined) as AnyMachineSnapshot;
  traced.visited.push(...statesOf(traced.snapshot));
  return traced;
}

/** The next snapshot after `event`, with the candidates taken and the states passed through. */
export function tracedStep(
  machine: AnyStateMachine,
  snapshot: AnyMachineSnapshot,
  event: AnyEventObject,
  self: AnyActorRef = createActor(machine),
): Traced {
  const { scope, traced } = tracingScope(self);
  (self as unknown as { _snapshot: AnyMachineSnapshot })._snapshot = snapshot;
  traced.snapshot = machine.transition(snapshot, event, scope) as AnyMachineSnapshot;
  traced.visited.push(...statesOf(traced.snapshot));
  return traced;
}

/**
 * The walk's start as a path of no event, for coverage: a start that accepts none of the events (a final state
 * chosen by input, shown as the view first renders it) yields no path, yet its input walks that state.
 */
export function startPath<M extends AnyStateMachine>(machine: M): WalkPath<M> {
  const start = tracedStart(machine);
  const event = { type: 'xstate.init' } as EventFromLogic<M>;
  return {
    name: JSON.stringify(start.snapshot.value),
    steps: [{ event, state: start.snapshot, taken: start.taken, visited: start.visited }],
  };
}

/**
 * `path` with what each step takes and passes through, replayed on `machine` (the walk's, input included): for
 * paths made elsewhere (a view's own generator) whose steps do not carry it.
 */
export function tracedPath<M extends AnyStateMachine>(machine: M, path: WalkPath<M>): WalkPath<M> {
  const self = createActor(machine);
  let current = tracedStart(machine, self);
  const steps = path.steps.map((step, i) => {
    if (i > 0) current = tracedStep(machine, current.snapshot, step.event, self);
    return { ...step, taken: current.taken, visited: current.visited };
  });
  return { ...path, steps };
}

const label = (e: { type: string; output?: unknown; error?: unknown }) =>
  e.type +
  (e.output !== undefined ? JSON.stringify(e.output) : '') +
  (e.error !== undefined ? JSON.stringify(e.error) : '');

interface GraphNode<M extends AnyStateMachine> {
  snapshot: AnyMachineSnapshot;
  steps: WalkStep<M>[];
}

/**
 * Paths that together cover every state, every transition and every guarded branch a machine's representative
 * events reach. The graph tells snapshots apart by state value and by the context that matters (`GraphOptions`),
 * so a branch decided by context (a visitor or a member, a last page or not) is reached too. From each snapshot,
 * nearest first, each event it accepts makes a path when that path adds something: a (state value, event) pair not
 * yet walked — every one of them, as before the context counted — or a state, transition or branch not yet taken.
 */
export function transitionPaths<M extends AnyStateMachine>(
  machine: M,
  events: EventFromLogic<M>[],
  options: GraphOptions = {},
): WalkPath<M>[] {
  const contextKey = options.context ?? boundedContext;
  const maxStates = options.maxStates ?? MAX_STATES;
  const maxDepth = options.maxDepth ?? MAX_DEPTH;
  const keyOf = (s: AnyMachineSnapshot) =>
    `${JSON.stringify(s.value)} ${JSON.stringify(contextKey(s.context))}`;

  // One actor stands for `self` in every step (XState's own pure functions make one a step, which is slow).
  const self = createActor(machine);
  const start = tracedStart(machine, self);
  const first: GraphNode<M> = {
    snapshot: start.snapshot,
    steps: [
      {
        event: { type: 'xstate.init' } as EventFromLogic<M>,
        state: start.snapshot,
        taken: start.taken,
        visited: start.visited,
      },
    ],
  };
  const seen = new Set([keyOf(start.snapshot)]);
  const order: GraphNode<M>[] = [first];
  const covered = new Set<string>([...start.taken, ...start.visited]);
  const paths: WalkPath<M>[] = [];

  for (let i = 0; i < order.length; i++) {
    const node = order[i]!;
    const last = node.snapshot;
    const names = node.steps.slice(1).map((s) => label(s.event));
    for (const event of events) {
      if (last.status !== 'active' || !last.can(event)) continue;
      const next = tracedStep(machine, last, event, self);
      const step: WalkStep<M> = { event, state: next.snapshot, taken: next.taken, visited: next.visited };
      const steps = [...node.steps, step];
      const pair = `${JSON.stringify(last.value)}:${events.indexOf(event)}`;
      const adds = [pair, ...next.taken, ...next.visited].filter((c) => !covered.has(c));
      if (adds.length > 0) {
        for (const c of adds) covered.add(c);
        paths.push({ name: [JSON.stringify(last.value), ...names, label(event)].join(' → '), steps });
      }
      const key = keyOf(next.snapshot);
      if (!seen.has(key) && seen.size < maxStates && node.steps.length <= maxDepth) {
        seen.add(key);
        order.push({ snapshot: next.snapshot, steps });
      }
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
