import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId, useMemo, useRef, useState } from 'react';
import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { ChartText } from './ChartText.tsx';
import { activeStates, chartOf } from './chart.ts';
import { Diagram } from './Diagram.tsx';
import { FollowPanel } from './FollowPanel.tsx';
import { layOut } from './layout.ts';
import type { LiveActor } from './liveActors.ts';
import { ZOOMS, ZoomControls } from './ZoomControls.tsx';

const none = new Set<string>();

/**
 * One machine: the running actors to follow, the diagram (zoomable, scrolling within its frame) and the diagram in
 * words. The followed actor's states are highlighted in both.
 */
export function MachineView({
  name,
  machine,
  running,
}: {
  name: string;
  machine: AnyStateMachine;
  running: LiveActor[];
}) {
  const { t } = useLingui();
  const id = useId();
  const chart = useMemo(() => chartOf(machine), [machine]);
  const layout = useMemo(() => layOut(chart), [chart]);
  const [zoom, setZoom] = useState(ZOOMS.indexOf(1));
  const scroller = useRef<HTMLElement>(null);

  // Until a choice, the first running actor is followed.
  const [choice, setChoice] = useState<{ sessionId: string | null } | null>(null);
  const followed = choice ? running.find((a) => a.ref.sessionId === choice.sessionId) : running[0];
  const snapshot = useSelector(followed?.ref, (s) => s as AnyMachineSnapshot | undefined);
  const active = useMemo(() => (snapshot ? activeStates(chart, snapshot) : none), [chart, snapshot]);

  return (
    <>
      <FollowPanel
        actors={running}
        followed={followed}
        snapshot={snapshot}
        onFollow={(sessionId) => setChoice({ sessionId })}
      />
      <ZoomControls
        zoom={zoom}
        onZoom={setZoom}
        fit={() => {
          const width = scroller.current?.clientWidth;
          return width ? width / layout.width : null;
        }}
      />
      <section
        aria-label={t`Diagram of ${name}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the diagram scrolls, so keyboard users must reach it
        tabIndex={0}
        ref={scroller}
        className="max-h-[75vh] overflow-auto rounded-xl border border-line bg-raised"
      >
        <Diagram
          layout={layout}
          active={active}
          zoom={ZOOMS[zoom]!}
          title={t`Statechart of the ${name} machine`}
          describedBy={`${id}-text`}
        />
      </section>
      <ChartText chart={chart} active={active} id={`${id}-text`} />
    </>
  );
}
