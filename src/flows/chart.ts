import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode } from 'xstate';
import { eventLabel, type GuardTree, guardLabel, guardTree } from './labels.ts';

export type StateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

/** A transition's event and guard: its code name ('done: loadStatus [isMaintenance]') and its parts, to name in words. */
export interface ChartLabel {
  code: string;
  /** The event type as XState has it ('xstate.done.actor.loadStatus'; '' for `always`). */
  event: string;
  guard: GuardTree | null;
}

/** One state of a machine as the diagram and its text alternative show it. */
export interface ChartState {
  /** The node's id ('login.editing'): unique in its machine. */
  id: string;
  /** Its key; the machine's id for the root. */
  name: string;
  /** As `snapshot.matches` takes it ('editing.termsAccepted'); '' for the root. */
  path: string;
  kind: StateKind;
  parent: string | null;
  depth: number;
  /** Entered with its parent: the parent's initial state, or a region of a parallel parent. */
  initial: boolean;
  /** A region of a parallel state. */
  region: boolean;
  /** The actors it invokes, by id (their done and error events name them). */
  invokes: string[];
  /** Transitions that leave it where it is (no target, or itself), labelled. */
  internal: ChartLabel[];
}

/** The transitions from one state to another, merged into one arrow with a label a line. */
export interface ChartTransition {
  source: string;
  target: string;
  labels: ChartLabel[];
}

export interface Chart {
  machine: string;
  /** Parents before their children, in the machine's order. */
  states: ChartState[];
  transitions: ChartTransition[];
}

function nodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => nodes(child as AnyStateNode))];
}

/** The machine's states and transitions, read from its state nodes (the same definition its actors run). */
export function chartOf(machine: AnyStateMachine): Chart {
  const states: ChartState[] = [];
  const arrows = new Map<string, ChartTransition>();
  for (const node of nodes(machine.root)) {
    const parent = node.parent as AnyStateNode | undefined;
    const state: ChartState = {
      id: node.id,
      name: parent ? node.key : machine.id,
      path: node.path.join('.'),
      kind: node.type,
      parent: parent?.id ?? null,
      depth: node.path.length,
      initial:
        parent?.type === 'parallel' ||
        (parent?.type === 'compound' && parent.initial.target.some((t: AnyStateNode) => t === node)),
      region: parent?.type === 'parallel',
      invokes: node.invoke.map((i) => i.id),
      internal: [],
    };
    states.push(state);
    const definitions = [...node.transitions.values()].flat().concat(node.always ?? []);
    for (const t of definitions) {
      const label: ChartLabel = {
        code: eventLabel(t.eventType) + (t.guard ? ` [${guardLabel(t.guard as never)}]` : ''),
        event: t.eventType,
        guard: t.guard ? guardTree(t.guard as never) : null,
      };
      const targets = (t.target ?? []).filter((target) => target !== node);
      if (targets.length === 0) state.internal.push(label);
      for (const target of targets) {
        const key = `${node.id}\n${target.id}`;
        const arrow = arrows.get(key) ?? { source: node.id, target: target.id, labels: [] };
        if (!arrow.labels.some((l) => l.code === label.code)) arrow.labels.push(label);
        arrows.set(key, arrow);
      }
    }
  }
  return { machine: machine.id, states, transitions: [...arrows.values()] };
}

/** The ids of the states a snapshot is in (below the root, which always is). */
export function activeStates(chart: Chart, snapshot: AnyMachineSnapshot): Set<string> {
  return new Set(
    chart.states.filter((s) => s.path !== '' && snapshot.matches(s.path as never)).map((s) => s.id),
  );
}
