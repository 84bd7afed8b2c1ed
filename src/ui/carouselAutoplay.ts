import type { KeenSliderPlugin } from 'keen-slider';

/** keen-slider's documented autoplay pattern: advance every `ms`, paused while hovered or focused. */
export const autoplay =
  (ms: number): KeenSliderPlugin =>
  (slider) => {
    let timeout: ReturnType<typeof setTimeout> | undefined;
    let paused = false;
    const next = () => {
      clearTimeout(timeout);
      if (!paused) timeout = setTimeout(() => slider.next(), ms);
    };
    const pause = (p: boolean) => () => {
      paused = p;
      next();
    };
    slider.on('created', () => {
      for (const [event, p] of [
        ['mouseover', true],
        ['mouseout', false],
        ['focusin', true],
        ['focusout', false],
      ] as const)
        slider.container.addEventListener(event, pause(p));
      next();
    });
    slider.on('dragStarted', () => clearTimeout(timeout));
    slider.on('animationEnded', next);
    slider.on('updated', next);
    slider.on('destroyed', () => clearTimeout(timeout));
  };
