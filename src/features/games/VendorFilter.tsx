import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Vendor } from '../../../contract/games.ts';
import type { LobbyPath } from '../../domain/routesMap.ts';
import { useImageUrl } from '../../ui/imageUrl.ts';
import { EXACT, withVendor } from './vendorLink.ts';

/**
 * Vendor filter of a lobby. Choosing the active vendor again clears the filter (spec §2); any choice
 * starts again at page 1.
 */
export function VendorFilter({
  path,
  vendors,
  active,
  tiles,
}: {
  path: LobbyPath;
  vendors: Vendor[];
  active?: string;
  tiles?: boolean;
}) {
  const imageUrl = useImageUrl();
  const { t } = useLingui();
  const chip = (selected: boolean) =>
    `flex items-center gap-2 rounded-xl border px-3 py-2 text-sm ${selected ? 'border-accent bg-accent/10 font-semibold' : 'border-line bg-raised hover:border-brand'}`;
  return (
    <nav aria-label={t`Providers`}>
      <ul
        className={
          tiles ? 'grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4' : 'flex gap-2 overflow-x-auto pb-2'
        }
      >
        {!tiles && (
          <li className="shrink-0">
            <Link
              to={path}
              search={withVendor(undefined)}
              activeOptions={EXACT}
              aria-current={!active ? 'page' : undefined}
              className={chip(!active)}
            >
              <Trans>All</Trans>
            </Link>
          </li>
        )}
        {vendors.map((v) => {
          const selected = v.vassalage === active;
          return (
            <li key={v.vassalage} className="shrink-0">
              <Link
                to={path}
                search={withVendor(selected ? undefined : v.vassalage)}
                activeOptions={EXACT}
                aria-current={selected ? 'page' : undefined}
                className={`${chip(selected)} ${tiles ? 'flex-col p-4' : ''}`}
              >
                <img
                  src={imageUrl(v.logoUrl)}
                  alt=""
                  className={tiles ? 'h-16 w-40' : 'h-6 w-14'}
                  loading="lazy"
                  decoding="async"
                />
                <span>{v.displayName}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
