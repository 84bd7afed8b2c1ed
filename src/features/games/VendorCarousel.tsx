import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Vendor } from '../../../contract/games.ts';
import type { LobbyPath } from '../../domain/routesMap.ts';
import { Icon } from '../../ui/Icon.tsx';
import { useImageUrl } from '../../ui/imageUrl.ts';
import { slideSize, useLazyKeenSlider } from '../../ui/useLazyKeenSlider.ts';
import { EXACT, withVendor } from './vendorLink.ts';

/** Spec §2: 5 slides per view, spacing 5 in a lobby. */
const PER_VIEW = 5;
const SPACING = 5;

const entry =
  'flex h-full flex-col items-center justify-center gap-1 rounded-xl border px-1 py-2 text-center text-xs font-medium sm:text-sm';

/**
 * The vendor carousel of the slots lobby (spec §2): an "All" entry then every vendor, 5 per view, arrows only when
 * there are more than 5 entries. Entries are links (the URL holds the vendor filter); the active vendor's link
 * clears the filter. A slide that takes the keyboard focus is scrolled into view.
 */
export function VendorCarousel({
  path,
  vendors,
  active,
}: {
  path: LobbyPath;
  vendors: Vendor[];
  active?: string;
}) {
  const imageUrl = useImageUrl();
  const { t } = useLingui();
  const entries = vendors.length + 1;
  const arrows = entries > PER_VIEW;
  const [ref, , use] = useLazyKeenSlider<HTMLUListElement>({
    slides: { perView: PER_VIEW, spacing: SPACING },
  });
  const chip = (selected: boolean) =>
    `${entry} ${selected ? 'border-accent bg-accent/10 font-semibold' : 'border-line bg-raised hover:border-brand'}`;
  const arrow =
    'grid h-9 w-9 shrink-0 place-items-center rounded-full border border-line bg-raised hover:border-brand';
  return (
    // The slider is made at the first use: a pointer or the focus on the row, an arrow (useLazyKeenSlider).
    <nav
      aria-label={t`Providers`}
      className="flex items-center gap-1.5"
      onPointerOver={arrows ? () => use() : undefined}
      onTouchStart={arrows ? () => use() : undefined}
    >
      {arrows && (
        <button
          type="button"
          aria-label={t`Previous providers`}
          className={arrow}
          onClick={() => use((s) => s.prev())}
        >
          <Icon name="chevronLeft" className="h-4 w-4" />
        </button>
      )}
      <ul ref={ref} className="keen-slider min-w-0 flex-1">
        <li
          className="keen-slider__slide"
          style={slideSize(PER_VIEW, SPACING)}
          onFocus={() => use((s) => s.moveToIdx(0))}
        >
          <Link
            to={path}
            search={withVendor(undefined)}
            activeOptions={EXACT}
            aria-current={!active ? 'page' : undefined}
            className={chip(!active)}
          >
            <Icon name="gamepad" className="h-6 w-6" />
            {/* A long word ("All" in Tamil) breaks inside the chip rather than being cut by the slide. */}
            <span className="w-full break-words leading-tight">
              <Trans>All</Trans>
            </span>
          </Link>
        </li>
        {vendors.map((v, i) => {
          const selected = v.vassalage === active;
          return (
            <li
              key={v.vassalage}
              className="keen-slider__slide"
              style={slideSize(PER_VIEW, SPACING)}
              onFocus={() => use((s) => s.moveToIdx(Math.max(0, i + 1 - (PER_VIEW - 1))))}
            >
              <Link
                to={path}
                search={withVendor(selected ? undefined : v.vassalage)}
                activeOptions={EXACT}
                aria-current={selected ? 'page' : undefined}
                className={chip(selected)}
              >
                <img
                  src={imageUrl(v.logoUrl)}
                  alt=""
                  className="h-6 w-full max-w-14 object-contain"
                  loading="lazy"
                  decoding="async"
                />
                <span className="w-full truncate" title={v.displayName}>
                  {v.displayName}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      {arrows && (
        <button
          type="button"
          aria-label={t`Next providers`}
          className={arrow}
          onClick={() => use((s) => s.next())}
        >
          <Icon name="chevronRight" className="h-4 w-4" />
        </button>
      )}
    </nav>
  );
}
