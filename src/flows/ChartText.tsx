import { Trans } from '@lingui/react/macro';
import type { Chart, ChartState } from './chart.ts';

function StateItem({
  chart,
  state,
  active,
}: {
  chart: Chart;
  state: ChartState;
  active: ReadonlySet<string>;
}) {
  const children = chart.states.filter((s) => s.parent === state.id);
  const out = chart.transitions.filter((t) => t.source === state.id);
  const name = (id: string) => chart.states.find((s) => s.id === id)?.path ?? id;
  return (
    <li>
      <span className="font-semibold">{state.path || state.name}</span>
      {state.kind === 'parallel' && (
        <>
          {' '}
          <Trans>(parallel: its regions are all active at once)</Trans>
        </>
      )}
      {state.kind === 'final' && (
        <>
          {' '}
          <Trans>(final)</Trans>
        </>
      )}
      {state.initial && !state.region && (
        <>
          {' '}
          <Trans>(initial)</Trans>
        </>
      )}
      {state.region && (
        <>
          {' '}
          <Trans>(region)</Trans>
        </>
      )}
      {active.has(state.id) && (
        <>
          {' '}
          <strong className="text-accent-ink">
            <Trans>current</Trans>
          </strong>
        </>
      )}
      {(state.invokes.length > 0 || state.internal.length > 0 || out.length > 0) && (
        <ul className="ms-5 list-disc text-muted">
          {state.invokes.map((id) => (
            <li key={`invoke ${id}`}>
              <Trans>invokes {id}</Trans>
            </li>
          ))}
          {state.internal.map((label) => (
            <li key={`stay ${label}`}>
              <Trans>{label} (stays in this state)</Trans>
            </li>
          ))}
          {out.flatMap((t) =>
            t.labels.map((label) => {
              const target = name(t.target);
              return (
                <li key={`${label} ${t.target}`}>
                  <Trans>
                    {label} → {target}
                  </Trans>
                </li>
              );
            }),
          )}
        </ul>
      )}
      {children.length > 0 && (
        <ul className="ms-5 border-s border-line ps-3">
          {children.map((child) => (
            <StateItem key={child.id} chart={chart} state={child} active={active} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The diagram in words: every state (nested as in the machine) with what it invokes and its transitions. */
export function ChartText({ chart, active, id }: { chart: Chart; active: ReadonlySet<string>; id: string }) {
  const root = chart.states[0]!;
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-2">
      <h3 id={`${id}-heading`} className="text-lg font-semibold">
        <Trans>States and transitions</Trans>
      </h3>
      <ul id={id} className="font-mono text-sm leading-6">
        <StateItem chart={chart} state={root} active={active} />
      </ul>
    </section>
  );
}
