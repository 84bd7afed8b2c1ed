import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useId, useSyncExternalStore } from 'react';
import { liveActors, onInspection } from './liveActors.ts';
import { MachineView } from './MachineView.tsx';
import { flowMachines } from './machines.ts';
import { machineTitles } from './titles.ts';

const route = getRouteApi('/flows');

/**
 * /flows (dev and demo builds, for product owners and QA): every workflow machine drawn as a statechart, offline,
 * its parts named in the reader's language beside their code names, fitted to the screen's width, with the diagram
 * in words under it. A machine's actor can be followed, in this tab or on its page opened in a frame beside the
 * diagram: its states are highlighted as they change and its last events listed. On a phone the list of machines
 * comes first, then one machine at a time.
 */
export function FlowsPage() {
  const { t, i18n } = useLingui();
  const id = useId();
  const { machine: chosen, follow } = route.useSearch();
  const flow = flowMachines.find((m) => m.name === chosen) ?? flowMachines[0]!;
  const picked = flowMachines.some((m) => m.name === chosen);
  const live = useSyncExternalStore(onInspection, liveActors);
  const titles = machineTitles[flow.name];
  const title = titles ? i18n._(titles.title) : flow.name;

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className={picked ? 'hidden md:block' : undefined}>
        <h1 className="text-2xl font-bold">
          <Trans>Flows</Trans>
        </h1>
        <p className="text-muted">
          <Trans>
            Every workflow of the portal as a statechart: states as boxes, transitions as arrows labelled with
            what happens, conditions in words. Open a workflow's page beside it to see where it is as you use
            the page.
          </Trans>
        </p>
      </div>
      <div className="grid min-w-0 gap-4 md:grid-cols-[14rem_minmax(0,1fr)]">
        <nav aria-label={t`Machines`} className={picked ? 'hidden md:block' : undefined}>
          <ul className="flex flex-col gap-1">
            {flowMachines.map(({ name }) => {
              const isLive = live.some((a) => a.machine === name);
              const own = machineTitles[name];
              return (
                <li key={name}>
                  <Link
                    to="/flows"
                    search={{ machine: name }}
                    aria-current={picked && name === flow.name ? 'page' : undefined}
                    className="flex min-h-11 flex-col justify-center rounded-lg px-3 py-1.5 hover:bg-raised aria-[current=page]:bg-brand aria-[current=page]:text-white"
                  >
                    <span className="font-semibold">
                      {own ? i18n._(own.title) : name}
                      {isLive && ' '}
                      {isLive && (
                        <span className="ms-1 rounded-full bg-accent px-1.5 text-xs font-normal text-black">
                          <Trans>live</Trans>
                        </span>
                      )}
                    </span>{' '}
                    <code className="text-xs opacity-80">{name}</code>
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <section
          aria-labelledby={`${id}-machine`}
          className={`flex min-w-0 flex-col gap-3 ${picked ? '' : 'hidden md:flex'}`}
        >
          <Link to="/flows" className="self-start text-sm underline md:hidden">
            <Trans>← All workflows</Trans>
          </Link>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <h2 id={`${id}-machine`} className="text-xl font-semibold">
              {title} <code className="text-sm font-normal text-muted">{flow.name}</code>
            </h2>
            <Link
              to="/flows"
              search={follow ? { machine: flow.name } : { machine: flow.name, follow: 'page' }}
              className={`ms-auto rounded-lg border border-line px-3 py-1.5 text-sm font-semibold ${follow ? 'bg-raised' : 'bg-brand text-white'}`}
            >
              {follow ? <Trans>Close the page</Trans> : <Trans>Follow on the page</Trans>}
            </Link>
          </div>
          {titles && <p className="text-muted">{i18n._(titles.about)}</p>}
          <MachineView
            key={flow.name}
            name={flow.name}
            machine={flow.machine}
            running={live.filter((a) => a.machine === flow.name)}
            onPage={follow === 'page'}
          />
        </section>
      </div>
    </div>
  );
}
