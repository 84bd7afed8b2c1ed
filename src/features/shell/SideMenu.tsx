import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { whitelabelQuery } from '../../api/queries.ts';
import { openCustomerService } from '../../domain/customerService.ts';
import { useCustomerService } from '../../session/useCustomerService.ts';
import { Icon } from '../../ui/Icon.tsx';
import { useClosingOnNavigation } from './useClosingOnNavigation.ts';

const round =
  'grid h-10 w-10 shrink-0 place-items-center rounded-full bg-brand text-white shadow-lg hover:brightness-110';

/**
 * Live chat, Facebook and Telegram support (spec §1), each with its name: the phone menu's rows, and the entries of
 * the desktop's support button.
 */
export function SupportLinks({ onChosen }: { onChosen?: () => void }) {
  const { t } = useLingui();
  const info = useQuery(whitelabelQuery());
  const cs = useCustomerService();
  if (!info.data) return null;
  const { facebook, telegram } = info.data.social;
  const row = 'flex items-center gap-3 rounded-md px-2 py-1.5 text-sm font-medium hover:bg-line/40';
  const icon = 'grid h-8 w-8 shrink-0 place-items-center rounded-full bg-brand text-white';
  return (
    <ul className="flex flex-col gap-1">
      {cs && (
        <li>
          <button
            type="button"
            className={`${row} w-full text-left`}
            onClick={() => {
              onChosen?.();
              openCustomerService(cs);
            }}
          >
            <span className={icon}>
              <Icon name="chat" className="h-4 w-4" />
            </span>
            {t`Live chat`}
          </button>
        </li>
      )}
      {(
        [
          ['facebook', facebook, t`Facebook support`],
          ['telegram', telegram, t`Telegram support`],
        ] as const
      ).map(([name, href, label]) => (
        <li key={name}>
          <a className={row} href={href} target="_blank" rel="noreferrer" onClick={onChosen}>
            <span className={icon}>
              <Icon name={name} className="h-4 w-4" />
            </span>
            {label}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The floating support button (desktop, from `lg`): one small round button in the corner that opens the support
 * entries, so the corner covers one button's worth of the page, not three. A phone has no gutter for it — anything
 * floating there covers a game tile or a form's button at some scroll position — so phones find support in the
 * header menu instead. Escape, a click elsewhere or a navigation closes the entries.
 */
export function SideMenu() {
  const { t } = useLingui();
  const [open, setOpen] = useClosingOnNavigation();
  const box = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, setOpen]);
  return (
    <aside
      ref={box}
      aria-label={t`Support`}
      className="fixed bottom-3 right-2 z-30 hidden flex-col items-end gap-2 lg:flex"
    >
      <div
        id="support-entries"
        hidden={!open}
        className="w-56 rounded-xl border border-line bg-raised p-2 text-ink shadow-xl"
      >
        <SupportLinks onChosen={() => setOpen(false)} />
      </div>
      <button
        ref={toggle}
        type="button"
        className={round}
        aria-expanded={open}
        aria-controls="support-entries"
        onClick={() => setOpen(!open)}
      >
        <Icon name={open ? 'close' : 'chat'} />
        <span className="sr-only">
          <Trans>Customer service</Trans>
        </span>
      </button>
    </aside>
  );
}
