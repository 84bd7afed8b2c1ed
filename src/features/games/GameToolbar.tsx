import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import { useMoney } from '../../ui/records/useMoney.ts';

/** The minimum-bet filter's choices in minor units (the catalogue's minimum bets run from 1 to 20). */
export const MIN_BET_CHOICES = [100, 200, 500, 1000, 2000] as const;

const toggle =
  'inline-flex h-10 shrink-0 items-center gap-1.5 rounded-full border px-3 text-sm font-medium aria-pressed:border-brand aria-pressed:bg-brand aria-pressed:text-white aria-expanded:border-brand';

/**
 * The game toolbar of a lobby (spec §2): a filter toggle (slots only) that shows or hides the filters, the recent
 * toggle, the minimum-bet filter (the lobby query's `minBet`, spec §3: games one can join with at most that stake;
 * amounts in the merchant's currency) and the game-name search. What is typed is the view's until it is submitted; it follows the list's name
 * when that changes (a path change clears it, the machine trims it).
 */
export function GameToolbar({
  filter,
  recent,
  onRecentToggle,
  gameName,
  onSearch,
  minBet,
  onMinBet,
}: {
  /** Slots: the filter toggle and the id of the filters it shows or hides. */
  filter?: { open: boolean; controls: string; onToggle: () => void };
  recent: boolean;
  onRecentToggle: () => void;
  gameName: string;
  onSearch: (gameName: string) => void;
  /** The minimum-bet filter (minor units), null for any. */
  minBet: number | null;
  onMinBet: (minBet: number | null) => void;
}) {
  const { t } = useLingui();
  const money = useMoney({ member: false });
  const inputId = useId();
  const betId = useId();
  const [text, setText] = useState(gameName);
  useEffect(() => setText(gameName), [gameName]);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {filter && (
        <button
          type="button"
          aria-expanded={filter.open}
          aria-controls={filter.controls}
          onClick={filter.onToggle}
          className={`${toggle} border-line bg-raised`}
        >
          <Icon name="filter" className="h-4 w-4" />
          <Trans>Filter</Trans>
        </button>
      )}
      <button
        type="button"
        aria-pressed={recent}
        onClick={onRecentToggle}
        className={`${toggle} border-line bg-raised`}
      >
        <Icon name="clock" className="h-4 w-4" />
        <Trans>Recent</Trans>
      </button>
      <label htmlFor={betId} className="sr-only">
        {t`Minimum bet`}
      </label>
      <select
        id={betId}
        value={minBet ?? ''}
        onChange={(e) => onMinBet(e.target.value === '' ? null : Number(e.target.value))}
        className={`${toggle} border-line bg-raised`}
      >
        <option value="">{t`Any minimum bet`}</option>
        {MIN_BET_CHOICES.map((minor) => {
          const amount = money.format(minor);
          return (
            <option key={minor} value={minor}>
              {t`Minimum bet up to ${amount}`}
            </option>
          );
        })}
      </select>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is unknown to older browsers (and to jsdom) */}
      <form
        role="search"
        aria-label={t`Search games`}
        className="flex min-w-0 flex-1 basis-56 items-center gap-1 rounded-full border border-line bg-raised pl-3"
        onSubmit={(e) => {
          e.preventDefault();
          onSearch(text);
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          {t`Game name`}
        </label>
        <input
          id={inputId}
          type="search"
          value={text}
          maxLength={60}
          placeholder={t`Game name`}
          onChange={(e) => setText(e.target.value)}
          className="h-10 min-w-0 flex-1 bg-transparent text-sm"
        />
        <button
          type="submit"
          aria-label={t`Search`}
          className="grid h-10 w-10 shrink-0 place-items-center rounded-full text-muted hover:text-ink"
        >
          <Icon name="search" className="h-5 w-5" />
        </button>
      </form>
    </div>
  );
}
