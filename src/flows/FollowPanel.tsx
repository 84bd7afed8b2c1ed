import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { AnyMachineSnapshot } from 'xstate';
import type { LiveActor } from './liveActors.ts';
import type { Named, Words } from './words.ts';

const SHOWN = 8;

/** A title with its code name beside it, smaller. */
export function NamedText({ named }: { named: Named }) {
  return (
    <>
      {named.title} <code className="text-xs text-muted">{named.code}</code>
    </>
  );
}

/**
 * The running actors of the chosen machine (in this tab, or in the page of the follow frame): which one the diagram
 * follows (or none), its current states and the last events it received, newest first, in words with their codes.
 */
export function FollowPanel({
  actors,
  followed,
  snapshot,
  current,
  words,
  onPage,
  onFollow,
}: {
  actors: LiveActor[];
  followed: LiveActor | undefined;
  snapshot: AnyMachineSnapshot | undefined;
  /** The innermost current states, in words. */
  current: Named[];
  words: Words;
  /** Following the page in the frame (else actors of this tab). */
  onPage: boolean;
  onFollow: (sessionId: string | null) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  if (actors.length === 0)
    return (
      <p className="text-sm text-muted" aria-live="polite">
        {onPage ? (
          <Trans>Not running on the page yet: use the page until this workflow starts.</Trans>
        ) : (
          <Trans>No actor of this machine is running in this tab. Open its page to follow it here.</Trans>
        )}
      </p>
    );
  const events = followed ? followed.events.slice(-SHOWN).reverse() : [];
  return (
    <section
      aria-labelledby={`${id}-follow`}
      className="flex flex-col gap-2 rounded-xl border border-line p-3"
    >
      <div className="flex flex-wrap items-center gap-2">
        <label id={`${id}-follow`} htmlFor={`${id}-actor`} className="font-semibold">
          {onPage ? <Trans>Running on the page</Trans> : <Trans>Follow a running actor</Trans>}
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
          <p aria-live="polite" data-testid="current-state">
            <Trans>Current state:</Trans>{' '}
            {current.map((named, i) => (
              <strong key={named.code} className="font-semibold" data-code={named.code}>
                {i > 0 && ', '}
                <NamedText named={named} />
              </strong>
            ))}
          </p>
          <h3 id={`${id}-events`} className="text-sm font-semibold">
            <Trans>Last events</Trans>
          </h3>
          {events.length === 0 ? (
            <p className="text-sm text-muted">
              <Trans>None since it started.</Trans>
            </p>
          ) : (
            <ol aria-labelledby={`${id}-events`} className="text-sm">
              {events.map((e, i) => (
                <li key={followed.events.length - i}>
                  <NamedText named={words.event(e.type)} />
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
