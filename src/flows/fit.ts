import { SMALLEST_FONT } from './layout.ts';

/** The smallest text a diagram may show, in CSS pixels: below it labels are unreadable (a 35 % "fit" showed 4 px). */
export const READABLE_PX = 11;
/** No zoom goes below the scale where the diagram's smallest text is READABLE_PX. */
export const MIN_SCALE = READABLE_PX / SMALLEST_FONT;
export const MAX_SCALE = 2.5;
/** A small diagram on a wide screen is not blown up past this when fitted. */
export const FIT_MAX = 1.25;
/** One press of "+" or "−", one notch of the keyboard's zoom. */
export const STEP = 1.25;

export const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

/**
 * The scale a diagram opens at: its whole width in the box when that keeps its text readable, else the readable
 * minimum (the box then scrolls sideways).
 */
export function fitScale(diagramWidth: number, boxWidth: number): number {
  if (!(diagramWidth > 0) || !(boxWidth > 0)) return 1;
  return Math.max(MIN_SCALE, Math.min(FIT_MAX, boxWidth / diagramWidth));
}

/**
 * The box's scroll position after a zoom from `from` to `to` that keeps the diagram's point under `at` (a point
 * of the box: the pointer, the pinch's middle, or the box's centre) where it is.
 */
export function scrollKeeping(
  scroll: { left: number; top: number },
  at: { x: number; y: number },
  from: number,
  to: number,
): { left: number; top: number } {
  const k = to / from;
  return {
    left: Math.max(0, (scroll.left + at.x) * k - at.x),
    top: Math.max(0, (scroll.top + at.y) * k - at.y),
  };
}
