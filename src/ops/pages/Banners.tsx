import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type OpsBanner,
  opsBanners,
  opsCreateBanner,
  opsDeleteBanner,
} from '../../../contract/backoffice.ts';
import { opsBannerPicture, opsBrandPicture, opsRemoveBannerPicture } from '../../../contract/catalogue.ts';
import { type BannerGroup, bannerGroup } from '../../../contract/content.ts';
import { serverField } from '../../ui/records/form.tsx';
import { opsCall } from '../api.ts';
import { CrudPage, useDoneLine } from '../CrudPage.tsx';
import { filled, LanguageFields, NO_TEXTS } from '../LanguageFields.tsx';
import { PicturePreview, PictureUpload, RemovePicture } from '../PictureUpload.tsx';
import { merchantsKey, useMay, useOps } from '../session.ts';
import { cell, FormEnd, FormPanel, InputField, Panel, SelectField } from '../ui.tsx';

type Linkage = OpsBanner['linkageType'];

/**
 * The picked merchant's pictures: its logo and site icon, and its banners by group (the route groups of spec §2):
 * add, give a banner an uploaded picture (else it is drawn from its title), delete.
 */
export function Banners() {
  const { t } = useLingui();
  const may = useMay();
  const { merchant } = useOps();
  const queryClient = useQueryClient();
  const linkageName = useLinkageNames();
  const done = useDoneLine();
  return (
    <>
      {may(opsBrandPicture) && <BrandPictures />}
      <CrudPage<OpsBanner, BannerGroup>
        listKey="banners"
        done={done}
        load={async (code) => (await opsCall(opsBanners, { params: { code } })).value}
        filter={{
          label: <Trans>Group</Trans>,
          options: bannerGroup.options.map((g) => ({ value: g, label: g })),
          matches: (b, group) => b.groupName === group,
        }}
        add={
          may(opsCreateBanner)
            ? {
                label: <Trans>Add banner</Trans>,
                form: ({ filter, close, done }) => (
                  <BannerForm
                    group={filter || 'home'}
                    onClose={close}
                    onDone={() => done(t`Banner added.`)}
                  />
                ),
              }
            : null
        }
        table={{
          caption: t`Banners`,
          empty: <Trans>No banners here.</Trans>,
          minWidth: '40rem',
          columns: [
            { head: <Trans>Group</Trans> },
            { head: <Trans>Title</Trans> },
            { head: <Trans>Link</Trans> },
            { head: <Trans>Order</Trans>, end: true },
            { head: <Trans>Picture</Trans> },
          ],
          cells: (b) => (
            <>
              <td className={cell}>{b.groupName}</td>
              <td className={cell}>{b.titles.en ?? Object.values(b.titles)[0]}</td>
              <td className={`${cell} break-all`}>
                {linkageName[b.linkageType]}
                {b.link && <span className="text-muted"> {b.link}</span>}
              </td>
              <td className={`${cell} text-right tabular-nums`}>{b.sort}</td>
              <td className={cell}>
                <PicturePreview
                  url={b.pictureUrl}
                  alt={t`Picture of banner ${b.titles.en ?? b.id}`}
                  empty={<Trans>Drawn from the title</Trans>}
                />
              </td>
            </>
          ),
        }}
        actions={
          may(opsBannerPicture)
            ? (b) => (
                <>
                  <PictureUpload
                    call={opsBannerPicture}
                    params={{ code: merchant.code, id: b.id }}
                    label={t`Picture of banner ${b.titles.en ?? b.id} (1200 × 360)`}
                    onDone={() => {
                      void queryClient.invalidateQueries({ queryKey: ['ops', 'banners'] });
                      done.say(t`Banner picture uploaded.`);
                    }}
                  />
                  {b.pictureUrl && may(opsRemoveBannerPicture) && (
                    <RemovePicture
                      call={opsRemoveBannerPicture}
                      params={{ code: merchant.code, id: b.id }}
                      label={t`Remove the picture of banner ${b.titles.en ?? b.id}`}
                      onDone={() => {
                        void queryClient.invalidateQueries({ queryKey: ['ops', 'banners'] });
                        done.say(t`Banner picture removed: drawn from its title again.`);
                      }}
                    />
                  )}
                </>
              )
            : undefined
        }
        remove={
          may(opsDeleteBanner)
            ? {
                label: (b) => t`Delete banner ${b.titles.en ?? b.id}`,
                title: <Trans>Delete banner</Trans>,
                call: (code, b) => opsCall(opsDeleteBanner, { params: { code, id: b.id } }),
                question: (b) => (
                  <p>
                    <Trans>
                      The banner "{b.titles.en ?? ''}" leaves the {b.groupName} group.
                    </Trans>
                  </p>
                ),
                done: t`Banner deleted.`,
              }
            : null
        }
      />
    </>
  );
}

