import { type ReactNode, useId } from 'react';
import { type LaidEdge, type LaidState, type Layout, LINE, type Point } from './layout.ts';

const FONT = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';
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

function Lines({
  lines,
  x,
  y,
  anchor = 'start',
}: {
  lines: string[];
  x: number;
  y: number;
  anchor?: 'start' | 'middle';
}) {
  return (
    <text x={x} y={y} textAnchor={anchor} fill="var(--ink)" fontSize={12}>
      {lines.map((line, i) => (
        <tspan key={i} x={x} y={y + i * LINE + 12} fontWeight={i === 0 && anchor === 'start' ? 700 : 400}>
          {line}
        </tspan>
      ))}
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
  const { label, labels } = edge;
  if (!label) return null;
  return (
    <g>
      <rect {...label} rx={4} fill="var(--surface-raised)" opacity={0.9} />
      <Lines lines={labels} x={label.x + label.width / 2} y={label.y + 2} anchor="middle" />
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
      fontFamily={FONT}
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
