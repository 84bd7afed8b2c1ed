import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { formatAmount } from '../../i18n/format.ts';

/** The offered bets: a native select (keyboard and screen-reader friendly) with a step down and up beside it. */
export function BetSelector({
  steps,
  value,
  onChange,
  sign,
  disabled,
}: {
  steps: number[];
  value: number;
  onChange: (bet: number) => void;
  sign: string;
  disabled: boolean;
}) {
  const { t, i18n } = useLingui();
  const at = steps.indexOf(value);
  const button =
    'h-10 w-10 shrink-0 rounded-full border border-line bg-raised text-lg font-bold hover:border-brand disabled:opacity-40';
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="bet" className="text-sm text-muted">
        {t`Bet`}
      </label>
      <button
        type="button"
        className={button}
        aria-label={t`Lower bet`}
        disabled={disabled || at <= 0}
        onClick={() => onChange(steps[at - 1]!)}
      >
        −
      </button>
      <select
        id="bet"
        className="h-10 min-w-0 flex-1 rounded-lg border border-line bg-raised px-2 tabular-nums"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {steps.map((s) => (
          <option key={s} value={s}>
            {formatAmount(s, sign, i18n.locale)}
          </option>
        ))}
      </select>
      <button
        type="button"
        className={button}
        aria-label={t`Raise bet`}
        disabled={disabled || at >= steps.length - 1}
        onClick={() => onChange(steps[at + 1]!)}
      >
        +
      </button>
    </div>
  );
}

/** The row under a table: the bet, and the button that plays it (`children`, its label). */
export function BetAndPlay({
  steps,
  value,
  onChange,
  sign,
  betLocked,
  playLocked,
  onPlay,
  children,
}: {
  steps: number[];
  value: number;
  onChange: (bet: number) => void;
  sign: string;
  betLocked: boolean;
  playLocked: boolean;
  onPlay: () => void;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center gap-3">
      <div className="min-w-0 flex-1">
        <BetSelector steps={steps} value={value} onChange={onChange} sign={sign} disabled={betLocked} />
      </div>
      <button
        type="button"
        className="h-12 w-28 shrink-0 rounded-full bg-brand text-lg font-bold text-white shadow disabled:opacity-60 sm:w-40"
        disabled={playLocked}
        onClick={onPlay}
      >
        {children}
      </button>
    </div>
  );
}
