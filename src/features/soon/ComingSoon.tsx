import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/**
 * A screen whose feature lands in a later release: its title, the real navigation of its area, and a
 * clear note instead of invented content.
 */
export function ComingSoon({ title, areaLinks }: { title: ReactNode; areaLinks?: ReactNode[] }) {
  return (
    <div className="flex flex-col gap-5">
      <h1 className="text-2xl font-bold">{title}</h1>
      {areaLinks && areaLinks.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {areaLinks.map((l, i) => (
            <li key={i} className="rounded-full border border-line bg-raised px-3 py-1 text-sm text-muted">
              {l}
            </li>
          ))}
        </ul>
      )}
      <section
        aria-live="polite"
        className="rounded-2xl border border-dashed border-line bg-raised p-8 text-center"
      >
        <h2 className="mb-2 text-lg font-semibold">
          <Trans>Coming soon</Trans>
        </h2>
        <p className="mb-4 text-muted">
          <Trans>This part of the portal opens with an upcoming release.</Trans>
        </p>
        <Link to="/" className="font-semibold text-accent-ink">
          <Trans>Back to home</Trans>
        </Link>
      </section>
    </div>
  );
}
