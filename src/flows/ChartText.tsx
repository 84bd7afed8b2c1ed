import { Trans } from '@lingui/react/macro';
import type { Chart, ChartLabel, ChartState } from './chart.ts';
import { NamedText } from './FollowPanel.tsx';
import type { Words } from './words.ts';

/** 'Status check: done, if the site is under maintenance' and its code. */
function LabelText({ label, words }: { label: ChartLabel; words: Words }) {
  const named = words.label(label);
  return (
    <>
      {named.title}
      {named.guard && `, ${named.guard}`} <code className="text-xs">{named.code}</code>
    </>
  );
}

function StateItem({
  chart,
  words,
  state,
  active,
}: {
  chart: Chart;
  words: Words;
  state: ChartState;
  active: ReadonlySet<string>;
}) {
  const children = chart.states.filter((s) => s.parent === state.id);
  const out = chart.transitions.filter((t) => t.source === state.id);
  const named = (id: string) => words.state(chart.states.find((s) => s.id === id)!);
  return (
    <li>
      <span className="font-semibold" data-code={state.path || state.name}>
        <NamedText named={words.state(state)} />
      </span>
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
              <Trans>runs:</Trans> <NamedText named={words.invoke(id)} />
            </li>
          ))}
          {state.internal.map((label) => (
            <li key={`stay ${label.code}`}>
              <LabelText label={label} words={words} /> <Trans>(stays in this state)</Trans>
            </li>
          ))}
          {out.flatMap((t) =>
            t.labels.map((label) => (
              <li key={`${label.code} ${t.target}`}>
                <LabelText label={label} words={words} /> → <NamedText named={named(t.target)} />
              </li>
            )),
          )}
        </ul>
      )}
      {children.length > 0 && (
        <ul className="ms-5 border-s border-line ps-3">
          {children.map((child) => (
            <StateItem key={child.id} chart={chart} words={words} state={child} active={active} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The diagram in words: every state (nested as in the machine) with what it invokes and its transitions. */
export function ChartText({
  chart,
  words,
  active,
  id,
}: {
  chart: Chart;
  words: Words;
  active: ReadonlySet<string>;
  id: string;
}) {
  const root = chart.states[0]!;
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-2">
      <h3 id={`${id}-heading`} className="text-lg font-semibold">
        <Trans>States and transitions</Trans>
      </h3>
      <ul id={id} className="text-sm leading-6 break-words">
        <StateItem chart={chart} words={words} state={root} active={active} />
      </ul>
    </section>
  );
}
