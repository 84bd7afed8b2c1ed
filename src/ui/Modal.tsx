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

/**
 * Generic modal (spec §2): close button, optional background, closes on click outside and Escape, can be dragged by
 * its title bar; page scroll is locked while open and restored on close; focus moves in and back out.
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

  useEffect(() => {
    if (!open) return;
    const before = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    panel.current?.querySelector<HTMLElement>('input, select, textarea, button:not([data-close])')?.focus();
    return () => {
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
    // biome-ignore lint/a11y/noStaticElementInteractions: clicking the backdrop is a pointer shortcut; keyboards have Escape and the close button
    <div
      role="presentation"
      className={`fixed inset-0 z-50 flex items-center justify-center p-3 ${backdrop ? 'bg-black/60' : ''}`}
      onPointerDown={(e) => dismissible && e.target === e.currentTarget && onClose()}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        // A modal stacked in another one answers Escape alone.
        e.stopPropagation();
        if (dismissible) onClose();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
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
