import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Theme, theme } from '../../../contract/merchant.ts';
import { type OpsSettings, opsAddDomain, opsRemoveDomain } from '../../../contract/merchantSettings.ts';
import { CallError, Done, LoadError, serverField } from '../../ui/records/form.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { opsCall } from '../api.ts';
import { merchantsKey, useMay, useOps } from '../session.ts';
import { cell, FormEnd, FormPanel, InputField, opsButton, Panel, row, SelectField } from '../ui.tsx';
import { settingsKey, useSaveSettings, useSettings } from './settingsQuery.ts';

/**
 * The picked merchant's brand (name, colours, default theme; the currency and pictures read-only) and the domains it
 * is served on. Players see a change from their next request.
 */
export function Brand() {
  const settings = useSettings();
  if (settings.isError) return <LoadError error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <Skeleton className="h-48 w-full" />;
  return (
    <div className="flex flex-col gap-3">
      <BrandForm key={settings.data.code} settings={settings.data} />
      <Domains settings={settings.data} />
    </div>
  );
}

function BrandForm({ settings }: { settings: OpsSettings }) {
  const { t } = useLingui();
  const { save, saved, editable } = useSaveSettings();
  const [name, setName] = useState(settings.brand.name);
  const [primary, setPrimary] = useState(settings.brand.primary);
  const [accent, setAccent] = useState(settings.brand.accent);
  const [defaultTheme, setDefaultTheme] = useState<Theme>(settings.brand.defaultTheme);
  const themeName: Record<Theme, string> = { dark: t`Dark`, light: t`Light` };
  const error = save.variables?.section === 'brand' ? save.error : null;
  const field = (key: string) => serverField(error, `brand.${key}`);
  return (
    <>
      {saved === 'brand' && (
        <Done>
          <Trans>The brand is saved. Players see it from their next page.</Trans>
        </Done>
      )}
      <FormPanel
        title={<Trans>Brand</Trans>}
        onSubmit={() =>
          save.mutate({ section: 'brand', patch: { brand: { name, primary, accent, defaultTheme } } })
        }
      >
        <InputField
          label={<Trans>Brand name</Trans>}
          value={name}
          maxLength={40}
          disabled={!editable}
          message={field('name')}
          onChange={(e) => setName(e.target.value)}
        />
        <SelectField
          label={<Trans>Default theme</Trans>}
          value={defaultTheme}
          disabled={!editable}
          onChange={(e) => setDefaultTheme(theme.parse(e.target.value))}
        >
          {theme.options.map((k) => (
            <option key={k} value={k}>
              {themeName[k]}
            </option>
          ))}
        </SelectField>
        <InputField
          label={<Trans>Primary colour</Trans>}
          type="color"
          value={primary}
          disabled={!editable}
          message={field('primary')}
          onChange={(e) => setPrimary(e.target.value)}
        />
        <InputField
          label={<Trans>Accent colour</Trans>}
          type="color"
          value={accent}
          disabled={!editable}
          message={field('accent')}
          onChange={(e) => setAccent(e.target.value)}
        />
        <InputField
          label={<Trans>Currency sign</Trans>}
          hint={<Trans>A currency is not changed here: it changes every balance.</Trans>}
          value={`${settings.brand.currency} ${settings.brand.currencySign}`}
          readOnly
        />
        {editable && <FormEnd error={error} pending={save.isPending} submit={<Trans>Save brand</Trans>} />}
      </FormPanel>
    </>
  );
}

/** Domains: ADMIN adds and removes them (another merchant's domain is refused; the last one stays). */
function Domains({ settings }: { settings: OpsSettings }) {
  const { t } = useLingui();
  const may = useMay();
  const { merchant } = useOps();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const editable = may(opsAddDomain);
  const stored = (domains: string[]) => {
    queryClient.setQueryData<OpsSettings>(settingsKey(merchant.code), (s) => (s ? { ...s, domains } : s));
    void queryClient.invalidateQueries({ queryKey: merchantsKey });
  };
  const add = useMutation({
    mutationFn: async (domain: string) =>
      (await opsCall(opsAddDomain, { params: { code: merchant.code }, body: { domain } })).value.domains,
    onMutate: () => setDone(null),
    onSuccess: (domains, domain) => {
      stored(domains);
      setTyped('');
      const added = domain.trim().toLowerCase();
      setDone(t`${added} is added.`);
    },
  });
  const remove = useMutation({
    mutationFn: async (domain: string) =>
      (await opsCall(opsRemoveDomain, { params: { code: merchant.code, domain } })).value.domains,
    onMutate: () => setDone(null),
    onSuccess: (domains, domain) => {
      stored(domains);
      setDone(t`${domain} is removed.`);
    },
  });
  return (
    <Panel title={<Trans>Domains</Trans>}>
      {done && <Done>{done}</Done>}
      <table className="w-full text-sm">
        <tbody>
          {settings.domains.map((domain) => (
            <tr key={domain} className={row}>
              <td className={`${cell} font-mono break-all`}>{domain}</td>
              {editable && (
                <td className={`${cell} text-right`}>
                  <button
                    type="button"
                    className={opsButton}
                    aria-label={t`Remove ${domain}`}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(domain)}
                  >
                    <Trans>Remove</Trans>
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <FailedCall error={remove.error} field="domain" />
      {editable && (
        <form
          noValidate
          className="grid items-end gap-2 sm:grid-cols-[1fr_auto]"
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate(typed);
          }}
        >
          <InputField
            label={<Trans>New domain</Trans>}
            hint={<Trans>A host name, e.g. play.example.com</Trans>}
            value={typed}
            autoCapitalize="none"
            message={serverField(add.error, 'domain')}
            onChange={(e) => setTyped(e.target.value)}
          />
          <div>
            <button type="submit" className={opsButton} disabled={add.isPending}>
              <Trans>Add domain</Trans>
            </button>
          </div>
          <div className="sm:col-span-full">
            <FailedCall error={add.error} field="domain" quiet />
          </div>
        </form>
      )}
    </Panel>
  );
}

/** A failed call: the server's words about `field` (unless `quiet`: they show under the field), else its message. */
function FailedCall({ error, field, quiet }: { error: unknown; field: string; quiet?: boolean }) {
  if (!error) return null;
  const about = serverField(error, field);
  if (!about) return <CallError error={error} />;
  if (quiet) return null;
  return (
    <p role="alert" className="rounded-lg bg-danger/10 px-3 py-2 text-sm text-danger">
      {about}
    </p>
  );
}
