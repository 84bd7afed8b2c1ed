import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { announcementType } from '../../../contract/content.ts';
import { type OpsNotice, opsCreateNotice, opsDeleteNotice, opsNotices } from '../../../contract/notices.ts';
import { serverField } from '../../ui/records/form.tsx';
import { opsCall } from '../api.ts';
import { CrudPage } from '../CrudPage.tsx';
import { filled, NO_TEXTS, TitleAndContentFields } from '../LanguageFields.tsx';
import { NOTICE_TYPE_LABEL } from '../labels.ts';
import { useMay, useOps } from '../session.ts';
import { cell, FormEnd, FormPanel, InputField, SelectField } from '../ui.tsx';

type NoticeType = OpsNotice['type'];

/** The picked merchant's announcements by type (spec §3: B notice bar, PL, PU popup, PR, H); add and delete. */
export function Notices() {
  const { t, i18n } = useLingui();
  const may = useMay();
  const typeName = (k: NoticeType) => i18n._(NOTICE_TYPE_LABEL[k]);
  return (
    <CrudPage<OpsNotice, NoticeType>
      listKey="notices"
      load={async (code) => (await opsCall(opsNotices, { params: { code } })).value}
      filter={{
        label: <Trans>Type</Trans>,
        options: announcementType.options.map((k) => ({ value: k, label: typeName(k) })),
        matches: (n, type) => n.type === type,
      }}
      add={
        may(opsCreateNotice)
          ? {
              label: <Trans>Add announcement</Trans>,
              form: ({ close, done }) => (
                <NoticeForm
                  onClose={close}
                  onDone={(notice) => done(t`Announcement "${notice.titles.en ?? ''}" added.`)}
                />
              ),
            }
          : null
      }
      table={{
        caption: t`Announcements`,
        empty: <Trans>No announcements here.</Trans>,
        minWidth: '40rem',
        columns: [
          { head: <Trans>Type</Trans> },
          { head: <Trans>Title</Trans> },
          { head: <Trans>Order</Trans>, end: true },
        ],
        cells: (n) => (
          <>
            <td className={cell}>{typeName(n.type)}</td>
            <td className={cell}>
              <div>{n.titles.en}</div>
              {n.titles.vi && <div className="text-xs text-muted">{n.titles.vi}</div>}
            </td>
            <td className={`${cell} text-right tabular-nums`}>{n.sort}</td>
          </>
        ),
      }}
      remove={
        may(opsDeleteNotice)
          ? {
              label: (n) => t`Delete announcement ${n.titles.en ?? n.id}`,
              title: <Trans>Delete announcement</Trans>,
              call: (code, n) => opsCall(opsDeleteNotice, { params: { code, id: n.id } }),
              question: (n) => (
                <p>
                  <Trans>Members no longer see "{n.titles.en ?? ''}".</Trans>
                </p>
              ),
              done: t`Announcement deleted.`,
            }
          : null
      }
    />
  );
}

function NoticeForm({ onClose, onDone }: { onClose: () => void; onDone: (notice: OpsNotice) => void }) {
  const { i18n } = useLingui();
  const { merchant } = useOps();
  const queryClient = useQueryClient();
  const [type, setType] = useState<NoticeType>('B');
  const [titles, setTitles] = useState(NO_TEXTS);
  const [contents, setContents] = useState(NO_TEXTS);
  const [sort, setSort] = useState('');
  const create = useMutation({
    mutationFn: async () =>
      (
        await opsCall(opsCreateNotice, {
          params: { code: merchant.code },
          body: {
            type,
            titles: filled(titles),
            contents: filled(contents),
            ...(sort.trim() ? { sort: Number(sort) } : {}),
          },
        })
      ).value.notice,
    onSuccess: (notice) => {
      void queryClient.invalidateQueries({ queryKey: ['ops', 'notices'] });
      onDone(notice);
    },
  });
  return (
    <FormPanel title=<Trans>New announcement</Trans> onSubmit={() => create.mutate()}>
      <SelectField
        label={<Trans>Type</Trans>}
        value={type}
        message={serverField(create.error, 'type')}
        onChange={(e) => setType(e.target.value as NoticeType)}
      >
        {announcementType.options.map((k) => (
          <option key={k} value={k}>
            {i18n._(NOTICE_TYPE_LABEL[k])}
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
      <TitleAndContentFields
        titles={titles}
        contents={contents}
        onTitles={setTitles}
        onContents={setContents}
        error={create.error}
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
