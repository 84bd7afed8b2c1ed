import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { formatDay, formatNumber } from '../../i18n/format.ts';
import type { DayValue } from './DayChart.tsx';

/**
 * Round steps for a value axis from `low` to `high` (zero always on it) in about `count` steps, none finer than
 * `minStep` (a whole currency unit, or one member): 1, 2, 2.5 or 5 times a power of ten.
 */
export function valueTicks(low: number, high: number, minStep = 1, count = 4): number[] {
  const lo = Math.min(0, low);
  const hi = Math.max(0, high, lo === 0 && high <= 0 ? minStep : 0);
  const rough = Math.max((hi - lo) / count, minStep);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(minStep, ([1, 2, 2.5, 5, 10].find((f) => f * power >= rough) ?? 10) * power);
  const ticks: number[] = [];
  for (let v = Math.floor(lo / step) * step; v < hi + step; v += step) {
    ticks.push(v);
    if (v >= hi) break;
  }
  return ticks;
}

/** Short axis labels in the reader's language: "$1.5K", "-$200", "12". `sign` with `minor` for amounts. */
export function compactFormat(locale: string, money?: { sign: string }) {
  const number = (n: number) => formatNumber(n, locale, { notation: 'compact', maximumFractionDigits: 1 });
  return (value: number) => {
    if (!money) return number(value);
    const text = `${money.sign}${number(Math.abs(value) / 100)}`;
    return value < 0 ? `-${text}` : text;
  };
}

/** A calendar day (yyyy-MM-dd) in the reader's language, short ("26 Feb"). */
function useDayLabel() {
  const { i18n } = useLingui();
  return (day: string) => formatDay(day, i18n.locale, { day: 'numeric', month: 'short' });
}

const percent = (n: number) => `${n}%`;

/**
 * A figure per day as bars on a labelled value axis (round ticks in the reader's number format and currency) with the
 * days under them. Each bar says its day and value when hovered or focused; the bars are one Tab stop, arrows move
 * between them. `signed` (a result): up and green for a win, down and red for a loss. A summary for screen readers
 * names the highest and lowest day; the page gives every figure in a table too.
 */
