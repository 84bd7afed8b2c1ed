import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import type { WalkPath } from '../machines/test/transitionPaths.ts';
import { eventLabel, guardLabel } from '../src/flows/labels.ts';

/**
 * What a machine declares and what its generated paths walk: states, transitions (a state and an event type) and
 * guarded branches (each `{ guard, target }` candidate of a transition that has a guard, its fallback included:
 * walked when a path takes that candidate). `npm run paths -- --coverage` prints it; machines/test/coverage.test.ts asserts it.
 */

export interface Part {
  /** As `branchId` and the traced steps name it: '<state id>:<event type>[#<candidate>]', or a state's path. */
  id: string;
  /** In words: 'loading: done: loadStatus [isMaintenance] → maintenance'. */
  label: string;
}

export interface Declared {
  states: Part[];
  transitions: Part[];
  branches: Part[];
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allNodes(child as AnyStateNode))];
}

const where = (node: AnyStateNode) => node.path.join('.') || '(machine)';

function branchLabel(node: AnyStateNode, type: string, t: AnyTransitionDefinition): string {
  const guard = t.guard ? `[${guardLabel(t.guard as never)}]` : '[otherwise]';
  const targets = (t.target ?? []).map((n: AnyStateNode) => where(n)).join(', ');
  return `${where(node)}: ${eventLabel(type)} ${guard} → ${targets || '(stays)'}`;
}

/** Every state node below the root, every (state, event type) with a transition, every guarded candidate. */
export function declared(machine: AnyStateMachine): Declared {
  const out: Declared = { states: [], transitions: [], branches: [] };
  for (const node of allNodes(machine.root)) {
    if (node.path.length > 0) out.states.push({ id: node.path.join('.'), label: where(node) });
    const lists: [string, AnyTransitionDefinition[]][] = [...node.transitions.entries()];
    if (node.always?.length) lists.push(['', node.always]);
    for (const [type, list] of lists) {
      out.transitions.push({ id: `${node.id}:${type}`, label: `${where(node)}: ${eventLabel(type)}` });
      if (!list.some((t) => t.guard)) continue;
      for (const [i, t] of list.entries())
        out.branches.push({ id: `${node.id}:${type}#${i}`, label: branchLabel(node, type, t) });
    }
  }
  return out;
}

export interface Tally {
  walked: number;
  total: number;
  /** The labels of what no path walks. */
  missing: string[];
}

export interface MachineCoverage {
  machine: string;
  states: Tally;
  transitions: Tally;
  branches: Tally;
}

const tally = (parts: Part[], hit: Set<string>): Tally => {
  const missing = parts.filter((p) => !hit.has(p.id)).map((p) => p.label);
  return { walked: parts.length - missing.length, total: parts.length, missing };
};

/** What the paths (of one machine, from any number of walks of it) walk of what the machine declares. */
export function machineCoverage(
  machine: AnyStateMachine,
  paths: WalkPath<AnyStateMachine>[],
): MachineCoverage {
  const taken = new Set<string>();
  const visited = new Set<string>();
  for (const path of paths)
    for (const step of path.steps) {
      for (const id of step.taken ?? []) taken.add(id);
      for (const state of step.visited ?? []) visited.add(state);
    }
  const transitions = new Set([...taken].map((id) => id.replace(/#\d+$/, '')));
  const parts = declared(machine);
  return {
    machine: machine.id,
    states: tally(parts.states, visited),
    transitions: tally(parts.transitions, transitions),
    branches: tally(parts.branches, taken),
  };
}

export const complete = (c: MachineCoverage) =>
  c.states.missing.length + c.transitions.missing.length + c.branches.missing.length === 0;

const ratio = (t: Tally) => `${t.walked}/${t.total}`;

/** 'appStatus  states 5/5  transitions 8/8  guarded branches 3/3', then one line a part not walked. */
export function coverageLines(c: MachineCoverage): string[] {
  const head = `${c.machine.padEnd(24)} states ${ratio(c.states).padEnd(7)} transitions ${ratio(c.transitions).padEnd(7)} guarded branches ${ratio(c.branches)}`;
  return [
    head,
    ...c.states.missing.map((m) => `  state not walked: ${m}`),
    ...c.transitions.missing.map((m) => `  transition not walked: ${m}`),
    ...c.branches.missing.map((m) => `  branch not walked: ${m}`),
  ];
}
