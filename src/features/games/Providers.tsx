import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { VendorLane } from '../../../contract/games.ts';
import { vendorLanesQuery } from '../../api/queries.ts';
import { GAME_TYPE_PATH } from '../../domain/routesMap.ts';
import { GAME_TYPE_LABEL } from '../../i18n/labels.ts';
import { useImageUrl } from '../../ui/imageUrl.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';

function Category({ lane }: { lane: VendorLane }) {
  const imageUrl = useImageUrl();
  const { i18n, t } = useLingui();
  const title = i18n._(GAME_TYPE_LABEL[lane.title]);
  const to = GAME_TYPE_PATH[lane.title];
  const headingId = `providers-${lane.title}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        <Link to={to} aria-label={t`All ${title}`} className="text-sm font-semibold text-accent-ink">
          <Trans>All</Trans>
        </Link>
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {lane.cards.map((v) => (
          <li key={v.vassalage}>
            <Link
              to={to}
              search={{ vendor: v.vassalage }}
              className="flex h-full flex-col items-center gap-2 rounded-xl border border-line bg-raised p-3 text-center hover:border-brand"
            >
              <img
                src={imageUrl(v.logoUrl)}
                alt=""
                className="h-12 w-full max-w-28 object-contain"
                loading="lazy"
                decoding="async"
              />
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

/** /providers: every vendor by category; a vendor opens its category lobby filtered to it. */
export function Providers() {
  const { t } = useLingui();
  const lanes = useQuery(vendorLanesQuery());
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t`Providers`}</h1>
      {lanes.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 rounded-2xl bg-raised p-8 text-center">
          <p>{t`Network abnormal, please try again.`}</p>
          <button
            type="button"
            className="h-10 rounded-full bg-brand px-5 text-sm font-semibold text-white"
            onClick={() => void lanes.refetch()}
          >
            <Trans>Retry</Trans>
          </button>
        </div>
      ) : lanes.data ? (
        lanes.data
          .filter((lane) => lane.cards.length > 0)
          .map((lane) => <Category key={lane.title} lane={lane} />)
      ) : (
        <Skeleton className="h-64 w-full" />
      )}
    </div>
  );
}
