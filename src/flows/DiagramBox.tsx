import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Diagram } from './Diagram.tsx';
import { clampScale, fitScale, STEP, scrollKeeping } from './fit.ts';
import type { Box, Layout } from './layout.ts';
import { ZoomControls } from './ZoomControls.tsx';

type At = { x: number; y: number };

/**
 * The diagram in a box of the page's width: it opens fitted to that width, never below the readable minimum (a
 * wider diagram then scrolls within the box), and refits when the box changes size until the reader zooms. Zoom
 * with the buttons, Ctrl or ⌘ and the wheel (a trackpad's pinch), two fingers on a touch screen, or + − 0 on the
 * focused box; pan by scrolling, dragging with the mouse, or the arrow keys.
 */
export function DiagramBox({
  layout,
  active,
  name,
  title,
  describedBy,
  focus,
  className = 'max-h-[70vh]',
}: {
  layout: Layout;
  active: ReadonlySet<string>;
  /** The followed actor's current state: brought into view when it changes. */
  focus?: Box;
  name: string;
  title: string;
  describedBy: string;
  className?: string;
}) {
  const { t } = useLingui();
  const box = useRef<HTMLElement>(null);
  const [scale, setScale] = useState(() => fitScale(layout.width, 0));
  const zoomedByHand = useRef(false);
  const anchor = useRef<{ scroll: { left: number; top: number }; at: At; from: number } | null>(null);
  const scaleRef = useRef(scale);
  scaleRef.current = scale;

  // A diagram bigger than the box opens on its start: the root's initial state in the middle, near the top.
  const root = layout.states[0]?.state.id;
  const first = layout.states.find((s) => s.state.parent === root && s.state.initial)?.box;
  const start = first ? { x: first.x + first.width / 2, y: first.y } : { x: layout.width / 2, y: 0 };
  const centre = useRef<number | null>(null);
  const fit = useCallback(() => {
    const width = box.current?.clientWidth ?? 0;
    const next = fitScale(layout.width, width);
    centre.current = next;
    scaleRef.current = next;
    setScale(next);
  }, [layout.width]);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || centre.current === null) return;
    el.scrollLeft = Math.max(0, start.x * centre.current - el.clientWidth / 2);
    el.scrollTop = Math.max(0, start.y * centre.current - 48);
    centre.current = null;
  });

  const zoomTo = useCallback((next: number, at?: At) => {
    const el = box.current;
    const from = scaleRef.current;
    const to = clampScale(next);
    if (!el || to === from) return;
    zoomedByHand.current = true;
    anchor.current = {
      scroll: { left: el.scrollLeft, top: el.scrollTop },
      at: at ?? { x: el.clientWidth / 2, y: el.clientHeight / 2 },
      from,
    };
    scaleRef.current = to;
    setScale(to);
  }, []);

  // Fitted on opening and on every resize (a phone turned, the follow frame opened) until zoomed by hand.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    let width = el.clientWidth;
    const observer = new ResizeObserver(() => {
      if (el.clientWidth === width) return;
      width = el.clientWidth;
      if (!zoomedByHand.current) fit();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [fit]);

  // The point under the pointer (or the box's centre) stays put through a zoom.
  useLayoutEffect(() => {
    const el = box.current;
    const a = anchor.current;
    if (!el || !a) return;
    anchor.current = null;
    const next = scrollKeeping(a.scroll, a.at, a.from, scale);
    el.scrollLeft = next.left;
    el.scrollTop = next.top;
  }, [scale]);

  // The followed state moves into view (within the box; the page itself does not scroll).
  const fx = focus?.x;
  const fy = focus?.y;
  useEffect(() => {
    const el = box.current;
    if (!el || !focus) return;
    const s = scaleRef.current;
    const [left, top, right, bottom] = [
      focus.x * s,
      focus.y * s,
      (focus.x + focus.width) * s,
      (focus.y + focus.height) * s,
    ];
    const seen =
      left >= el.scrollLeft &&
      right <= el.scrollLeft + el.clientWidth &&
      top >= el.scrollTop &&
      bottom <= el.scrollTop + el.clientHeight;
    if (!seen)
      el.scrollTo?.({
        left: (left + right) / 2 - el.clientWidth / 2,
        top: (top + bottom) / 2 - el.clientHeight / 2,
        behavior: 'smooth',
      });
  }, [fx, fy]);

  // Wheel with Ctrl (a trackpad's pinch comes as one) and two-finger pinches zoom; they must be able to cancel the
  // browser's own page zoom, which React's passive listeners cannot.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const local = (x: number, y: number) => {
      const r = el.getBoundingClientRect();
      return { x: x - r.left, y: y - r.top };
    };
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey && !e.metaKey) return;
      e.preventDefault();
      zoomTo(scaleRef.current * Math.exp(-e.deltaY * 0.01), local(e.clientX, e.clientY));
    };
    let pinch: { distance: number; scale: number } | null = null;
    const spread = (e: TouchEvent) => {
      const [a, b] = [e.touches[0]!, e.touches[1]!];
      return {
        distance: Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY),
        at: local((a.clientX + b.clientX) / 2, (a.clientY + b.clientY) / 2),
      };
    };
    const onTouchStart = (e: TouchEvent) => {
      if (e.touches.length === 2) pinch = { distance: spread(e).distance, scale: scaleRef.current };
    };
    const onTouchMove = (e: TouchEvent) => {
      if (!pinch || e.touches.length !== 2) return;
      e.preventDefault();
      const { distance, at } = spread(e);
      if (pinch.distance > 0) zoomTo((pinch.scale * distance) / pinch.distance, at);
    };
    const onTouchEnd = (e: TouchEvent) => {
      if (e.touches.length < 2) pinch = null;
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    el.addEventListener('touchstart', onTouchStart, { passive: true });
    el.addEventListener('touchmove', onTouchMove, { passive: false });
    el.addEventListener('touchend', onTouchEnd);
    return () => {
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('touchstart', onTouchStart);
      el.removeEventListener('touchmove', onTouchMove);
      el.removeEventListener('touchend', onTouchEnd);
    };
  }, [zoomTo]);

  // Dragging with the mouse pans (a touch screen scrolls natively).
  const drag = useRef<{ x: number; y: number; left: number; top: number } | null>(null);

  return (
    <div className="flex min-w-0 flex-col gap-2">
      <ZoomControls
        scale={scale}
        onZoom={(factor) => zoomTo(scaleRef.current * factor)}
        onFit={() => {
          zoomedByHand.current = false;
          fit();
        }}
      />
      <section
        aria-label={t`Diagram of ${name}`}
        aria-describedby={`${describedBy}-keys`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the diagram scrolls and zooms, so keyboard users must reach it
        tabIndex={0}
        ref={box}
        data-scale={scale}
        className={`w-full min-w-0 cursor-grab select-none touch-pan-x touch-pan-y overflow-auto overscroll-contain rounded-xl border border-line bg-raised active:cursor-grabbing ${className}`}
        onKeyDown={(e) => {
          if (e.ctrlKey || e.metaKey || e.altKey) return;
          if (e.key === '+' || e.key === '=') zoomTo(scale * STEP);
          else if (e.key === '-' || e.key === '_') zoomTo(scale / STEP);
          else if (e.key === '0') {
            zoomedByHand.current = false;
            fit();
          } else return;
          e.preventDefault();
        }}
        onPointerDown={(e) => {
          if (e.pointerType !== 'mouse' || e.button !== 0) return;
          const el = e.currentTarget;
          drag.current = { x: e.clientX, y: e.clientY, left: el.scrollLeft, top: el.scrollTop };
        }}
        onPointerMove={(e) => {
          const d = drag.current;
          if (!d) return;
          e.currentTarget.scrollLeft = d.left - (e.clientX - d.x);
          e.currentTarget.scrollTop = d.top - (e.clientY - d.y);
        }}
        onPointerUp={() => {
          drag.current = null;
        }}
        onPointerLeave={() => {
          drag.current = null;
        }}
      >
        <Diagram layout={layout} active={active} zoom={scale} title={title} describedBy={describedBy} />
      </section>
      <p id={`${describedBy}-keys`} className="text-xs text-muted">
        <Trans>
          Drag or scroll to move around the diagram; pinch, Ctrl + wheel, or + and − to zoom; 0 fits it to the
          width.
        </Trans>
      </p>
    </div>
  );
}
