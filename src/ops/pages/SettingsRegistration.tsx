import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { RegisterFieldRule } from '../../../contract/auth.ts';
import type { OpsSettings } from '../../../contract/merchantSettings.ts';
import { PATTERNS } from '../../../contract/registerRules.ts';
import { Done, LoadError } from '../../ui/records/form.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { cell, FormEnd, listField, opsInlineInput, Panel, row, SelectField } from '../ui.tsx';
import { useSaveSettings, useSettings } from './settingsQuery.ts';

type AgeLimit = OpsSettings['ageLimit'];

/** The registration form's fields (shown, required, length, pattern) and the minimum age, as players register. */
export function SettingsRegistration() {
  const settings = useSettings();
  if (settings.isError) return <LoadError error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <Skeleton className="h-48 w-full" />;
  return <RegistrationForm key={settings.data.code} settings={settings.data} />;
}

function RegistrationForm({ settings }: { settings: OpsSettings }) {
  const { t } = useLingui();
  const { save, saved, editable } = useSaveSettings();
  const [rules, setRules] = useState<RegisterFieldRule[]>(settings.registerFields);
  const [ageLimit, setAgeLimit] = useState<AgeLimit>(settings.ageLimit);
  const error = save.variables?.section === 'registration' ? save.error : null;
  const change = (i: number, patch: Partial<RegisterFieldRule>) =>
    setRules((all) => all.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ section: 'registration', patch: { registerFields: rules, ageLimit } });
      }}
    >
      {saved === 'registration' && (
        <Done>
          <Trans>The registration rules are saved. The register page uses them from its next visit.</Trans>
        </Done>
      )}
      <Panel title={<Trans>Minimum age</Trans>}>
        <div className="max-w-xs">
          <SelectField
            label={<Trans>Players must be at least</Trans>}
            value={String(ageLimit)}
            disabled={!editable}
            message={listField(error, 'ageLimit')}
            onChange={(e) => setAgeLimit(e.target.value === '21' ? 21 : 18)}
          >
            <option value="18">{t`18 years old`}</option>
            <option value="21">{t`21 years old`}</option>
          </SelectField>
        </div>
      </Panel>
      <Panel title={<Trans>Registration fields</Trans>}>
        {/* Seven columns do not fit 375 px: the table scrolls on its own. */}
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-sm">
            <thead>
              <tr className={`${row} text-left text-xs text-muted`}>
                <th className={cell}>
                  <Trans>Field</Trans>
                </th>
                <th className={cell}>
                  <Trans>Shown</Trans>
                </th>
                <th className={cell}>
                  <Trans>Required</Trans>
                </th>
                <th className={cell}>
                  <Trans>Min. length</Trans>
                </th>
                <th className={cell}>
                  <Trans>Max. length</Trans>
                </th>
                <th className={cell}>
                  <Trans>Pattern</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {rules.map((r, i) => (
                <RuleRow
                  key={r.field}
                  rule={r}
                  editable={editable}
                  message={listField(error, `registerFields.${i}`)}
                  onChange={(patch) => change(i, patch)}
                />
              ))}
            </tbody>
          </table>
        </div>
        <p className="text-xs text-muted">
          <Trans>The username and password stay shown and required: without them no one can register.</Trans>
        </p>
      </Panel>
      {editable && (
        <FormEnd error={error} pending={save.isPending} submit={<Trans>Save registration rules</Trans>} />
      )}
    </form>
  );
}

function RuleRow({
  rule,
  editable,
  message,
  onChange,
}: {
  rule: RegisterFieldRule;
  editable: boolean;
  message: string | undefined;
  onChange: (patch: Partial<RegisterFieldRule>) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const wiring = message ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
  const length = (value: string) => Math.max(0, Math.trunc(Number(value) || 0));
  const field = rule.field;
  return (
    <tr className={row}>
      <td className={`${cell} font-mono text-xs`}>
        {field}
        {message && (
          <p id={`${id}-error`} className="font-sans text-danger">
            {message}
          </p>
        )}
      </td>
      <td className={cell}>
        <input
          type="checkbox"
          aria-label={t`Show ${field}`}
          checked={rule.enabled}
          disabled={!editable}
          onChange={(e) => onChange({ enabled: e.target.checked })}
          {...wiring}
        />
      </td>
      <td className={cell}>
        <input
          type="checkbox"
          aria-label={t`Require ${field}`}
          checked={rule.required}
          disabled={!editable}
          onChange={(e) => onChange({ required: e.target.checked })}
        />
      </td>
      <td className={cell}>
        <input
          type="number"
          className={`${opsInlineInput} w-20`}
          aria-label={t`Minimum length of ${field}`}
          min={0}
          value={rule.minLength}
          disabled={!editable}
          onChange={(e) => onChange({ minLength: length(e.target.value) })}
          {...wiring}
        />
      </td>
      <td className={cell}>
        <input
          type="number"
          className={`${opsInlineInput} w-20`}
          aria-label={t`Maximum length of ${field}`}
          min={1}
          value={rule.maxLength}
          disabled={!editable}
          onChange={(e) => onChange({ maxLength: length(e.target.value) })}
          {...wiring}
        />
      </td>
      <td className={cell}>
        <select
          className={`${opsInlineInput} w-44`}
          aria-label={t`Pattern of ${field}`}
          value={rule.patternId}
          disabled={!editable}
          onChange={(e) => {
            const patternId = Number(e.target.value);
            onChange({ patternId, acceptedPattern: PATTERNS[patternId] ?? '*' });
          }}
        >
          {Object.entries(PATTERNS).map(([id, pattern]) => (
            <option key={id} value={id}>
              {id === '0' ? t`Any text` : `${id}: ${pattern}`}
            </option>
          ))}
        </select>
      </td>
    </tr>
  );
}
