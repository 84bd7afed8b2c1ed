import { graphlib, layout } from '@dagrejs/dagre';
import type { Chart, ChartState } from './chart.ts';

export interface Point {
  x: number;
  y: number;
}
/** Top-left corner and size. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
/**
 * A state drawn: a box of its own (atomic, final, history) or around its children (compound, parallel), whose
 * `head` holds its name and lines at the top.
 */
export interface LaidState {
  state: ChartState;
  box: Box;
  head: Box;
  /** Its name, then what it invokes and the transitions that stay in it. */
  lines: string[];
  /** Where its initial arrow starts (states with an initial child). */
  dot: Point | null;
}
export interface LaidEdge {
  id: string;
  kind: 'transition' | 'initial';
  points: Point[];
  labels: string[];
  /** The label's box (transitions). */
  label: Box | null;
}
export interface Layout {
  width: number;
  height: number;
  states: LaidState[];
  edges: LaidEdge[];
}

// The diagram's text is monospaced, so its size is known before it is drawn (no measuring, also in jsdom).
export const CHAR = 7.3;
export const LINE = 16;
const PAD = 8;
const DOT = 12;

const textBox = (lines: string[]) => ({
  width: Math.max(64, ...lines.map((l) => l.length * CHAR)) + 2 * PAD,
  height: lines.length * LINE + 2 * PAD,
});

export const stateLines = (s: ChartState) => [
  s.kind === 'parallel' ? `${s.name} ∥` : s.name,
  ...s.invokes.map((id) => `invoke ${id}`),
  ...s.internal.map((l) => `↺ ${l}`),
];

/** A guard under its event, which keeps labels narrow: 'error: terminate', '  [statusIs(ACTIVE)]'. */
const splitGuard = (label: string) => {
  const at = label.indexOf(' [');
  return at < 0 ? [label] : [label.slice(0, at), `  ${label.slice(at + 1)}`];
};

const isCluster = (s: ChartState) => s.kind === 'compound' || s.kind === 'parallel';
const head = (id: string) => `${id}\u0000head`;
const dot = (id: string) => `${id}\u0000initial`;

const inside = (p: Point, r: Box) => p.x > r.x && p.x < r.x + r.width && p.y > r.y && p.y < r.y + r.height;

/** Where the segment from `out` (outside `r`) to `in_` (inside) crosses the border. */
function border(out: Point, in_: Point, r: Box): Point {
  let [a, b] = [out, in_];
  for (let i = 0; i < 24; i++) {
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    if (inside(mid, r)) b = mid;
    else a = mid;
  }
  return a;
}

/** The path cut where it first enters `r` (an arrow to a state drawn around its children ends on its border). */
function cutAtEntry(points: Point[], r: Box): Point[] {
  for (let i = 1; i < points.length; i++)
    if (!inside(points[i - 1]!, r) && inside(points[i]!, r))
      return [...points.slice(0, i), border(points[i - 1]!, points[i]!, r)];
  return points;
}
const cutAtExit = (points: Point[], r: Box) => cutAtEntry([...points].reverse(), r).reverse();

/**
 * Lays a chart out top to bottom with dagre. A state with children is a dagre cluster; dagre takes no edge to a
 * cluster, so its arrows meet its head (its name, a node kept above its children by hidden edges) and are cut back
 * to the cluster's border once laid out. Its initial arrow starts from a dot of its own.
 */
export function layOut(chart: Chart): Layout {
  const g = new graphlib.Graph({ compound: true, multigraph: true });
  g.setGraph({ rankdir: 'TB', nodesep: 24, ranksep: 30, edgesep: 12, marginx: 12, marginy: 12 });
  const byId = new Map(chart.states.map((s) => [s.id, s]));
  const anchor = (id: string) => (isCluster(byId.get(id)!) ? head(id) : id);
  const initialChild = new Map<string, string>();

  for (const s of chart.states) {
    if (isCluster(s)) {
      g.setNode(s.id, {});
      g.setNode(head(s.id), textBox(stateLines(s)));
      g.setParent(head(s.id), s.id);
    } else g.setNode(s.id, textBox(stateLines(s)));
    if (s.parent) {
      g.setParent(s.id, s.parent);
      g.setEdge(head(s.parent), anchor(s.id), { minlen: 1, weight: 1 }, 'order');
      if (s.initial && !s.region) initialChild.set(s.parent, s.id);
    }
  }
  for (const [parent, child] of initialChild) {
    g.setNode(dot(parent), { width: DOT, height: DOT });
    g.setParent(dot(parent), parent);
    g.setEdge(head(parent), dot(parent), { minlen: 1, weight: 2 }, 'order');
    g.setEdge(dot(parent), anchor(child), { minlen: 1, weight: 4 }, 'initial');
  }
  const labelLines = chart.transitions.map((t) => t.labels.flatMap(splitGuard));
  chart.transitions.forEach((t, i) => {
    const lines = labelLines[i]!;
    const height = lines.length * LINE + 4;
    const width = Math.max(...lines.map((l) => l.length * CHAR)) + 8;
    g.setEdge(anchor(t.source), anchor(t.target), { width, height, labelpos: 'c', minlen: 1 }, `t${i}`);
  });
  layout(g);

  const boxOf = (id: string): Box => {
    const n = g.node(id);
    return { x: n.x! - n.width / 2, y: n.y! - n.height / 2, width: n.width, height: n.height };
  };
  const states: LaidState[] = chart.states.map((s) => {
    const box = boxOf(s.id);
    const n = initialChild.has(s.id) ? g.node(dot(s.id)) : null;
    return {
      state: s,
      box,
      head: isCluster(s) ? boxOf(head(s.id)) : box,
      lines: stateLines(s),
      dot: n ? { x: n.x!, y: n.y! } : null,
    };
  });
  const laid = new Map(states.map((s) => [s.state.id, s]));

  const edges: LaidEdge[] = [...initialChild].map(([parent, child]) => {
    const points = g.edge(dot(parent), anchor(child), 'initial').points!;
    const target = laid.get(child)!;
    return {
      id: `initial:${child}`,
      kind: 'initial',
      points: isCluster(target.state) ? cutAtEntry(points, target.box) : points,
      labels: [],
      label: null,
    };
  });
  chart.transitions.forEach((t, i) => {
    const e = g.edge(anchor(t.source), anchor(t.target), `t${i}`);
    const source = laid.get(t.source)!;
    const target = laid.get(t.target)!;
    let points = e.points!;
    if (isCluster(target.state)) points = cutAtEntry(points, target.box);
    if (isCluster(source.state)) points = cutAtExit(points, source.box);
    const label = { x: e.x! - e.width! / 2, y: e.y! - e.height! / 2, width: e.width!, height: e.height! };
    edges.push({ id: `${t.source}>${t.target}`, kind: 'transition', points, labels: labelLines[i]!, label });
  });
  const graph = g.graph();
  return { width: graph.width ?? 0, height: graph.height ?? 0, states, edges };
}
