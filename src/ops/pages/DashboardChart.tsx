import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { cell, row } from '../ui.tsx';

export interface ChartPoint {
  /** The bucket's label (an hour or a day). */
  label: string;
  /** Minor units; GGR may be negative. */
  deposits: number;
  withdrawals: number;
  ggr: number;
}

const W = 640;
const H = 200;
const PAD = 24;

/**
 * Deposits, withdrawals and GGR per bucket as grouped bars around a zero line (a small SVG of our own). The picture
 * is named and described for screen readers, and the same figures are a table under it, one click away.
 */
export function DashboardChart({
  points,
  money,
}: {
  points: ChartPoint[];
  money: (minor: number) => string;
}) {
  const { t } = useLingui();
  const id = useId();
  const series = [
    { key: 'deposits', label: t`Deposits`, className: 'fill-brand' },
    { key: 'withdrawals', label: t`Withdrawals`, className: 'fill-amber-500' },
    { key: 'ggr', label: t`GGR`, className: 'fill-emerald-600' },
  ] as const;
  const values = points.flatMap((p) => series.map((s) => p[s.key]));
  const top = Math.max(1, ...values);
  const bottom = Math.min(0, ...values);
  const y = (v: number) => PAD + ((top - v) / (top - bottom)) * (H - 2 * PAD);
  const slot = (W - 2 * PAD) / Math.max(1, points.length);
  const bar = Math.max(1, (slot * 0.8) / series.length);
  const best = points.reduce<ChartPoint | undefined>((b, p) => (!b || p.ggr > b.ggr ? p : b), undefined);
  const summary = best
    ? t`${plural(points.length, { one: '# period.', other: '# periods.' })} Highest GGR: ${money(best.ggr)}, ${best.label}.`
    : '';
  return (
    <figure className="flex flex-col gap-2">
      <svg
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full text-line"
      >
        <title id={`${id}-title`}>{t`Deposits, withdrawals and GGR`}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        <line x1={PAD} x2={W - PAD} y1={y(0)} y2={y(0)} className="stroke-current" />
        {points.map((p, i) =>
          series.map((s, j) => {
            const v = p[s.key];
            return (
              <rect
                key={`${p.label}-${s.key}`}
                x={PAD + i * slot + slot * 0.1 + j * bar}
                y={Math.min(y(v), y(0))}
                width={bar}
                height={Math.max(v === 0 ? 0 : 1, Math.abs(y(v) - y(0)))}
                className={s.className}
              />
            );
          }),
        )}
      </svg>
      <figcaption className="flex flex-wrap gap-3 text-xs text-muted">
        {series.map((s) => (
          <span key={s.key} className="inline-flex items-center gap-1">
            <svg aria-hidden="true" width="10" height="10">
              <rect width="10" height="10" className={s.className} />
            </svg>
            {s.label}
          </span>
        ))}
      </figcaption>
      <details>
        <summary className="cursor-pointer text-xs">
          <Trans>Show the figures as a table</Trans>
        </summary>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus to be scrolled by keyboard. */}
        <div tabIndex={0} className="overflow-x-auto">
          <table className="w-full min-w-[28rem] text-left text-sm">
            <caption className="sr-only">{t`Deposits, withdrawals and GGR`}</caption>
            <thead className="text-xs text-muted">
              <tr className="border-b border-line">
                <th scope="col" className="py-2 pr-2">
                  <Trans>Period</Trans>
                </th>
                {series.map((s) => (
                  <th key={s.key} scope="col" className="py-2 pr-2 text-right">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.label} className={row}>
                  <th scope="row" className={`${cell} font-normal`}>
                    {p.label}
                  </th>
                  {series.map((s) => (
                    <td key={s.key} className={`${cell} text-right`}>
                      {money(p[s.key])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
