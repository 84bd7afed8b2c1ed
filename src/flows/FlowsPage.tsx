import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useId, useSyncExternalStore } from 'react';
import { liveActors, onInspection } from './liveActors.ts';
import { MachineView } from './MachineView.tsx';
import { flowMachines } from './machines.ts';

const route = getRouteApi('/flows');

/**
 * /flows (dev and demo builds, for product owners and QA): every workflow machine drawn as a statechart, offline,
 * with its states and transitions in words under it; a running actor of the chosen machine (the session, the app
 * status, a page's workflow) can be followed: its states are highlighted as they change and its last events listed.
 */
export function FlowsPage() {
  const { t } = useLingui();
  const id = useId();
  const { machine: chosen } = route.useSearch();
  const flow = flowMachines.find((m) => m.name === chosen) ?? flowMachines[0]!;
  const live = useSyncExternalStore(onInspection, liveActors);

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">
        <Trans>Flows</Trans>
      </h1>
      <p className="text-muted">
        <Trans>
          Every workflow of the portal as a statechart: states as boxes, transitions as arrows labelled with
          their events, guards in brackets. Follow a running actor to see where it is.
        </Trans>
      </p>
      <div className="grid gap-4 md:grid-cols-[13rem_minmax(0,1fr)]">
        <nav aria-label={t`Machines`}>
          <ul className="flex flex-wrap gap-1 md:flex-col">
            {flowMachines.map(({ name }) => {
              const isLive = live.some((a) => a.machine === name);
              return (
                <li key={name}>
                  <Link
                    to="/flows"
                    search={{ machine: name }}
                    aria-current={name === flow.name ? 'page' : undefined}
                    className="block rounded-lg px-3 py-1.5 font-mono text-sm hover:bg-raised aria-[current=page]:bg-brand aria-[current=page]:text-white"
                  >
                    {name}
                    {isLive && ' '}
                    {isLive && (
                      <span className="ms-2 rounded-full bg-accent px-1.5 font-sans text-xs text-black">
                        <Trans>live</Trans>
                      </span>
                    )}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <section aria-labelledby={`${id}-machine`} className="flex min-w-0 flex-col gap-3">
          <h2 id={`${id}-machine`} className="font-mono text-xl font-semibold">
            {flow.name}
          </h2>
          <MachineView
            key={flow.name}
            name={flow.name}
            machine={flow.machine}
            running={live.filter((a) => a.machine === flow.name)}
          />
        </section>
      </div>
    </div>
  );
}
