import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { z } from 'zod';
import type { OpsMerchant } from '../../../contract/backoffice.ts';
import type { TyLanguage } from '../../../contract/merchant.ts';
import type { updateMerchant } from '../../../contract/ops.ts';
import { LOCALES } from '../../i18n/i18n.ts';
import { serverField } from '../../ui/records/form.tsx';
import { languageName } from '../languageNames.ts';
import { listField, opsButton, Panel, SelectField, Switch } from '../ui.tsx';

/** Every catalogue besides English, in the shipped order. */
const OTHERS = LOCALES.filter((l): l is TyLanguage => l !== 'en');

/**
 * The languages a merchant offers besides English, the one its TY entry speaks (one of them: the server refuses
 * another) and whether the switch lists them all (LANGUAGE_LIST) instead of EN and TY. Saved together, so the three
 * never disagree between two saves.
 */
export function MerchantLanguages({
  merchant,
  editable,
  pending,
  error,
  onSave,
}: {
  merchant: OpsMerchant;
  editable: boolean;
  pending: boolean;
  error: unknown;
  onSave: (change: z.input<typeof updateMerchant.body>) => void;
}) {
  const { t, i18n } = useLingui();
  const [offered, setOffered] = useState<TyLanguage[]>(merchant.languages);
  const [ty, setTy] = useState<TyLanguage | ''>(merchant.tyLanguage);
  const [list, setList] = useState(merchant.features.LANGUAGE_LIST === true);
  const legend = useId();
  const listMessage = listField(error, 'languages');
  const toggle = (code: TyLanguage, on: boolean) =>
    setOffered((was) =>
      on ? OTHERS.filter((l) => l === code || was.includes(l)) : was.filter((l) => l !== code),
    );
  return (
    <Panel title={<Trans>Languages</Trans>}>
      <form
        noValidate
        className="grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          onSave({
            languages: offered,
            ...(ty && offered.includes(ty) ? { tyLanguage: ty } : {}),
            features: { LANGUAGE_LIST: list },
          });
        }}
      >
        <fieldset
          className="grid gap-1"
          aria-describedby={listMessage ? `${legend}-error` : undefined}
          aria-invalid={listMessage ? true : undefined}
        >
          <legend className="text-xs font-medium text-muted">
            <Trans>Languages offered besides English</Trans>
          </legend>
          <ul className="grid grid-cols-2 gap-1 sm:grid-cols-3 lg:grid-cols-4">
            {OTHERS.map((code) => (
              <li key={code}>
                <label className="flex min-h-9 items-center gap-2 rounded-md bg-surface px-2 text-sm">
                  <input
                    type="checkbox"
                    checked={offered.includes(code)}
                    disabled={!editable}
                    onChange={(e) => toggle(code, e.target.checked)}
                  />
                  <span lang={i18n.locale}>{languageName(code, i18n.locale)}</span>
                </label>
              </li>
            ))}
          </ul>
          {listMessage && (
            <p id={`${legend}-error`} className="text-xs text-danger">
              {listMessage}
            </p>
          )}
        </fieldset>
        <div className="grid items-end gap-3 sm:grid-cols-2">
          <SelectField
            label={<Trans>The TY entry speaks</Trans>}
            value={ty && offered.includes(ty) ? ty : ''}
            disabled={!editable}
            message={serverField(error, 'tyLanguage')}
            onChange={(e) => setTy(e.target.value as TyLanguage)}
          >
            <option value="" disabled>
              {t`Choose one of the languages offered`}
            </option>
            {offered.map((code) => (
              <option key={code} value={code}>
                {languageName(code, i18n.locale)}
              </option>
            ))}
          </SelectField>
          <div className="flex h-9 items-center gap-2">
            <Switch
              label={t`List every language offered in the switch`}
              checked={list}
              disabled={!editable}
              onChange={setList}
            />
            <span aria-hidden="true" className="text-sm">
              <Trans>List every language offered in the switch</Trans>
            </span>
          </div>
        </div>
        <p className="text-xs text-muted">
          <Trans>
            Off: the switch offers EN and TY. A player’s saved language that is not offered gives way to
            English.
          </Trans>
        </p>
        {editable && (
          <div>
            <button type="submit" className={opsButton} disabled={pending}>
              <Trans>Save languages</Trans>
            </button>
          </div>
        )}
      </form>
    </Panel>
  );
}
