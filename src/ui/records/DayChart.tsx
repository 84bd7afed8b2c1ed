import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';

export interface DayValue {
  day: string;
  value: number;
}

const HEIGHT = 160;
const SLOT = 24;
const BAR = 16;

/**
 * A figure per day as bars drawn by hand (no chart library), from a zero line. `signed` (a result): up and green for
 * a win, down and red for a loss; otherwise (amounts, counts) every bar in the brand colour. It is a picture with a
 * summary for screen readers; the page gives the same figures in a table.
 */
export function DayChart({
  days,
  format,
  title,
  signed = false,
}: {
  days: DayValue[];
  format: (value: number) => string;
  title: string;
  signed?: boolean;
}) {
  const { t } = useLingui();
  const id = useId();
  const values = days.map((d) => d.value);
  const top = Math.max(0, ...values);
  const bottom = Math.min(0, ...values);
  const span = top - bottom || 1;
  const zero = (top / span) * HEIGHT;
  const width = Math.max(days.length * SLOT, SLOT);
  const best = days.reduce<DayValue | null>((b, d) => (!b || d.value > b.value ? d : b), null);
  const worst = days.reduce<DayValue | null>((w, d) => (!w || d.value < w.value ? d : w), null);
  const bestDay = best?.day ?? '';
  const bestValue = best ? format(best.value) : '';
  const worstDay = worst?.day ?? '';
  const worstValue = worst ? format(worst.value) : '';
  const count = days.length;
  const fill = (value: number) => (!signed ? 'fill-brand' : value >= 0 ? 'fill-emerald-500' : 'fill-red-500');
  return (
    <figure className="overflow-x-auto">
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${width} ${HEIGHT + 20}`}
        preserveAspectRatio="none"
        className="h-48 w-full min-w-[18rem]"
        data-testid="day-chart"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>
          {signed
            ? t`${plural(count, { one: '# day.', other: '# days.' })} Best day ${bestDay}: ${bestValue}. Worst day ${worstDay}: ${worstValue}.`
            : t`${plural(count, { one: '# day.', other: '# days.' })} Highest ${bestDay}: ${bestValue}. Lowest ${worstDay}: ${worstValue}.`}
        </desc>
        {days.map((d, i) => {
          const h = (Math.abs(d.value) / span) * HEIGHT;
          const y = d.value >= 0 ? zero - h : zero;
          return (
            <rect
              key={d.day}
              data-day={d.day}
              x={i * SLOT + (SLOT - BAR) / 2}
              y={y}
              width={BAR}
              height={Math.max(h, d.value === 0 ? 0 : 1)}
              rx={2}
              className={fill(d.value)}
            />
          );
        })}
        <line x1={0} x2={width} y1={zero} y2={zero} className="stroke-[var(--ink-muted)]" strokeWidth={1} />
        {days.length > 0 && (
          <>
            <text x={2} y={HEIGHT + 16} className="fill-[var(--ink-muted)] text-[10px]">
              {days[0]!.day.slice(5)}
            </text>
            <text
              x={width - 2}
              y={HEIGHT + 16}
              textAnchor="end"
              className="fill-[var(--ink-muted)] text-[10px]"
            >
              {days.at(-1)!.day.slice(5)}
            </text>
          </>
        )}
      </svg>
    </figure>
  );
}
