import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Theme, theme } from '../../../contract/merchant.ts';
import { createMerchant } from '../../../contract/ops.ts';
import { serverField } from '../../ui/records/form.tsx';
import { opsCall } from '../api.ts';
import { merchantsKey, useOps } from '../session.ts';
import { FormEnd, FormPanel, InputField, listField, SelectField } from '../ui.tsx';

/** A new merchant: its code, name, domains, brand colours and theme, and whose catalogue it starts with. */
export function MerchantForm({ onClose, onDone }: { onClose: () => void; onDone: (code: string) => void }) {
  const { t } = useLingui();
  const { merchants, merchant } = useOps();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [domains, setDomains] = useState('');
  const [primary, setPrimary] = useState('#6142bf');
  const [accent, setAccent] = useState('#f5b301');
  const [defaultTheme, setDefaultTheme] = useState<Theme>('dark');
  const [copyCatalogueFrom, setCopyFrom] = useState(merchant.code);
  const create = useMutation({
    mutationFn: async () =>
      (
        await opsCall(createMerchant, {
          body: {
            code: code.trim().toUpperCase(),
            name,
            domains: domains.split(/[\s,]+/).filter(Boolean),
            primary,
            accent,
            defaultTheme,
            copyCatalogueFrom,
          },
        })
      ).value.merchantCode,
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: merchantsKey });
      onDone(created);
    },
  });
  const themeName: Record<Theme, string> = { dark: t`Dark`, light: t`Light` };
  const field = (key: string) => serverField(create.error, key);
  return (
    <FormPanel title=<Trans>New merchant</Trans> onSubmit={() => create.mutate()}>
      <InputField
        label={<Trans>Code</Trans>}
        autoCapitalize="characters"
        value={code}
        message={field('code')}
        onChange={(e) => setCode(e.target.value)}
      />
      <InputField
        label={<Trans>Name</Trans>}
        value={name}
        message={field('name')}
        onChange={(e) => setName(e.target.value)}
      />
      <InputField
        label={<Trans>Domains</Trans>}
        hint={<Trans>Separated by commas, e.g. jade.example.com</Trans>}
        value={domains}
        message={listField(create.error, 'domains')}
        onChange={(e) => setDomains(e.target.value)}
      />
      <SelectField
        label={<Trans>Copy the catalogue of</Trans>}
        value={copyCatalogueFrom}
        message={field('copyCatalogueFrom')}
        onChange={(e) => setCopyFrom(e.target.value)}
      >
        {merchants.map((m) => (
          <option key={m.code} value={m.code}>
            {m.code}
          </option>
        ))}
      </SelectField>
      <InputField
        label={<Trans>Primary colour</Trans>}
        type="color"
        value={primary}
        message={field('primary')}
        onChange={(e) => setPrimary(e.target.value)}
      />
      <InputField
        label={<Trans>Accent colour</Trans>}
        type="color"
        value={accent}
        message={field('accent')}
        onChange={(e) => setAccent(e.target.value)}
      />
      <SelectField
        label={<Trans>Default theme</Trans>}
        value={defaultTheme}
        onChange={(e) => setDefaultTheme(e.target.value as Theme)}
      >
        {theme.options.map((k) => (
          <option key={k} value={k}>
            {themeName[k]}
          </option>
        ))}
      </SelectField>
      <FormEnd
        error={create.error}
        pending={create.isPending}
        submit={<Trans>Add</Trans>}
        onCancel={onClose}
      />
    </FormPanel>
  );
}
