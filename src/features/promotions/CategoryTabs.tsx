import { useLingui } from '@lingui/react/macro';
import { type KeyboardEvent, useRef } from 'react';
import type { PromotionCategory } from '../../../contract/promotions.ts';
import { usePromotionLabels } from './labels.ts';

export type Tab = PromotionCategory | 'ALL';

const STEP: Record<string, (i: number, n: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i + n - 1) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

/**
 * All, then the categories the server listed (spec §2 promotions by type). A tablist: one tab in the tab order,
 * arrows, Home and End move and select; `panelId` is the list the tabs control.
 */
export function CategoryTabs({
  categories,
  active,
  onSelect,
  idBase,
}: {
  categories: PromotionCategory[];
  active: Tab;
  onSelect: (tab: Tab) => void;
  idBase: string;
}) {
  const { t } = useLingui();
  const labels = usePromotionLabels();
  const tabs: { id: Tab; label: string }[] = [
    { id: 'ALL', label: t`All` },
    ...categories.map((c) => ({ id: c, label: labels.category[c] })),
  ];
  const refs = useRef(new Map<Tab, HTMLButtonElement>());
  const onKey = (e: KeyboardEvent) => {
    const step = STEP[e.key];
    if (!step) return;
    e.preventDefault();
    const next =
      tabs[
        step(
          Math.max(
            0,
            tabs.findIndex((x) => x.id === active),
          ),
          tabs.length,
        )
      ]!.id;
    onSelect(next);
    refs.current.get(next)?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={t`Promotion categories`}
      onKeyDown={onKey}
      className="flex overflow-x-auto border-b border-line"
    >
      {tabs.map((x) => (
        <button
          key={x.id}
          ref={(el) => {
            if (el) refs.current.set(x.id, el);
            else refs.current.delete(x.id);
          }}
          type="button"
          role="tab"
          id={`${idBase}-${x.id}`}
          aria-controls={`${idBase}-panel`}
          aria-selected={active === x.id}
          tabIndex={active === x.id ? 0 : -1}
          onClick={() => onSelect(x.id)}
          className={`-mb-px shrink-0 whitespace-nowrap border-b-2 px-4 py-2 text-sm font-semibold ${active === x.id ? 'border-brand text-ink' : 'border-transparent text-muted hover:text-ink'}`}
        >
          {x.label}
        </button>
      ))}
    </div>
  );
}
