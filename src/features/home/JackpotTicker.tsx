import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import { connectJackpotTicker } from '../../../machines/jackpotTicker.connect.ts';
import { DEFAULT_JACKPOT_RANGE, jackpotTickerMachine } from '../../../machines/jackpotTicker.machine.ts';
import { liveInspect } from '../../flows/liveActors.ts';
import { useHydrated } from '../../ui/useHydrated.ts';

/** Where this browser keeps the jackpot figure of a merchant (spec §4: persisted locally), so a reload continues it. */
export const jackpotStorageKey = (merchantCode: string) => `portico.jackpot.${merchantCode}`;

/** The kept figure, as a number for the machine to accept or not; storage may be unavailable (private mode). */
function readKept(key: string): number | null {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : Number(raw);
  } catch {
    return null;
  }
}

function keep(key: string, value: number): void {
  try {
    localStorage.setItem(key, String(value));
  } catch {
    // A full or blocked storage only means the next visit starts from a new random figure.
  }
}

/** Whole units; `i18n.number` keeps the formatter, so a tick does not build a new one. */
const WHOLE = { maximumFractionDigits: 0 } as const;

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
const WHEEL = DIGITS.join('\n');

/**
 * The figure as rolling digit wheels: each digit is a column of 0–9 moved to its digit, so a change rolls (a CSS
 * transition; the global reduced-motion rule of styles.css makes it instant). Columns are keyed from the right so
 * that a wheel keeps its place, and rolls, when the figure grows a digit. Hidden from assistive technology: the
 * plain text beside it is what is read.
 */
function DigitWheels({ text }: { text: string }) {
  const chars = [...text];
  return (
    <span aria-hidden="true" className="inline-flex h-[1.2em] leading-[1.2]">
      {chars.map((c, i) => {
        const place = chars.length - i;
        if (!DIGITS.includes(c)) return <span key={`s${place}`}>{c}</span>;
        return (
          <span key={`d${place}`} className="inline-block h-[1.2em] overflow-hidden">
            {/* The ten digits as lines of one text (1.2em each, room for a tall sign): two elements, not twelve. */}
            <span
              className="block whitespace-pre transition-transform duration-700 ease-out motion-reduce:transition-none"
              style={{ transform: `translateY(-${Number(c) * 10}%)` }}
            >
              {WHEEL}
            </span>
          </span>
        );
      })}
    </span>
  );
}

/**
 * The home page's rolling jackpot figure (spec §4). The machine owns the figure and its timing; this view keeps it
 * in local storage and tells the machine when the page is hidden, so a background tab runs no timer. Not a live
 * region: a figure that changes every few seconds would talk over everything else.
 */
export function JackpotTicker({
  storageKey,
  sign,
  seed,
}: {
  /** `jackpotStorageKey(merchantCode)`. */
  storageKey: string;
  /** The merchant's currency sign. */
  sign: string;
  /** Fixes the random draws (tests); random otherwise. */
  seed?: number;
}) {
  const { i18n } = useLingui();
  const captionId = useId();
  const [start] = useState(() => readKept(storageKey));
  const actor = useActorRef(jackpotTickerMachine, { input: { start, seed }, inspect: liveInspect });
  const view = connectJackpotTicker(
    useSelector(actor, (s) => s),
    actor.send,
  );
  const value = view.jackpot;

  useEffect(() => keep(storageKey, value), [storageKey, value]);

  useEffect(() => {
    const report = () =>
      connectJackpotTicker(actor.getSnapshot(), actor.send).reportVisibility(
        document.visibilityState === 'hidden',
      );
    report();
    document.addEventListener('visibilitychange', report);
    return () => document.removeEventListener('visibilitychange', report);
  }, [actor]);

  // This browser's figure (its storage's). The server's first screen and its takeover hold its place with an invisible
  // figure of as many digits, so that it comes in without moving what is beside it.
  const hydrated = useHydrated();
  const text = `${sign}${i18n.number(hydrated ? value : DEFAULT_JACKPOT_RANGE.min, WHOLE)}`;
  return (
    // Named by its caption explicitly: not every browser and screen reader takes a figcaption as the name.
    <figure
      aria-labelledby={captionId}
      className="flex flex-col items-center gap-1 rounded-xl bg-linear-to-br from-brand to-brand/70 px-4 py-5 text-white"
    >
      <figcaption id={captionId} className="text-xs font-semibold tracking-widest uppercase opacity-90">
        <Trans>Jackpot</Trans>
      </figcaption>
      <p className={`text-3xl font-black tabular-nums sm:text-5xl ${hydrated ? '' : 'invisible'}`}>
        <data value={hydrated ? value : undefined} className="sr-only">
          {text}
        </data>
        <DigitWheels text={text} />
      </p>
    </figure>
  );
}
