import { type ReactNode, useEffect, useState } from 'react';
import { slideSize, useLazyKeenSlider } from './useLazyKeenSlider.ts';

export interface CarouselProps {
  label: string;
  slides: ReactNode[];
  /** Autoplay period in ms; autoplay and looping happen only with several slides. */
  autoplayMs?: number;
  spacing?: number;
  perView?: number;
  pagination?: boolean;
  slideLabel: (index: number, total: number) => string;
}

export function Carousel({
  label,
  slides,
  autoplayMs,
  spacing = 0,
  perView = 1,
  pagination,
  slideLabel,
}: CarouselProps) {
  const [current, setCurrent] = useState(0);
  const several = slides.length > perView;
  const [ref, slider, use] = useLazyKeenSlider<HTMLDivElement>(
    {
      loop: several,
      slides: { perView, spacing },
      slideChanged: (s) => setCurrent(s.track.details.rel),
    },
    // Autoplay's code comes with the slider's.
    several && autoplayMs
      ? () => import('./carouselAutoplay.ts').then((m) => [m.autoplay(autoplayMs)])
      : undefined,
  );
  // The slider is made at the carousel's first use (useLazyKeenSlider): a pointer or the focus on it, a dot, or
  // autoplay's first turn, which the slider's own autoplay then carries on.
  useEffect(() => {
    if (!several || !autoplayMs) return;
    // Once made (a pointer came first), the slider's autoplay has the turns.
    const turn = setTimeout(() => slider.current ?? use((s) => s.next()), autoplayMs);
    return () => clearTimeout(turn);
  }, [several, autoplayMs, use, slider]);
  const start = several ? () => use() : undefined;
  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className="relative"
      onPointerOver={start}
      onTouchStart={start}
      onFocus={start}
    >
      <div ref={ref} className="keen-slider">
        {slides.map((slide, i) => (
          // biome-ignore lint/a11y/useSemanticElements: WAI-ARIA carousel pattern: a slide is a group
          <div
            key={i}
            className="keen-slider__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={slideLabel(i, slides.length)}
            style={slideSize(perView, spacing)}
          >
            {slide}
          </div>
        ))}
      </div>
      {pagination && several && (
        <div className="mt-2 flex justify-center gap-3">
          {slides.map((_, i) => (
            <button
              key={i}
              type="button"
              aria-label={slideLabel(i, slides.length)}
              aria-current={current === i}
              onClick={() => use((s) => s.moveToIdx(i))}
              className={`h-2.5 rounded-full transition-all ${current === i ? 'w-6 bg-accent' : 'w-2.5 bg-muted/50'}`}
            />
          ))}
        </div>
      )}
    </section>
  );
}
