import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { AnyMachineSnapshot } from 'xstate';
import { eventLabel } from './labels.ts';
import type { LiveActor } from './liveActors.ts';

/** 'loading'; 'settled.image.ready, settled.throttle.open' for parallel states. */
export function stateText(value: AnyMachineSnapshot['value']): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .flatMap(([key, child]) =>
      child && (typeof child === 'string' || Object.keys(child).length > 0)
        ? stateText(child as AnyMachineSnapshot['value'])
            .split(', ')
            .map((s) => `${key}.${s}`)
        : [key],
    )
    .join(', ');
}

const SHOWN = 8;

/**
 * The running actors of the chosen machine: which one the diagram follows (or none), its current state and the
 * last events it received, newest first.
 */
export function FollowPanel({
  actors,
  followed,
  snapshot,
  onFollow,
}: {
  actors: LiveActor[];
  followed: LiveActor | undefined;
  snapshot: AnyMachineSnapshot | undefined;
  onFollow: (sessionId: string | null) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  if (actors.length === 0)
    return (
      <p className="text-sm text-muted">
        <Trans>No actor of this machine is running in this tab. Open its page to follow it here.</Trans>
      </p>
    );
  const current = snapshot ? stateText(snapshot.value) : '';
  const events = followed ? followed.events.slice(-SHOWN).reverse() : [];
  return (
    <section
      aria-labelledby={`${id}-follow`}
      className="flex flex-col gap-2 rounded-xl border border-line p-3"
    >
      <div className="flex flex-wrap items-center gap-2">
        <label id={`${id}-follow`} htmlFor={`${id}-actor`} className="font-semibold">
          <Trans>Follow a running actor</Trans>
        </label>
        <select
          id={`${id}-actor`}
          className="rounded-lg border border-line bg-raised px-2 py-1"
          value={followed?.ref.sessionId ?? ''}
          onChange={(e) => onFollow(e.target.value || null)}
        >
          <option value="">{t`None`}</option>
          {actors.map((a, i) => (
            <option key={a.ref.sessionId} value={a.ref.sessionId}>
              {actors.length > 1 ? `${a.machine} #${i + 1}` : a.machine}
            </option>
          ))}
        </select>
      </div>
      {followed && snapshot && (
        <>
          <p aria-live="polite">
            <Trans>
              Current state: <strong className="font-mono">{current}</strong>
            </Trans>
          </p>
          <h3 id={`${id}-events`} className="text-sm font-semibold">
            <Trans>Last events</Trans>
          </h3>
          {events.length === 0 ? (
            <p className="text-sm text-muted">
              <Trans>None since it started.</Trans>
            </p>
          ) : (
            <ol aria-labelledby={`${id}-events`} className="font-mono text-sm">
              {events.map((e, i) => (
                <li key={followed.events.length - i}>{eventLabel(e.type)}</li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
