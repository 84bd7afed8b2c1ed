import { useEffect, useId, useState } from 'react';
import type { HelpItem } from '../../../contract/help.ts';
import { SafeHtml } from '../../ui/SafeHtml.tsx';

/** Help contents are operator HTML: give its headings, lists and links the page's look. */
const contentClass =
  'flex flex-col gap-2 text-sm leading-relaxed [&_a]:text-accent-ink [&_a]:underline [&_li]:mb-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5';

/** The element id of an item a link names (`/help#term` → `help-term`). */
export const anchorId = (anchor: string) => `help-${anchor}`;

/**
 * Help items as disclosures: each title is a button that shows or hides its content. `open` (an item's id) starts
 * expanded and is scrolled to, for links such as /help#term. `focus` moves focus to the open item, else the first:
 * the modal opens (and places focus) before its items arrive.
 */
export function HelpItems({
  items,
  open,
  focus = false,
}: {
  items: HelpItem[];
  open?: number;
  focus?: boolean;
}) {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(
    () => new Set(open === undefined ? [] : [open]),
  );
  const base = useId();
  const titleId = (id: number) => `${base}-${id}-title`;
  // Only when first shown: later toggles must not pull the view back (a new link remounts the list).
  useEffect(() => {
    const target = open ?? (focus ? items[0]?.id : undefined);
    if (target === undefined) return;
    const button = document.getElementById(titleId(target));
    if (focus) button?.focus();
    if (open !== undefined) button?.closest('li')?.scrollIntoView?.({ block: 'start' });
  }, []);
  const toggle = (id: number) =>
    setExpanded((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <ul className="flex flex-col gap-2">
      {items.map((item) => {
        const isOpen = expanded.has(item.id);
        const panel = `${base}-${item.id}`;
        return (
          <li
            key={item.id}
            id={item.anchor ? anchorId(item.anchor) : undefined}
            className="scroll-mt-4 rounded-xl border border-line bg-surface"
          >
            <h3>
              <button
                id={titleId(item.id)}
                type="button"
                aria-expanded={isOpen}
                aria-controls={panel}
                onClick={() => toggle(item.id)}
                className="flex min-h-11 w-full items-center gap-2 px-4 py-2 text-left font-semibold"
              >
                <span className="flex-1">{item.title}</span>
                <span aria-hidden="true" className={`transition-transform ${isOpen ? 'rotate-180' : ''}`}>
                  ▾
                </span>
              </button>
            </h3>
            <div id={panel} hidden={!isOpen} className="border-t border-line px-4 py-3">
              {isOpen && <SafeHtml html={item.content} className={contentClass} />}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
