import { useLingui } from '@lingui/react/macro';
import { formatNumber } from '../i18n/format.ts';

export type PageItem = number | 'gap';

/**
 * The pages a pager shows (spec §2: 2 margin pages, a range of 5): the first and last `margin` pages, `range` pages
 * around the current one (shifted to stay whole near either end), and a gap wherever pages are left out. A gap that
 * would hide a single page shows that page instead.
 */
export function pageList(current: number, total: number, margin = 2, range = 5): PageItem[] {
  if (total < 1) return [];
  const page = Math.min(Math.max(current, 1), total);
  let start = Math.max(1, page - Math.floor(range / 2));
  const end = Math.min(total, start + range - 1);
  start = Math.max(1, end - range + 1);
  const shown = new Set<number>();
  for (let p = 1; p <= Math.min(margin, total); p++) shown.add(p);
  for (let p = Math.max(1, total - margin + 1); p <= total; p++) shown.add(p);
  for (let p = start; p <= end; p++) shown.add(p);
  const pages = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  pages.forEach((p, i) => {
    const before = pages[i - 1];
    if (before !== undefined && p - before === 2) items.push(p - 1);
    else if (before !== undefined && p - before > 2) items.push('gap');
    items.push(p);
  });
  return items;
}

const cell =
  'grid h-9 min-w-9 place-items-center rounded-lg border px-2 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-40';

/** A pager (spec §2): shown only when there is more than one page; the current page is marked `aria-current`. */
export function Pagination({
  page,
  totalPages,
  onChange,
  label,
}: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** The navigation landmark's name, e.g. "Game pages". */
  label: string;
}) {
  const { t, i18n } = useLingui();
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        <li>
          <button
            type="button"
            className={`${cell} border-line bg-raised`}
            disabled={page <= 1}
            onClick={() => onChange(page - 1)}
          >
            <span aria-hidden="true">‹</span>
            <span className="sr-only">{t`Previous page`}</span>
          </button>
        </li>
        {pageList(page, totalPages).map((item, i) =>
          item === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                aria-current={item === page ? 'page' : undefined}
                aria-label={t`Page ${item}`}
                className={`${cell} ${item === page ? 'border-brand bg-brand text-white' : 'border-line bg-raised hover:border-brand'}`}
                onClick={() => item !== page && onChange(item)}
              >
                {formatNumber(item, i18n.locale)}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={`${cell} border-line bg-raised`}
            disabled={page >= totalPages}
            onClick={() => onChange(page + 1)}
          >
            <span aria-hidden="true">›</span>
            <span className="sr-only">{t`Next page`}</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
