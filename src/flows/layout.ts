import { graphlib, layout } from '@dagrejs/dagre';
import type { Chart, ChartState } from './chart.ts';
import type { NamedLabel, Words } from './words.ts';

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
/** A line of a label: a title in words, a guard in words, or a code name. */
export type LineKind = 'title' | 'note' | 'cond' | 'code';
export interface TextLine {
  text: string;
  kind: LineKind;
}
/** Font size and line height of each kind, in diagram units (the smallest, 12, is the readable minimum's base). */
export const TEXT: Record<LineKind, { size: number; line: number; mono: boolean }> = {
  title: { size: 14, line: 18, mono: false },
  note: { size: 13, line: 17, mono: false },
  cond: { size: 12, line: 16, mono: false },
  code: { size: 12, line: 16, mono: true },
};
export const SMALLEST_FONT = Math.min(...Object.values(TEXT).map((t) => t.size));

/**
 * A state drawn: a box of its own (atomic, final, history) or around its children (compound, parallel), whose
 * `head` holds its lines at the top.
 */
export interface LaidState {
  state: ChartState;
  box: Box;
  head: Box;
  /** Its title and code name, then what it invokes and the transitions that stay in it. */
  lines: TextLine[];
  /** Where its initial arrow starts (states with an initial child). */
  dot: Point | null;
}
export interface LaidEdge {
  id: string;
  kind: 'transition' | 'initial';
  points: Point[];
  lines: TextLine[];
  /** The label's box (transitions). */
  label: Box | null;
}
export interface Layout {
  width: number;
  height: number;
  states: LaidState[];
  edges: LaidEdge[];
}

const PAD = 8;
const DOT = 12;
/** Words wrap at these widths, so a long title makes a taller box rather than a wider diagram. */
const WRAP = 200;
const LABEL_WRAP = 140;

// Text is sized before it is drawn (no measuring, also in jsdom): a monospaced code name is 0.6 em a character; a
// title 0.6 em a Latin character (a little over a sans-serif's average, so it never overflows), 1 em a Chinese one,
// nothing for Thai's combining vowel and tone marks.
const wide = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/;
const combining = /\p{M}/u;
export function textWidth(text: string, kind: LineKind): number {
  const { size, mono } = TEXT[kind];
  let em = 0;
  for (const c of text) em += mono ? 0.6 : wide.test(c) ? 1 : combining.test(c) ? 0 : 0.6;
  return em * size;
}

/** Lines of at most `max` wide, broken between words, or between characters in a script without spaces. */
export function wrap(text: string, kind: LineKind, max = WRAP): string[] {
  const lines: string[] = [];
  let line = '';
  const push = (piece: string, sep: string) => {
    const next = line ? line + sep + piece : piece;
    if (!line || textWidth(next, kind) <= max) line = next;
    else {
      lines.push(line);
      line = piece;
    }
  };
  for (const word of text.split(' ')) {
    if (textWidth(word, kind) <= max) push(word, ' ');
    else
      [...word].forEach((c, i) => {
        push(c, i === 0 ? ' ' : '');
      });
  }
  return [...lines, line];
}

const lines = (text: string, kind: LineKind, max = WRAP): TextLine[] =>
  kind === 'code' ? [{ text, kind }] : wrap(text, kind, max).map((t) => ({ text: t, kind }));

/** A code name with its guard on lines of its own, a combined guard split at its operators. */
const codeLines = (code: string): string[] => {
  const at = code.indexOf(' [');
  if (at < 0) return [code];
  const guard = code.slice(at + 1);
  return [code.slice(0, at), ...guard.split(/ (?=&&|\|\|)/)];
};

/** A transition's event in words, its guard as a condition, then its code with the guard on a line of its own. */
function labelLines(label: NamedLabel, prefix = ''): TextLine[] {
  const max = prefix ? WRAP : LABEL_WRAP;
  return [
    ...lines(prefix + label.title, 'note', max),
    ...(label.guard ? lines(label.guard, 'cond', max) : []),
    ...codeLines(label.code).map((text) => ({ text: prefix ? `  ${text}` : text, kind: 'code' as const })),
  ];
}

export const stateLines = (s: ChartState, words: Words): TextLine[] => {
  const named = words.state(s);
  return [
    ...lines(s.kind === 'parallel' ? `${named.title} ∥` : named.title, 'title'),
    { text: named.code, kind: 'code' },
    ...s.invokes.flatMap((id) => {
      const actor = words.invoke(id);
      return [...lines(`⚙ ${actor.title}`, 'note'), { text: `  invoke ${id}`, kind: 'code' as const }];
    }),
    ...s.internal.flatMap((l) => labelLines(words.label(l), '↺ ')),
  ];
};

export const blockSize = (block: TextLine[]) => ({
  width: Math.max(...block.map((l) => textWidth(l.text, l.kind))),
  height: block.reduce((sum, l) => sum + TEXT[l.kind].line, 0),
});

const textBox = (block: TextLine[]) => {
  const { width, height } = blockSize(block);
  return { width: Math.max(64, width) + 2 * PAD, height: height + 2 * PAD };
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
export function layOut(chart: Chart, words: Words): Layout {
  const g = new graphlib.Graph({ compound: true, multigraph: true });
  g.setGraph({ rankdir: 'TB', nodesep: 20, ranksep: 28, edgesep: 10, marginx: 12, marginy: 12 });
  const byId = new Map(chart.states.map((s) => [s.id, s]));
  const anchor = (id: string) => (isCluster(byId.get(id)!) ? head(id) : id);
  const initialChild = new Map<string, string>();

  for (const s of chart.states) {
    if (isCluster(s)) {
      g.setNode(s.id, {});
      g.setNode(head(s.id), textBox(stateLines(s, words)));
      g.setParent(head(s.id), s.id);
    } else g.setNode(s.id, textBox(stateLines(s, words)));
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
  const edgeLines = chart.transitions.map((t) => t.labels.flatMap((l) => labelLines(words.label(l))));
  chart.transitions.forEach((t, i) => {
    const size = blockSize(edgeLines[i]!);
    const [width, height] = [size.width + 8, size.height + 4];
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
      lines: stateLines(s, words),
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
      lines: [],
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
    edges.push({ id: `${t.source}>${t.target}`, kind: 'transition', points, lines: edgeLines[i]!, label });
  });
  const graph = g.graph();
  return { width: graph.width ?? 0, height: graph.height ?? 0, states, edges };
}
