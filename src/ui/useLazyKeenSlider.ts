import type { KeenSliderInstance, KeenSliderOptions, KeenSliderPlugin } from 'keen-slider';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/** Options compared as keen-slider's React hook does: by value, callbacks aside (the latest ones are used). */
const sameOptions = (a: KeenSliderOptions, b: KeenSliderOptions) =>
  JSON.stringify(a, (_, v) => (typeof v === 'function' ? undefined : v)) ===
  JSON.stringify(b, (_, v) => (typeof v === 'function' ? undefined : v));

/**
 * A slide's width before the slider has measured it (the width it then sets), so that the first render is laid out as
 * the slider will lay it out: the first `perView` slides in view, the others beyond the edge.
 */
export const slideSize = (perView: number, spacing: number) => {
  const width = `calc((100% - ${spacing * (perView - 1)}px) / ${perView})`;
  return { minWidth: width, maxWidth: width };
};

/**
 * keen-slider's `useKeenSlider`, with the slider's code loaded and the slider made at the carousel's first use
 * (`use`: a pointer or the focus on it, a button, autoplay's first turn) instead of with the page: the slides render as
 * plain markup (the first ones in view), and the slider takes over the same elements then. Making it measures every
 * slide, a long task on a phone that no first screen needs. `slider.current` is null until then, as it is before mount
 * with the original hook; `use(then)` runs `then` on the slider once it is made (at once if it is).
 */
export function useLazyKeenSlider<T extends HTMLElement>(
  options: KeenSliderOptions,
  /** The slider's plugins, loaded with it (their code is not the first page's either). */
  plugins?: () => Promise<KeenSliderPlugin[]>,
): [
  (node: T | null) => void,
  RefObject<KeenSliderInstance | null>,
  (then?: (slider: KeenSliderInstance) => void) => void,
] {
  const slider = useRef<KeenSliderInstance | null>(null);
  const latest = useRef({ options, plugins });
  latest.current = { options, plugins };
  const applied = useRef(options);
  const [node, setNode] = useState<T | null>(null);
  const [live, setLive] = useState(false);
  /** What the first use asked of the slider, done once it is made. */
  const pending = useRef<((slider: KeenSliderInstance) => void) | undefined>(undefined);

  useEffect(() => {
    if (!node || !live) return;
    let mounted = true;
    void Promise.all([import('keen-slider'), latest.current.plugins?.() ?? []]).then(
      ([{ default: KeenSlider }, ps]) => {
        if (!mounted || !node.isConnected) return;
        applied.current = latest.current.options;
        slider.current = new KeenSlider(node, latest.current.options, ps);
        pending.current?.(slider.current);
        pending.current = undefined;
      },
    );
    // A detach before the chunk came in: nothing to create.
    return () => {
      mounted = false;
      slider.current?.destroy();
      slider.current = null;
    };
  }, [node, live]);

  useEffect(() => {
    if (sameOptions(applied.current, options)) return;
    applied.current = options;
    slider.current?.update(options);
  });

  const use = useCallback((then?: (slider: KeenSliderInstance) => void) => {
    if (slider.current) then?.(slider.current);
    else {
      if (then) pending.current = then;
      setLive(true);
    }
  }, []);

  return [setNode, slider, use];
}
