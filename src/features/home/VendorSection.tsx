import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { VendorLane } from '../../../contract/games.ts';
import { GAME_TYPE_PATH } from '../../domain/routesMap.ts';
import { GAME_TYPE_LABEL } from '../../i18n/labels.ts';
import { useImageUrl } from '../../ui/imageUrl.ts';

// Home's parts below a phone's first screen, drawn only as they come near (Home.tsx, WhenNear): their code comes then.

/** A provider's logo on home: the lobby (or lottery centre) it opens, on that provider. */
export type Provider = VendorLane['cards'][number] & { to: string; search: object };

/** The row of every provider's logo. */
export function ProviderLogos({ providers }: { providers: Provider[] }) {
  const imageUrl = useImageUrl();
  return (
    <ul className="flex gap-3 overflow-x-auto pb-2">
      {providers.map((v) => (
        <li key={v.vassalage} className="shrink-0">
          {/* Links, so that keyboards reach every logo of the scrolling row. */}
          <Link to={v.to} search={v.search} className="block rounded-lg">
            <img
              src={imageUrl(v.logoUrl)}
              alt={v.displayName}
              className="h-12 w-28 rounded-lg"
              loading="lazy"
              decoding="async"
            />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A vendor-tile category's row (sports, e-sports): each vendor opens the category's lobby on it. */
export function VendorSection({ lane }: { lane: VendorLane }) {
  const imageUrl = useImageUrl();
  const { i18n, t } = useLingui();
  const title = i18n._(GAME_TYPE_LABEL[lane.title]);
  const to = GAME_TYPE_PATH[lane.title];
  const first = lane.cards[0]?.vassalage;
  return (
    <section aria-labelledby={`home-${lane.title}`} className="flex flex-col gap-3">
      <div className="flex items-center justify-between">
        <h2 id={`home-${lane.title}`} className="text-xl font-bold">
          {title}
        </h2>
        <Link
          to={to}
          search={first ? { vendor: first } : {}}
          aria-label={t`More ${title}`}
          className="text-sm font-semibold text-accent-ink"
        >
          <Trans>More</Trans>
        </Link>
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {lane.cards.map((v) => (
          <li key={v.vassalage}>
            <Link
              to={to}
              search={{ vendor: v.vassalage }}
              className="flex flex-col items-center gap-2 rounded-xl border border-line bg-raised p-3 hover:border-brand"
            >
              <img src={imageUrl(v.logoUrl)} alt="" className="h-12 w-28" loading="lazy" decoding="async" />
              <span className="text-sm font-medium">{v.displayName}</span>
              <span className="text-xs text-muted">
                <Plural value={v.gameCount} one="# game" other="# games" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