export function AxisChart({
  days,
  format,
  tick,
  minStep = 1,
  title,
  axisLabel,
  signed = false,
}: {
  days: DayValue[];
  /** A value in full (the bar's readout). */
  format: (value: number) => string;
  /** A value on the axis, short. */
  tick: (value: number) => string;
  minStep?: number;
  title: string;
  axisLabel: string;
  signed?: boolean;
}) {
  const { t } = useLingui();
  const id = useId();
  const dayLabel = useDayLabel();
  const [active, setActive] = useState<number | null>(null);
  const [stop, setStop] = useState(0);
  const bars = useRef<(HTMLDivElement | null)[]>([]);
  const values = days.map((d) => d.value);
  const ticks = valueTicks(Math.min(0, ...values), Math.max(0, ...values), minStep);
  const top = ticks.at(-1)!;
  const bottom = ticks[0]!;
  const span = top - bottom || 1;
  const from = (v: number) => ((top - v) / span) * 100;
  const best = days.reduce<DayValue | null>((b, d) => (!b || d.value > b.value ? d : b), null);
  const worst = days.reduce<DayValue | null>((w, d) => (!w || d.value < w.value ? d : w), null);
  const bestDay = best ? dayLabel(best.day) : '';
  const bestValue = best ? format(best.value) : '';
  const worstDay = worst ? dayLabel(worst.day) : '';
  const worstValue = worst ? format(worst.value) : '';
  const count = days.length;
  const shown = active === null ? null : days[active];
  const shownDay = shown ? dayLabel(shown.day) : '';
  const shownValue = shown ? format(shown.value) : '';
  const every = Math.max(1, Math.ceil(days.length / 5));
  const fill = (value: number) => (!signed ? 'bg-brand' : value >= 0 ? 'bg-emerald-500' : 'bg-red-500');
  const move = (e: KeyboardEvent, i: number) => {
    const next =
      e.key === 'ArrowRight' || e.key === 'ArrowUp'
        ? i + 1
        : e.key === 'ArrowLeft' || e.key === 'ArrowDown'
          ? i - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? days.length - 1
              : null;
    if (next === null) return;
    e.preventDefault();
    const to = Math.min(Math.max(next, 0), days.length - 1);
    setStop(to);
    bars.current[to]?.focus();
  };
  return (
    <figure
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-summary`}
      className="flex min-w-0 flex-col gap-1"
      data-testid="day-chart"
    >
      <figcaption id={`${id}-title`} className="text-sm font-semibold">
        {title}
      </figcaption>
      <p id={`${id}-summary`} className="sr-only">
        {signed
          ? t`${plural(count, { one: '# day.', other: '# days.' })} Best day ${bestDay}: ${bestValue}. Worst day ${worstDay}: ${worstValue}.`
          : t`${plural(count, { one: '# day.', other: '# days.' })} Highest ${bestDay}: ${bestValue}. Lowest ${worstDay}: ${worstValue}.`}
      </p>
      <p className="min-h-5 text-sm tabular-nums" aria-hidden="true" data-testid="chart-readout">
        {shown ? (
          <>
            <span className="text-muted">{shownDay}: </span>
            <span className="font-semibold">{shownValue}</span>
          </>
        ) : (
          <span className="text-xs text-muted">
            <Trans>Hover or focus a bar to see its value.</Trans>
          </span>
        )}
      </p>
      <p className="text-[11px] text-muted" aria-hidden="true">
        {axisLabel}
      </p>
      <div className="flex min-w-0">
        <div
          className="relative h-44 w-14 shrink-0 text-right text-[11px] text-muted tabular-nums"
          aria-hidden="true"
          data-testid="value-axis"
        >
          {ticks.map((v) => (
            <span
              key={v}
              className="absolute right-1.5 -translate-y-1/2 whitespace-nowrap"
              style={{ top: percent(from(v)) }}
            >
              {tick(v)}
            </span>
          ))}
        </div>
        <div className="relative h-44 min-w-0 flex-1 border-l border-line">
          {ticks.map((v) => (
            <div
              key={v}
              aria-hidden="true"
              className={`absolute inset-x-0 border-t ${v === 0 ? 'border-[var(--ink-muted)]' : 'border-line/60 border-dashed'}`}
              style={{ top: percent(from(v)) }}
            />
          ))}
          <ul aria-label={title} className="absolute inset-0 flex">
            {days.map((d, i) => {
              const edge = from(Math.max(d.value, 0));
              const height = (Math.abs(d.value) / span) * 100;
              return (
                <li key={d.day} className="relative h-full min-w-0 flex-1">
                  <div
                    ref={(el) => {
                      bars.current[i] = el;
                    }}
                    role="img"
                    tabIndex={i === stop ? 0 : -1}
                    aria-label={`${dayLabel(d.day)}: ${format(d.value)}`}
                    data-day={d.day}
                    onMouseEnter={() => setActive(i)}
                    onMouseLeave={() => setActive(null)}
                    onFocus={() => {
                      setActive(i);
                      setStop(i);
                    }}
                    onBlur={() => setActive(null)}
                    onKeyDown={(e) => move(e, i)}
                    className="absolute inset-x-0 h-full cursor-default outline-none focus-visible:bg-line/40"
                    style={{ top: 0 }}
                  >
                    <div
                      className={`absolute inset-x-[18%] rounded-sm ${fill(d.value)} ${active === i ? 'opacity-100 ring-2 ring-[var(--ink-muted)]' : 'opacity-90'}`}
                      style={{
                        top: percent(edge),
                        height: d.value === 0 ? 0 : `max(${percent(height)}, 1px)`,
                      }}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
      {/* A label starts under its day and has the columns up to the next label: a long date (pt-BR "28 de nov.",
          CJK) wraps in them instead of being cut at the chart's edge. A last group narrower than the others gets none. */}
      <div className="ml-14 flex text-[11px] text-muted" aria-hidden="true">
        {days.map((d, i) =>
          i % every !== 0 ? null : (
            <span
              key={d.day}
              className="min-w-0 break-words"
              style={{ flex: `${Math.min(every, days.length - i)} 1 0` }}
            >
              {i + every <= days.length || every === 1 ? dayLabel(d.day) : ''}
            </span>
          ),
        )}
      </div>
    </figure>
  );
}
