import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import type { OpsMerchant } from '../../../contract/backoffice.ts';
import { featureFlag } from '../../../contract/merchant.ts';
import { createMerchant, updateMerchant } from '../../../contract/ops.ts';
import { CallError, Done, serverField } from '../../ui/records/form.tsx';
import { opsCall } from '../api.ts';
import { isoFromLocal, localFromIso } from '../format.ts';
import { merchantsKey, useMay, useOps } from '../session.ts';
import { InputField, listField, opsButton, opsPrimary, Panel, Switch } from '../ui.tsx';
import { MerchantForm } from './MerchantForm.tsx';
import { MerchantLanguages } from './MerchantLanguages.tsx';

type Change = z.input<typeof updateMerchant.body>;

/**
 * The picked merchant's switches (what `npm run ops` did): maintenance and its end, restricted countries, feature
 * flags; and a new merchant. Operators who may not change them see them read-only.
 */
export function Merchants() {
  const { t } = useLingui();
  const may = useMay();
  const { merchant } = useOps();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const editable = may(updateMerchant);
  const update = useMutation({
    mutationFn: async (change: Change) => {
      await opsCall(updateMerchant, { params: { code: merchant.code }, body: change });
      return change;
    },
    onSuccess: (change) => {
      // The switches show the new state at once; the list is read again behind them.
      queryClient.setQueryData<OpsMerchant[]>(merchantsKey, (list) =>
        list?.map((m) =>
          m.code === merchant.code ? { ...m, ...change, features: { ...m.features, ...change.features } } : m,
        ),
      );
      void queryClient.invalidateQueries({ queryKey: merchantsKey });
      setDone(t`${merchant.code} is saved.`);
    },
  });
  const change = (body: Change) => {
    setDone(null);
    update.mutate(body);
  };

  return (
    <>
      {done && <Done>{done}</Done>}
      {update.isError && <CallError error={update.error} />}
      <Maintenance
        merchant={merchant}
        editable={editable}
        pending={update.isPending}
        error={update.error}
        onSave={change}
      />
      <Countries
        merchant={merchant}
        editable={editable}
        pending={update.isPending}
        error={update.error}
        onSave={change}
      />
      <MerchantLanguages
        key={merchant.code}
        merchant={merchant}
        editable={editable}
        pending={update.isPending}
        error={update.error}
        onSave={change}
      />
      <Panel title={<Trans>Feature flags</Trans>}>
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {featureFlag.options
            // The languages panel sets it with the languages it lists.
            .filter((flag) => flag !== 'LANGUAGE_LIST')
            .map((flag) => (
              <li
                key={flag}
                className="flex items-center justify-between gap-2 rounded-md bg-surface px-2 py-1.5"
              >
                <span className="font-mono text-xs break-all">{flag}</span>
                <Switch
                  label={flag}
                  checked={merchant.features[flag] === true}
                  disabled={!editable || update.isPending}
                  onChange={(on) => change({ features: { [flag]: on } })}
                />
              </li>
            ))}
        </ul>
      </Panel>
      {may(createMerchant) &&
        (adding ? (
          <MerchantForm
            onClose={() => setAdding(false)}
            onDone={(code) => {
              setAdding(false);
              setDone(t`Merchant ${code} added.`);
            }}
          />
        ) : (
          <div>
            <button type="button" className={opsPrimary} onClick={() => setAdding(true)}>
              <Trans>Add merchant</Trans>
            </button>
          </div>
        ))}
    </>
  );
}

interface SectionProps {
  merchant: OpsMerchant;
  editable: boolean;
  pending: boolean;
  error: unknown;
  onSave: (change: Change) => void;
}

/** Maintenance on or off, with when it ends (empty: until switched off). */
function Maintenance({ merchant, editable, pending, error, onSave }: SectionProps) {
  const { t } = useLingui();
  const [on, setOn] = useState(merchant.maintenance);
  const [end, setEnd] = useState(localFromIso(merchant.maintenanceEnd));
  return (
    <Panel title={<Trans>Maintenance</Trans>}>
      <form
        noValidate
        className="grid items-end gap-2 sm:grid-cols-3"
        onSubmit={(e) => {
          e.preventDefault();
          onSave({ maintenance: on, maintenanceEnd: isoFromLocal(end) ?? null });
        }}
      >
        <div className="flex h-9 items-center gap-2">
          <Switch label={t`Maintenance`} checked={on} disabled={!editable} onChange={setOn} />
          <span aria-hidden="true">{on ? <Trans>On</Trans> : <Trans>Off</Trans>}</span>
        </div>
        <InputField
          label={<Trans>Ends (optional)</Trans>}
          type="datetime-local"
          disabled={!editable}
          value={end}
          message={serverField(error, 'maintenanceEnd')}
          onChange={(e) => setEnd(e.target.value)}
        />
        {editable && (
          <div>
            <button type="submit" className={opsButton} disabled={pending}>
              <Trans>Save maintenance</Trans>
            </button>
          </div>
        )}
      </form>
    </Panel>
  );
}

/** Countries whose visitors see the region page (2-letter ISO codes). */
function Countries({ merchant, editable, pending, error, onSave }: SectionProps) {
  const [typed, setTyped] = useState(merchant.restrictedCountries.join(', '));
  return (
    <Panel title={<Trans>Restricted countries</Trans>}>
      <form
        noValidate
        className="grid items-end gap-2 sm:grid-cols-[1fr_auto]"
        onSubmit={(e) => {
          e.preventDefault();
          onSave({
            restrictedCountries: typed
              .toUpperCase()
              .split(/[\s,]+/)
              .filter(Boolean),
          });
        }}
      >
        <InputField
          label={<Trans>Country codes</Trans>}
          hint={<Trans>Two letters each, separated by commas, e.g. US, SG. Empty: no restriction.</Trans>}
          disabled={!editable}
          value={typed}
          message={listField(error, 'restrictedCountries')}
          onChange={(e) => setTyped(e.target.value)}
        />
        {editable && (
          <div>
            <button type="submit" className={opsButton} disabled={pending}>
              <Trans>Save countries</Trans>
            </button>
          </div>
        )}
      </form>
    </Panel>
  );
}
