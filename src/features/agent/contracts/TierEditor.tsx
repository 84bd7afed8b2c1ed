import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { ContractPeriod } from '../../../../contract/agent.ts';
import type { NegotiationView } from '../../../../machines/contractNegotiation.connect.ts';
import type { TierField } from '../../../../machines/contractNegotiation.machine.ts';
import type { FlowError } from '../../../../machines/form.ts';
import { inputClass, primaryButton, secondaryButton, TextField } from '../../../ui/records/form.tsx';
import { FlowErrorLine } from './parts.tsx';
import { readTierField } from './readTier.ts';
import { TermsTable } from './TermsTable.tsx';
import { useDraftMessages, usePeriodNames } from './words.ts';

const PERIODS: ContractPeriod[] = ['D', 'W', 'H', 'M'];

/**
 * The upline's offer to one downline agent: tiers (add, remove, members, bet amount as money, rate as a percent),
 * the period of a dividend, the upline's own rates beside it as the ceiling, messages under each field.
 */
export function TierEditor({
  draft,
  error,
  account,
}: {
  draft: NegotiationView['draft'];
  error: FlowError | null;
  account: string;
}) {
  const { t } = useLingui();
  const messages = useDraftMessages();
  const periods = usePeriodNames();
  const id = useId();
  const labels: Record<TierField, string> = {
    activeMembers: t`Active members`,
    betAmount: t`Bet amount`,
    rate: t`Rate (%)`,
  };
  const listMessage = messages.list(draft.listProblem) ?? draft.listServerMessage ?? undefined;
  const periodMessage = messages.period(draft.periodProblem, draft.ownPeriod) ?? draft.periodServerMessage;
  return (
    <form
      aria-label={t`Offer to ${account}`}
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        draft.propose();
      }}
    >
      {draft.ceiling.length > 0 ? (
        <TermsTable
          caption={<Trans>Your own rates (the most you can offer)</Trans>}
          tiers={draft.ceiling}
          period={draft.ownPeriod}
        />
      ) : (
        <p className="text-sm text-muted">
          <Trans>You have no contract of this kind in force, so you cannot offer one.</Trans>
        </p>
      )}
      <fieldset
        className="flex flex-col gap-3"
        aria-describedby={listMessage ? `${id}-list` : undefined}
        aria-invalid={listMessage ? true : undefined}
      >
        <legend className="text-sm font-semibold">
          <Trans>Tiers</Trans>
        </legend>
        {draft.rows.map((row, i) => {
          const n = i + 1;
          return (
            <fieldset
              key={i}
              className="grid grid-cols-1 gap-2 rounded-lg border border-line p-3 sm:grid-cols-3"
            >
              <legend className="px-1 text-xs text-muted">
                <Trans>Tier {n}</Trans>
              </legend>
              {(['activeMembers', 'betAmount', 'rate'] as const).map((f) => {
                const problem = row.problems[f];
                return (
                  <TextField
                    key={f}
                    label={labels[f]}
                    value={row.text[f]}
                    inputMode={f === 'activeMembers' ? 'numeric' : 'decimal'}
                    autoComplete="off"
                    placeholder={f === 'activeMembers' ? '0' : '0.00'}
                    disabled={draft.sending}
                    message={problem ? messages.field(f, problem) : row.serverMessages[f]}
                    onChange={(e) => draft.changeTier(i, f, e.target.value, readTierField(f, e.target.value))}
                  />
                );
              })}
              <button
                type="button"
                className={`${secondaryButton} sm:col-span-3 sm:justify-self-end`}
                disabled={draft.sending}
                onClick={() => draft.removeTier(i)}
              >
                <Trans>Remove tier {n}</Trans>
              </button>
            </fieldset>
          );
        })}
        {listMessage && (
          <p id={`${id}-list`} className="text-sm text-danger">
            {listMessage}
          </p>
        )}
        <button
          type="button"
          className={`${secondaryButton} self-start`}
          disabled={!draft.canAddTier || draft.sending}
          onClick={draft.addTier}
        >
          <Trans>Add tier</Trans>
        </button>
      </fieldset>
      {draft.isDividend && (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-period`} className="text-sm font-medium">
            <Trans>Period</Trans>
          </label>
          <select
            id={`${id}-period`}
            className={inputClass}
            value={draft.period ?? ''}
            disabled={draft.sending}
            aria-invalid={periodMessage ? true : undefined}
            aria-describedby={periodMessage ? `${id}-period-error` : undefined}
            onChange={(e) => draft.changePeriod(e.target.value as ContractPeriod)}
          >
            {draft.period === null && <option value="">{t`Choose a period`}</option>}
            {PERIODS.map((p) => (
              <option key={p} value={p}>
                {periods[p]}
              </option>
            ))}
          </select>
          {periodMessage && (
            <p id={`${id}-period-error`} className="text-sm text-danger">
              {periodMessage}
            </p>
          )}
        </div>
      )}
      <FlowErrorLine error={error} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButton} aria-busy={draft.sending || undefined}>
          {draft.sending ? <Trans>Sending…</Trans> : <Trans>Send offer</Trans>}
        </button>
        {draft.canCancel && (
          <button type="button" className={secondaryButton} onClick={draft.cancel}>
            <Trans>Cancel</Trans>
          </button>
        )}
      </div>
    </form>
  );
}
