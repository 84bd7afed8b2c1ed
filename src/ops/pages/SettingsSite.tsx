import { Trans } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import type { OpsSettings } from '../../../contract/merchantSettings.ts';
import type { DownloadPackage } from '../../../contract/system.ts';
import { Done, LoadError, serverField } from '../../ui/records/form.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { FormEnd, FormPanel, InputField, listField, TextAreaField } from '../ui.tsx';
import { type SettingsPatch, useSaveSettings, useSettings } from './settingsQuery.ts';

const CS_TYPES = ['LIVECHAT', 'VIP'] as const;
const PACKAGES: DownloadPackage[] = ['Android', 'MOBILECONFIG'];
/** Origins typed one a line or separated by commas. */
const origins = (typed: string) => typed.split(/[\s,]+/).filter(Boolean);

/**
 * What the portal links to and loads: customer-service desks, social pages, app packages (the download dialog offers
 * them), the analytics tag and the CDNs. Each block is saved on its own; only https addresses are taken.
 */
export function SettingsSite() {
  const settings = useSettings();
  if (settings.isError) return <LoadError error={settings.error} onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <Skeleton className="h-48 w-full" />;
  return <SiteForms key={settings.data.code} settings={settings.data} />;
}

function SiteForms({ settings: s }: { settings: OpsSettings }) {
  const { save, saved, editable } = useSaveSettings();
  const [desks, setDesks] = useState(() =>
    Object.fromEntries(CS_TYPES.map((k) => [k, s.customerService.find((l) => l.csType === k)?.path ?? ''])),
  );
  const [social, setSocial] = useState(s.social);
  const [apps, setApps] = useState(
    () =>
      Object.fromEntries(PACKAGES.map((p) => [p, s.downloadResources[p] ?? { name: '', url: '' }])) as Record<
        DownloadPackage,
        { name: string; url: string }
      >,
  );
  const [gtagId, setGtagId] = useState(s.gtagId);
  const [imageCDNs, setImageCDNs] = useState(s.imageCDNs.join('\n'));
  const [launchGameCDNs, setLaunchCDNs] = useState(s.launchGameCDNs.join('\n'));
  const deskList = CS_TYPES.filter((k) => desks[k]?.trim()).map((csType) => ({
    csType,
    path: desks[csType]!.trim(),
  }));

  const errorOf = (section: string) => (save.variables?.section === section ? save.error : null);
  const block = (section: string, title: ReactNode, patch: () => SettingsPatch, body: ReactNode) => (
    <>
      {saved === section && (
        <Done>
          <Trans>Saved. Players see it from their next page.</Trans>
        </Done>
      )}
      <FormPanel title={title} onSubmit={() => save.mutate({ section, patch: patch() })}>
        {body}
        {editable && (
          <FormEnd error={errorOf(section)} pending={save.isPending} submit={<Trans>Save</Trans>} />
        )}
      </FormPanel>
    </>
  );
  const deskLabel = { LIVECHAT: <Trans>Live chat address</Trans>, VIP: <Trans>VIP desk address</Trans> };
  const appLabel = {
    Android: { name: <Trans>Android app name</Trans>, url: <Trans>Android package address (.apk)</Trans> },
    MOBILECONFIG: { name: <Trans>iOS profile name</Trans>, url: <Trans>iOS profile address</Trans> },
  };

  return (
    <div className="flex flex-col gap-3">
      {block(
        'customerService',
        <Trans>Customer service</Trans>,
        () => ({ customerService: deskList }),
        CS_TYPES.map((k) => (
          <InputField
            key={k}
            label={deskLabel[k]}
            type="url"
            placeholder="https://"
            value={desks[k]}
            disabled={!editable}
            message={serverField(
              errorOf('customerService'),
              `customerService.${deskList.findIndex((l) => l.csType === k)}.path`,
            )}
            onChange={(e) => setDesks((d) => ({ ...d, [k]: e.target.value }))}
          />
        )),
      )}
      {block(
        'social',
        <Trans>Social pages</Trans>,
        () => ({ social }),
        <>
          <InputField
            label={<Trans>Facebook page</Trans>}
            hint={<Trans>Empty: no link</Trans>}
            type="url"
            value={social.facebook}
            disabled={!editable}
            message={serverField(errorOf('social'), 'social.facebook')}
            onChange={(e) => setSocial((v) => ({ ...v, facebook: e.target.value }))}
          />
          <InputField
            label={<Trans>Telegram channel</Trans>}
            hint={<Trans>Empty: no link</Trans>}
            type="url"
            value={social.telegram}
            disabled={!editable}
            message={serverField(errorOf('social'), 'social.telegram')}
            onChange={(e) => setSocial((v) => ({ ...v, telegram: e.target.value }))}
          />
        </>,
      )}
      {block(
        'downloadResources',
        <Trans>App downloads</Trans>,
        () => ({
          downloadResources: Object.fromEntries(
            PACKAGES.filter((p) => apps[p].url.trim()).map((p) => [p, apps[p]]),
          ),
        }),
        PACKAGES.map((p) => (
          <div key={p} className="contents">
            <InputField
              label={appLabel[p].name}
              value={apps[p].name}
              disabled={!editable}
              message={serverField(errorOf('downloadResources'), `downloadResources.${p}.name`)}
              onChange={(e) => setApps((a) => ({ ...a, [p]: { ...a[p], name: e.target.value } }))}
            />
            <InputField
              label={appLabel[p].url}
              hint={<Trans>Empty: not offered</Trans>}
              value={apps[p].url}
              disabled={!editable}
              message={serverField(errorOf('downloadResources'), `downloadResources.${p}.url`)}
              onChange={(e) => setApps((a) => ({ ...a, [p]: { ...a[p], url: e.target.value } }))}
            />
          </div>
        )),
      )}
      {block(
        'analytics',
        <Trans>Analytics and CDNs</Trans>,
        () => ({ gtagId, imageCDNs: origins(imageCDNs), launchGameCDNs: origins(launchGameCDNs) }),
        <>
          <InputField
            label={<Trans>Google Analytics id</Trans>}
            hint={<Trans>G-XXXXXXX; empty: no analytics</Trans>}
            value={gtagId}
            autoCapitalize="characters"
            disabled={!editable}
            message={serverField(errorOf('analytics'), 'gtagId')}
            onChange={(e) => setGtagId(e.target.value)}
          />
          <div className="hidden sm:block" />
          <TextAreaField
            label={<Trans>Picture CDNs</Trans>}
            hint={<Trans>One https origin a line, e.g. https://img.example.com</Trans>}
            mono
            value={imageCDNs}
            disabled={!editable}
            message={listField(errorOf('analytics'), 'imageCDNs')}
            onChange={(e) => setImageCDNs(e.target.value)}
          />
          <TextAreaField
            label={<Trans>Game launch CDNs</Trans>}
            hint={<Trans>One https origin a line</Trans>}
            mono
            value={launchGameCDNs}
            disabled={!editable}
            message={listField(errorOf('analytics'), 'launchGameCDNs')}
            onChange={(e) => setLaunchCDNs(e.target.value)}
          />
        </>,
      )}
    </div>
  );
}
