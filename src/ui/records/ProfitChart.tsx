import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';

export interface DayProfit {
  day: string;
  profit: number;
}

const HEIGHT = 160;
const SLOT = 24;
const BAR = 16;

/**
 * Profit per day as bars drawn by hand (no chart library): up and green for a win, down and red for a loss, from
 * a zero line. It is a picture with a summary for screen readers; the table beside it holds the figures.
 */
export function ProfitChart({
  days,
  format,
  title,
}: {
  days: DayProfit[];
  format: (minor: number) => string;
  title: string;
}) {
  const { t } = useLingui();
  const id = useId();
  const values = days.map((d) => d.profit);
  const top = Math.max(0, ...values);
  const bottom = Math.min(0, ...values);
  const span = top - bottom || 1;
  const zero = (top / span) * HEIGHT;
  const width = Math.max(days.length * SLOT, SLOT);
  const best = days.reduce<DayProfit | null>((b, d) => (!b || d.profit > b.profit ? d : b), null);
  const worst = days.reduce<DayProfit | null>((w, d) => (!w || d.profit < w.profit ? d : w), null);
  const bestDay = best?.day ?? '';
  const bestValue = best ? format(best.profit) : '';
  const worstDay = worst?.day ?? '';
  const worstValue = worst ? format(worst.profit) : '';
  const count = days.length;
  return (
    <figure className="overflow-x-auto">
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${width} ${HEIGHT + 20}`}
        preserveAspectRatio="none"
        className="h-48 w-full min-w-[18rem]"
        data-testid="profit-chart"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>
          {t`${count} days. Best day ${bestDay}: ${bestValue}. Worst day ${worstDay}: ${worstValue}.`}
        </desc>
        {days.map((d, i) => {
          const h = (Math.abs(d.profit) / span) * HEIGHT;
          const y = d.profit >= 0 ? zero - h : zero;
          return (
            <rect
              key={d.day}
              data-day={d.day}
              x={i * SLOT + (SLOT - BAR) / 2}
              y={y}
              width={BAR}
              height={Math.max(h, d.profit === 0 ? 0 : 1)}
              rx={2}
              className={d.profit >= 0 ? 'fill-emerald-500' : 'fill-red-500'}
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
