import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { opsPromotionEntries, opsPromotions } from '../../../contract/promotions.ts';
import { useMay } from '../session.ts';
import { Applications } from './Applications.tsx';
import { PromotionList } from './PromotionList.tsx';

type Tab = 'list' | 'applications';

/** The picked merchant's promotions, and the queue of applications to review. */
export function Promotions() {
  const { t } = useLingui();
  const may = useMay();
  const tabs = (['list', 'applications'] as const).filter((tab) =>
    may(tab === 'list' ? opsPromotions : opsPromotionEntries),
  );
  const [tab, setTab] = useState<Tab>(tabs[0] ?? 'list');
  const [promotionId, setPromotionId] = useState<number | undefined>();
  const names: Record<Tab, string> = { list: t`Promotions`, applications: t`Applications` };
  return (
    <>
      <fieldset className="flex gap-1 border-b border-line">
        <legend className="sr-only">{t`Promotion views`}</legend>
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={tab === name}
            className={`-mb-px border-b-2 px-3 py-1.5 text-sm ${tab === name ? 'border-brand font-semibold' : 'border-transparent text-muted'}`}
            onClick={() => setTab(name)}
          >
            {names[name]}
          </button>
        ))}
      </fieldset>
      <section aria-label={names[tab]} className="flex flex-col gap-3">
        {tab === 'list' ? (
          <PromotionList
            onReview={(id) => {
              setPromotionId(id);
              setTab('applications');
            }}
          />
        ) : (
          <Applications promotionId={promotionId} onPromotion={setPromotionId} />
        )}
      </section>
    </>
  );
}
