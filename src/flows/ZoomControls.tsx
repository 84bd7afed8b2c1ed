import { Trans, useLingui } from '@lingui/react/macro';
import { MAX_SCALE, MIN_SCALE, STEP } from './fit.ts';

const button = 'min-h-9 min-w-9 rounded-lg border border-line bg-raised px-3 py-1 disabled:opacity-40';

/** Zoom out, the scale, zoom in, and "fit" (the whole width, or the readable minimum when it is wider). */
export function ZoomControls({
  scale,
  onZoom,
  onFit,
}: {
  scale: number;
  onZoom: (factor: number) => void;
  onFit: () => void;
}) {
  const { t } = useLingui();
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">{t`Zoom`}</legend>
      <button
        type="button"
        className={button}
        onClick={() => onZoom(1 / STEP)}
        disabled={scale <= MIN_SCALE + 1e-6}
        aria-label={t`Zoom out`}
      >
        −
      </button>
      <output className="w-14 text-center tabular-nums" aria-label={t`Zoom level`}>
        {Math.round(scale * 100)}%
      </output>
      <button
        type="button"
        className={button}
        onClick={() => onZoom(STEP)}
        disabled={scale >= MAX_SCALE - 1e-6}
        aria-label={t`Zoom in`}
      >
        +
      </button>
      <button type="button" className={button} onClick={onFit}>
        <Trans>Fit to width</Trans>
      </button>
    </fieldset>
  );
}
