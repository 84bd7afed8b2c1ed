import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { vendorLanesQuery } from '../../api/queries.ts';
import { GAME_TYPE_PATH } from '../../domain/routesMap.ts';
import { GAME_TYPE_LABEL } from '../../i18n/labels.ts';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { VendorFilter } from './VendorFilter.tsx';

/** /providers: every vendor, by category; a vendor opens its category lobby filtered to it. */
export function Providers() {
  const { t, i18n } = useLingui();
  const lanes = useQuery(vendorLanesQuery());
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t`Providers`}</h1>
      {lanes.data ? (
        lanes.data.map((lane) => (
          <section
            key={lane.title}
            aria-labelledby={`providers-${lane.title}`}
            className="flex flex-col gap-2"
          >
            <h2 id={`providers-${lane.title}`} className="text-lg font-semibold">
              {i18n._(GAME_TYPE_LABEL[lane.title])}
            </h2>
            <VendorFilter path={GAME_TYPE_PATH[lane.title]} vendors={lane.cards} tiles />
          </section>
        ))
      ) : (
        <Skeleton className="h-64 w-full" />
      )}
    </div>
  );
}
