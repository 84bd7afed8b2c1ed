import { Trans, useLingui } from '@lingui/react/macro';

export const ZOOMS = [0.25, 0.35, 0.5, 0.65, 0.8, 1, 1.25, 1.5, 2];

const button = 'rounded-lg border border-line bg-raised px-3 py-1 disabled:opacity-40';

/** Zoom steps for the diagram; "fit" picks the largest step that shows its whole width (a phone's screen). */
export function ZoomControls({
  zoom,
  onZoom,
  fit,
}: {
  zoom: number;
  onZoom: (step: number) => void;
  fit: () => number | null;
}) {
  const { t } = useLingui();
  return (
    <fieldset className="flex items-center gap-2">
      <legend className="sr-only">{t`Zoom`}</legend>
      <button
        type="button"
        className={button}
        onClick={() => onZoom(zoom - 1)}
        disabled={zoom === 0}
        aria-label={t`Zoom out`}
      >
        −
      </button>
      <output className="w-14 text-center tabular-nums">{Math.round(ZOOMS[zoom]! * 100)}%</output>
      <button
        type="button"
        className={button}
        onClick={() => onZoom(zoom + 1)}
        disabled={zoom === ZOOMS.length - 1}
        aria-label={t`Zoom in`}
      >
        +
      </button>
      <button
        type="button"
        className={button}
        onClick={() => {
          const scale = fit();
          if (scale === null) return;
          const step = ZOOMS.findLastIndex((z) => z <= scale);
          onZoom(Math.max(0, step));
        }}
      >
        <Trans>Fit to width</Trans>
      </button>
    </fieldset>
  );
}
