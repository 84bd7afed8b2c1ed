import { type ReactNode, useId } from 'react';
import {
  type LaidEdge,
  type LaidState,
  type Layout,
  type LineKind,
  type Point,
  TEXT,
  type TextLine,
} from './layout.ts';

const PAD = 8;

/** A smooth path through dagre's points: straight ends, corners rounded through the bends' midpoints. */
function curve(points: Point[]): string {
  const [first, ...rest] = points;
  if (!first) return '';
  let d = `M${first.x},${first.y}`;
  rest.forEach((p, i) => {
    const next = rest[i + 1];
    d += next ? ` Q${p.x},${p.y} ${(p.x + next.x) / 2},${(p.y + next.y) / 2}` : ` L${p.x},${p.y}`;
  });
  return d;
}

const SANS =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Thai", "Noto Sans SC", sans-serif';
const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';
const STYLE: Record<LineKind, { fill: string; weight: number; italic?: boolean }> = {
  title: { fill: 'var(--ink)', weight: 700 },
  note: { fill: 'var(--ink)', weight: 500 },
  cond: { fill: 'var(--ink)', weight: 400, italic: true },
  code: { fill: 'var(--ink-muted)', weight: 400 },
};

/** Lines of words and code names: the words first, in the page's font, the code smaller and monospaced. */
function Lines({
  lines,
  x,
  y,
  anchor = 'start',
}: {
  lines: TextLine[];
  x: number;
  y: number;
  anchor?: 'start' | 'middle';
}) {
  let top = y;
  return (
    <text x={x} y={y} textAnchor={anchor}>
      {lines.map((line, i) => {
        const { size, line: height, mono } = TEXT[line.kind];
        const style = STYLE[line.kind];
        top += height;
        return (
          <tspan
            key={i}
            x={x}
            y={top - (height - size) / 2 - 2}
            data-kind={line.kind}
            fontSize={size}
            fontFamily={mono ? MONO : SANS}
            fontWeight={style.weight}
            fontStyle={style.italic ? 'italic' : undefined}
            fill={style.fill}
          >
            {line.text}
          </tspan>
        );
      })}
    </text>
  );
}

function StateShape({ laid, active }: { laid: LaidState; active: boolean }) {
  const { state, box, head, lines, dot } = laid;
  const cluster = state.kind === 'compound' || state.kind === 'parallel';
  const stroke = active ? 'var(--brand-accent)' : cluster ? 'var(--line)' : 'var(--ink-muted)';
  return (
    <g data-state={state.id} data-active={active || undefined}>
      <rect
        x={box.x}
        y={box.y}
        width={box.width}
        height={box.height}
        rx={cluster ? 14 : 8}
        fill={cluster && state.depth % 2 === 1 ? 'var(--surface)' : 'var(--surface-raised)'}
        stroke={stroke}
        strokeWidth={active ? 3 : 1.5}
        strokeDasharray={state.region ? '6 4' : undefined}
      />
      {active && (
        <rect
          x={box.x}
          y={box.y}
          width={box.width}
          height={box.height}
          rx={8}
          fill="var(--brand-accent)"
          opacity={0.14}
        />
      )}
      {state.kind === 'final' && (
        <rect
          x={box.x + 4}
          y={box.y + 4}
          width={box.width - 8}
          height={box.height - 8}
          rx={5}
          fill="none"
          stroke={stroke}
        />
      )}
      <Lines lines={lines} x={head.x + PAD} y={head.y + PAD} />
      {dot && <circle cx={dot.x} cy={dot.y} r={6} fill="var(--ink)" />}
    </g>
  );
}

function Edge({ edge, marker }: { edge: LaidEdge; marker: string }) {
  return (
    <path
      d={curve(edge.points)}
      fill="none"
      stroke="var(--ink-muted)"
      strokeWidth={1.5}
      markerEnd={`url(#${marker})`}
    />
  );
}

function EdgeLabel({ edge }: { edge: LaidEdge }): ReactNode {
  const { label, lines } = edge;
  if (!label) return null;
  return (
    <g data-label={edge.id}>
      <rect {...label} rx={4} fill="var(--surface-raised)" opacity={0.92} />
      <Lines lines={lines} x={label.x + label.width / 2} y={label.y + 2} anchor="middle" />
    </g>
  );
}

/**
 * A machine drawn as a statechart: states as boxes (children inside their parents, parallel regions dashed, final
 * states double-edged, the initial state pointed at from a dot), transitions as arrows labelled with their events,
 * guards in brackets and delays. The drawing is one image for assistive technology: `describedBy` names the text
 * alternative beside it. Colours are the theme's variables, so both themes apply.
 */
export function Diagram({
  layout,
  active,
  zoom,
  title,
  describedBy,
}: {
  layout: Layout;
  active: ReadonlySet<string>;
  zoom: number;
  title: string;
  describedBy: string;
}) {
  const id = useId();
  const marker = `${id}-arrow`;
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={describedBy}
      width={Math.ceil(layout.width * zoom)}
      height={Math.ceil(layout.height * zoom)}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
    >
      <title id={`${id}-title`}>{title}</title>
      <defs>
        <marker
          id={marker}
          viewBox="0 0 10 10"
          refX={9}
          refY={5}
          markerWidth={8}
          markerHeight={8}
          orient="auto"
        >
          <path d="M0,0 L10,5 L0,10 z" fill="var(--ink-muted)" />
        </marker>
      </defs>
      {layout.states.map((s) => (
        <StateShape key={s.state.id} laid={s} active={active.has(s.state.id)} />
      ))}
      {layout.edges.map((e) => (
        <Edge key={e.id} edge={e} marker={marker} />
      ))}
      {layout.edges.map((e) => (
        <EdgeLabel key={e.id} edge={e} />
      ))}
    </svg>
  );
}
