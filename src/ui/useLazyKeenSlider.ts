import type { KeenSliderInstance, KeenSliderOptions, KeenSliderPlugin } from 'keen-slider';
import { type RefObject, useCallback, useEffect, useRef } from 'react';

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
 * keen-slider's `useKeenSlider`, with the slider's code loaded after the first render instead of with the page: the
 * slides render as plain markup (the first one in view), and the slider takes over the same elements once its chunk
 * is in. `slider.current` is null until then, as it is before mount with the original hook.
 */
export function useLazyKeenSlider<T extends HTMLElement>(
  options: KeenSliderOptions,
  plugins: KeenSliderPlugin[] = [],
): [(node: T | null) => void, RefObject<KeenSliderInstance | null>] {
  const slider = useRef<KeenSliderInstance | null>(null);
  const latest = useRef({ options, plugins });
  latest.current = { options, plugins };
  const applied = useRef(options);

  const ref = useCallback((node: T | null) => {
    slider.current?.destroy();
    slider.current = null;
    if (!node) return;
    let live = true;
    void import('keen-slider').then(({ default: KeenSlider }) => {
      if (!live || !node.isConnected) return;
      applied.current = latest.current.options;
      slider.current = new KeenSlider(node, latest.current.options, latest.current.plugins);
    });
    // A detach before the chunk came in: nothing to create.
    return () => {
      live = false;
      slider.current?.destroy();
      slider.current = null;
    };
  }, []);

  useEffect(() => {
    if (sameOptions(applied.current, options)) return;
    applied.current = options;
    slider.current?.update(options);
  });

  return [ref, slider];
}
