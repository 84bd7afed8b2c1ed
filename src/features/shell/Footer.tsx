import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { vendorLanesQuery, whitelabelQuery } from '../../api/queries.ts';
import { useImageUrl } from '../../ui/imageUrl.ts';
import { WhenNear } from '../../ui/WhenNear.tsx';

/** `download`: the app-download entry (the app's, which opens the download modal). */
export function Footer({ download }: { download?: ReactNode }) {
  const imageUrl = useImageUrl();
  const { t } = useLingui();
  const info = useQuery(whitelabelQuery());
  const lanes = useQuery(vendorLanesQuery());
  const logos = new Map<string, { name: string; url: string }>();
  for (const card of lanes.data?.flatMap((l) => l.cards) ?? [])
    logos.set(card.vassalage, { name: card.displayName, url: card.logoUrl });
  const linkClass = 'hover:text-ink underline-offset-4 hover:underline';

  return (
    // Far below the first screen of every page: laid out and painted only as it comes near the view.
    <footer className="mt-12 border-t border-line bg-raised text-sm text-muted [contain-intrinsic-size:auto_32rem] [content-visibility:auto]">
      <div className="mx-auto flex max-w-page flex-col gap-6 px-3 py-8">
        <nav aria-label={t`Footer`}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <Link to="/help" hash="about" className={linkClass}>
                <Trans>About us</Trans>
              </Link>
            </li>
            <li>
              <Link to="/help" className={linkClass}>
                <Trans>Help center</Trans>
              </Link>
            </li>
            <li>
              <Link to="/contact" className={linkClass}>
                <Trans>Contact us</Trans>
              </Link>
            </li>
            <li>
              <Link to="/help" hash="feedback" className={linkClass}>
                <Trans>Feedback</Trans>
              </Link>
            </li>
            {download && <li>{download}</li>}
          </ul>
        </nav>
        {/* Every provider's logo (~30): built, and their pictures fetched, only as the footer comes near the view. A
            short page's footer is within the browser's lazy-loading distance: the pictures would come at load, beside
            its largest picture, and every page's server-drawn HTML would carry them for the app to take over. */}
        <WhenNear height="2rem">
          <ul aria-label={t`Game providers`} className="flex flex-wrap gap-3">
            {[...logos].map(([code, logo]) => (
              <li key={code}>
                <img
                  src={imageUrl(logo.url)}
                  alt={logo.name}
                  title={logo.name}
                  loading="lazy"
                  decoding="async"
                  className="h-8 w-20 rounded opacity-80"
                />
              </li>
            ))}
          </ul>
        </WhenNear>
        <p>
          {/* The year in UTC, not in the player's time zone: the server draws this line (in UTC) and the app takes it
          over; around New Year the two would differ for hours. */}
          © {new Date().getUTCFullYear()} {info.data?.brand.name}. <Trans>All rights reserved.</Trans>{' '}
          <Trans>Play responsibly: 18+ only.</Trans>
        </p>
      </div>
    </footer>
  );
}