/** The brand's logo (header) and site icon (home screens, QR codes): members see a new one at their next request. */
function BrandPictures() {
  const { t } = useLingui();
  const { merchant } = useOps();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<string | null>(null);
  const slots = [
    { slot: 'logo', name: t`Logo`, url: merchant.brand.logoUrl, size: '512 × 256' },
    { slot: 'icon', name: t`Site icon`, url: merchant.brand.iconUrl, size: '256 × 256' },
  ] as const;
  return (
    <Panel title={<Trans>Logo and site icon</Trans>}>
      <div className="flex flex-wrap gap-6">
        {slots.map((s) => (
          <div key={s.slot} className="flex flex-col gap-2">
            <span className="text-sm font-medium">{s.name}</span>
            <PicturePreview url={s.url} alt={s.name} empty="—" />
            <PictureUpload
              call={opsBrandPicture}
              params={{ code: merchant.code, slot: s.slot }}
              label={t`${s.name} (${s.size}), png, jpg or webp`}
              onDone={() => {
                void queryClient.invalidateQueries({ queryKey: merchantsKey });
                setSaved(t`${s.name} uploaded.`);
              }}
            />
          </div>
        ))}
      </div>
      {saved && (
        <p role="status" className="text-sm text-success">
          {saved}
        </p>
      )}
    </Panel>
  );
}

function useLinkageNames(): Record<Linkage, string> {
  const { t } = useLingui();
  return { NONE: t`No link`, ROUTE: t`Portal page`, URL: t`Web address` };
}

function BannerForm({
  group,
  onClose,
  onDone,
}: {
  group: BannerGroup;
  onClose: () => void;
  onDone: () => void;
}) {
  const { merchant } = useOps();
  const queryClient = useQueryClient();
  const linkageName = useLinkageNames();
  const [groupName, setGroupName] = useState<BannerGroup>(group);
  const [linkageType, setLinkageType] = useState<Linkage>('NONE');
  const [link, setLink] = useState('');
  const [titles, setTitles] = useState(NO_TEXTS);
  const [sort, setSort] = useState('');
  const create = useMutation({
    mutationFn: async () =>
      opsCall(opsCreateBanner, {
        params: { code: merchant.code },
        body: {
          groupName,
          linkageType,
          link: linkageType === 'NONE' ? '' : link,
          titles: filled(titles),
          ...(sort.trim() ? { sort: Number(sort) } : {}),
        },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['ops', 'banners'] });
      onDone();
    },
  });
  return (
    <FormPanel title=<Trans>New banner</Trans> onSubmit={() => create.mutate()}>
      <SelectField
        label={<Trans>Group</Trans>}
        value={groupName}
        message={serverField(create.error, 'groupName')}
        onChange={(e) => setGroupName(e.target.value as BannerGroup)}
      >
        {bannerGroup.options.map((g) => (
          <option key={g} value={g}>
            {g}
          </option>
        ))}
      </SelectField>
      <InputField
        label={<Trans>Order (optional)</Trans>}
        type="number"
        min={0}
        step={1}
        value={sort}
        message={serverField(create.error, 'sort')}
        onChange={(e) => setSort(e.target.value)}
      />
      <SelectField
        label={<Trans>Link</Trans>}
        value={linkageType}
        onChange={(e) => setLinkageType(e.target.value as Linkage)}
      >
        {(Object.keys(linkageName) as Linkage[]).map((k) => (
          <option key={k} value={k}>
            {linkageName[k]}
          </option>
        ))}
      </SelectField>
      {linkageType !== 'NONE' && (
        <InputField
          label={linkageType === 'ROUTE' ? <Trans>Page path</Trans> : <Trans>Address</Trans>}
          placeholder={linkageType === 'ROUTE' ? '/promotions' : 'https://'}
          value={link}
          message={serverField(create.error, 'link')}
          onChange={(e) => setLink(e.target.value)}
        />
      )}
      <LanguageFields
        name="titles"
        label={(language) => <Trans>Title ({language})</Trans>}
        texts={titles}
        onChange={setTitles}
        error={create.error}
        maxLength={80}
      />
      <FormEnd
        error={create.error}
        pending={create.isPending}
        submit={<Trans>Add</Trans>}
        onCancel={onClose}
      />
    </FormPanel>
  );
}
