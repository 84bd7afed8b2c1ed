import { type ReactNode, useEffect, useId, useRef } from 'react';

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
  /** Dim the page behind (spec §2: optional background). */
  backdrop?: boolean;
  /** Click outside closes (default true); forced flows turn it off. */
  dismissible?: boolean;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';
/** Where the focus starts: the first field, else the first action other than Close. */
const FIELD = 'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])';
const firstControl = (box: HTMLElement) =>
  box.querySelector<HTMLElement>(FIELD) ??
  box.querySelector<HTMLElement>('button:not([disabled]):not([data-close])');

const focusables = (box: HTMLElement) =>
  [...box.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);

/** Open panels, the last on top: only the top one keeps the focus (two modals can be open side by side). */
const stack: HTMLElement[] = [];

/**
 * Generic modal (spec §2): close button, optional background, closes on click outside and Escape, can be dragged by
 * its title bar; page scroll is locked while open and restored on close. Focus moves in (to the first field or
 * action, else the panel), Tab and Shift+Tab go round inside it, and it goes back to the opener on close.
 */
export function Modal({
  open,
  title,
  closeLabel,
  onClose,
  children,
  backdrop = true,
  dismissible = true,
}: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const offset = useRef({ x: 0, y: 0 });
  const latest = useRef({ onClose, dismissible });
  latest.current = { onClose, dismissible };

  useEffect(() => {
    const box = panel.current;
    if (!open || !box) return;
    const before = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    stack.push(box);
    const first = firstControl(box);
    const fallback = first ?? focusables(box)[0] ?? box;
    fallback.focus();
    // Content that comes after opening (a form behind a skeleton) takes the focus when it shows, unless the user
    // has moved it meanwhile.
    const late = first
      ? null
      : new MutationObserver(() => {
          const field = firstControl(box);
          if (!field) return;
          late?.disconnect();
          if (document.activeElement === fallback) field.focus();
        });
    late?.observe(box, { childList: true, subtree: true });
    // Focus that escapes anyway (a script) is brought back.
    const keepIn = (e: FocusEvent) => {
      if (stack.at(-1) === box && !box.contains(e.target as Node)) (focusables(box)[0] ?? box).focus();
    };
    // Keys are heard on the document: a control that vanished under the focus (a list replaced by what was picked
    // in it) leaves it on the page's body, and Escape and Tab must still work. Only the top modal answers.
    const onKey = (e: KeyboardEvent) => {
      if (stack.at(-1) !== box || e.defaultPrevented) return;
      if (e.key === 'Tab') trapTab(e, box);
      else if (e.key === 'Escape' && latest.current.dismissible) latest.current.onClose();
    };
    document.addEventListener('focusin', keepIn);
    document.addEventListener('keydown', onKey);
    return () => {
      late?.disconnect();
      document.removeEventListener('focusin', keepIn);
      document.removeEventListener('keydown', onKey);
      stack.splice(stack.indexOf(box), 1);
      document.body.style.overflow = overflow;
      before?.focus?.();
    };
  }, [open]);

  if (!open) return null;

  const drag = (e: React.PointerEvent) => {
    if ((e.target as HTMLElement).closest('button')) return;
    const start = { x: e.clientX - offset.current.x, y: e.clientY - offset.current.y };
    const move = (ev: PointerEvent) => {
      offset.current = { x: ev.clientX - start.x, y: ev.clientY - start.y };
      if (panel.current) panel.current.style.translate = `${offset.current.x}px ${offset.current.y}px`;
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };

  return (
    // Clicking the backdrop is a pointer shortcut; keyboards have Escape and the close button.
    <div
      role="presentation"
      className={`fixed inset-0 z-50 flex items-center justify-center p-3 ${backdrop ? 'bg-black/60' : ''}`}
      onPointerDown={(e) => dismissible && e.target === e.currentTarget && onClose()}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="max-h-[92vh] w-full max-w-md overflow-y-auto rounded-2xl border border-line bg-raised text-ink shadow-2xl"
      >
        <div
          className="flex cursor-move items-center gap-2 border-b border-line px-4 py-3"
          onPointerDown={drag}
        >
          <h2 id={titleId} className="flex-1 text-lg font-bold">
            {title}
          </h2>
          {dismissible && (
            <button
              type="button"
              data-close
              aria-label={closeLabel}
              onClick={onClose}
              className="grid h-8 w-8 place-items-center rounded-full hover:bg-line/50"
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        <div className="p-4">{children}</div>
      </div>
    </div>
  );
}

/** Tab from the last control goes to the first, Shift+Tab from the first (or the panel) to the last. */
function trapTab(e: KeyboardEvent, box: HTMLElement) {
  const items = focusables(box);
  const first = items[0];
  const last = items.at(-1);
  const at = document.activeElement;
  if (!first || !last) {
    e.preventDefault();
    box.focus();
  } else if (!box.contains(at)) {
    e.preventDefault();
    (e.shiftKey ? last : first).focus();
  } else if (e.shiftKey && (at === first || at === box)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && at === last) {
    e.preventDefault();
    first.focus();
  }
}
