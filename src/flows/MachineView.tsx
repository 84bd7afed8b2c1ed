import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useCallback, useId, useMemo, useState, useSyncExternalStore } from 'react';
import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { ChartText } from './ChartText.tsx';
import { activeStates, chartOf } from './chart.ts';
import { DiagramBox } from './DiagramBox.tsx';
import { FollowPanel } from './FollowPanel.tsx';
import { layOut } from './layout.ts';
import type { LiveActor, LiveRegistry } from './liveActors.ts';
import { machineTitles } from './titles.ts';
import { wordsOf } from './words.ts';

const none = new Set<string>();
const nothing: LiveActor[] = [];
const quiet = () => () => {};

/**
 * The running actors of the page in the follow frame: the page's app (same origin) offers its registry on its
 * window; a new document in the frame (a reload, a full navigation) offers a new one when it has loaded.
 */
function useFrameActors() {
  const [registry, setRegistry] = useState<LiveRegistry | null>(null);
  const onLoad = useCallback((frame: HTMLIFrameElement) => {
    try {
      setRegistry(frame.contentWindow?.__porticoLive ?? null);
    } catch {
      setRegistry(null);
    }
  }, []);
  const live = useSyncExternalStore(registry?.onInspection ?? quiet, registry?.liveActors ?? (() => nothing));
  return { live, onLoad };
}

/**
 * One machine: the actors to follow, the diagram (fitted to the width, zoomable, scrolling within its box) and the
 * diagram in words, every part titled in the reader's language beside its code name. "Follow on the page" opens
 * the page that runs the machine in a frame beside the diagram (above it on a phone): the diagram follows the
 * page's actor as the reader uses the page.
 */
export function MachineView({
  name,
  machine,
  running,
  onPage,
}: {
  name: string;
  machine: AnyStateMachine;
  /** This tab's running actors of the machine. */
  running: LiveActor[];
  onPage: boolean;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const chart = useMemo(() => chartOf(machine), [machine]);
  // The words change with the language (the same i18n object, another locale).
  const words = useMemo(() => wordsOf(name, i18n), [name, i18n, i18n.locale]);
  const layout = useMemo(() => layOut(chart, words), [chart, words]);
  const frame = useFrameActors();
  const page = machineTitles[name]?.page ?? '/';
  const actors = onPage ? frame.live.filter((a) => a.machine === name) : running;

  // Until a choice, the first running actor is followed.
  const [choice, setChoice] = useState<{ sessionId: string | null } | null>(null);
  const followed = choice ? actors.find((a) => a.ref.sessionId === choice.sessionId) : actors[0];
  const snapshot = useSelector(followed?.ref, (s) => s as AnyMachineSnapshot | undefined);
  const active = useMemo(() => (snapshot ? activeStates(chart, snapshot) : none), [chart, snapshot]);
  const innermost = chart.states.filter(
    (s) => active.has(s.id) && !chart.states.some((c) => c.parent === s.id && active.has(c.id)),
  );
  const current = innermost.map((s) => words.state(s));
  const focus = layout.states.find((s) => s.state === innermost[0])?.box;
  const title = words.machine().title;

  const diagram = (
    <div className="flex min-w-0 flex-col gap-3">
      <FollowPanel
        actors={actors}
        followed={followed}
        snapshot={snapshot}
        current={current}
        words={words}
        onPage={onPage}
        onFollow={(sessionId) => setChoice({ sessionId })}
      />
      <DiagramBox
        layout={layout}
        active={active}
        name={name}
        title={t`Statechart of the ${name} machine`}
        describedBy={`${id}-text`}
        focus={focus}
        className={onPage ? 'max-h-[45vh] md:max-h-[80vh]' : 'max-h-[70vh]'}
      />
    </div>
  );

  return (
    <>
      {onPage ? (
        <div className="grid min-w-0 gap-4 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <section aria-labelledby={`${id}-page`} className="flex min-w-0 flex-col gap-2 lg:order-2">
            <h3 id={`${id}-page`} className="flex flex-wrap items-baseline gap-2 text-sm font-semibold">
              <Trans>The page: {title}</Trans> <code className="text-xs font-normal text-muted">{page}</code>
              <a href={page} target="_blank" rel="noopener" className="ms-auto text-xs font-normal underline">
                <Trans>Open in a new tab</Trans>
              </a>
            </h3>
            <iframe
              src={page}
              title={t`The page that runs ${name}`}
              onLoad={(e) => frame.onLoad(e.currentTarget)}
              className="h-[55vh] w-full rounded-xl border border-line bg-surface lg:h-[80vh]"
            />
          </section>
          {diagram}
        </div>
      ) : (
        diagram
      )}
      <ChartText chart={chart} words={words} active={active} id={`${id}-text`} />
    </>
  );
}
