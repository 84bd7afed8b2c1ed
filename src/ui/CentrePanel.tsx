import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** A count the menu shows beside a page, with its spoken form ("3 open"). */
export interface MenuBadge {
  count: number;
  spoken: string;
}

/**
 * The member and agent centres' frame: the menu of pages (a scrolling row on phones, a column from md up) with the
 * current one marked, the page's heading and a close button that goes home.
 */
export function CentrePanel<K extends string>({
  title,
  closeLabel,
  to,
  pages,
  labels,
  page,
  badges = {},
  children,
}: {
  title: string;
  closeLabel: string;
  to: '/member' | '/agent';
  pages: readonly K[];
  labels: Record<K, string>;
  page: K;
  badges?: Partial<Record<K, MenuBadge>>;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const close = (className: string) => (
    <button
      type="button"
      aria-label={closeLabel}
      onClick={() => void navigate({ to: '/' })}
      className={`h-9 w-9 place-items-center rounded-full hover:bg-line/50 ${className}`}
    >
      <span aria-hidden="true">×</span>
    </button>
  );
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-line bg-raised p-3 sm:p-4 md:flex-row">
      <nav aria-label={title} className="md:w-52 md:shrink-0">
        <div className="mb-2 flex items-center justify-between gap-2">
          <h1 className="text-lg font-bold">{title}</h1>
          {close('grid md:hidden')}
        </div>
        {/* relative: the badges' screen-reader text is absolutely placed; without a positioned scroller it escapes the
            row's clipping and widens the page by the whole row (1,650 px on a phone). */}
        <ul className="relative -mx-1 flex gap-1 overflow-x-auto px-1 pb-1 md:mx-0 md:flex-col md:overflow-visible md:px-0">
          {pages.map((key) => (
            <li key={key} className="shrink-0">
              <Link
                to={to}
                // Each centre's route reads its own page keys; the frame only passes them on.
                search={{ page: key } as never}
                aria-current={key === page ? 'page' : undefined}
                className={`block whitespace-nowrap rounded-lg px-3 py-2 text-sm ${
                  key === page ? 'bg-brand font-semibold text-white' : 'text-muted hover:bg-line/40'
                }`}
              >
                {labels[key]}
                <Badge {...badges[key]} />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <div className="mb-3 flex items-center gap-2">
          <h2 className="flex-1 text-xl font-bold">{labels[page]}</h2>
          {close('hidden md:grid')}
        </div>
        {children}
      </div>
    </div>
  );
}

function Badge({ count = 0, spoken }: Partial<MenuBadge>) {
  if (count <= 0) return null;
  return (
    <>
      <span
        aria-hidden="true"
        className="ml-2 inline-grid min-w-5 place-items-center rounded-full bg-red-600 px-1.5 text-xs font-bold text-white"
      >
        {count > 99 ? '99+' : count}
      </span>
      <span className="sr-only">, {spoken}</span>
    </>
  );
}
