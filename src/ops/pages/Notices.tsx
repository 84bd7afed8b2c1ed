import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { announcementType } from '../../../contract/content.ts';
import { type OpsNotice, opsCreateNotice, opsDeleteNotice, opsNotices } from '../../../contract/notices.ts';
import { Done, RecordTable, serverField } from '../../ui/records/form.tsx';
import { opsCall } from '../api.ts';
import { DeleteButton } from '../DeleteButton.tsx';
import { filled, LanguageFields, NO_TEXTS } from '../LanguageFields.tsx';
import { NOTICE_TYPE_LABEL } from '../labels.ts';
import { useMay, useOps } from '../session.ts';
import { Adder, cell, Filters, FormEnd, FormPanel, InputField, row, SelectField } from '../ui.tsx';

type NoticeType = OpsNotice['type'];

/** The picked merchant's announcements by type (spec §3: B notice bar, PL, PU popup, PR, H); add and delete. */
export function Notices() {
  const { t, i18n } = useLingui();
  const may = useMay();
  const { merchant } = useOps();
  const [type, setType] = useState<NoticeType | ''>('');
  const [done, setDone] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['ops', 'notices', merchant.code],
    queryFn: async () => (await opsCall(opsNotices, { params: { code: merchant.code } })).value,
    select: (value) => ({ list: value.list.filter((n) => type === '' || n.type === type) }),
  });
  const typeName = (k: NoticeType) => i18n._(NOTICE_TYPE_LABEL[k]);

  return (
    <>
      <Filters>
        <SelectField
          label={<Trans>Type</Trans>}
          value={type}
          onChange={(e) => setType(e.target.value as NoticeType | '')}
        >
          <option value="">{t`All`}</option>
          {announcementType.options.map((k) => (
            <option key={k} value={k}>
              {typeName(k)}
            </option>
          ))}
        </SelectField>
      </Filters>
      {may(opsCreateNotice) && (
        <Adder label=<Trans>Add announcement</Trans> onOpen={() => setDone(null)}>
          {(close) => (
            <NoticeForm
              onClose={close}
              onDone={(notice) => {
                close();
                setDone(t`Announcement "${notice.titles.en ?? ''}" added.`);
              }}
            />
          )}
        </Adder>
      )}
      {done && <Done>{done}</Done>}
      <RecordTable
        query={list}
        caption={t`Announcements`}
        empty={<Trans>No announcements here.</Trans>}
        minWidth="40rem"
        columns={[
          { head: <Trans>Type</Trans> },
          { head: <Trans>Title</Trans> },
          { head: <Trans>Order</Trans>, end: true },
          { head: <Trans>Actions</Trans> },
        ]}
        row={(n) => (
          <tr key={n.id} className={row}>
            <td className={cell}>{typeName(n.type)}</td>
            <td className={cell}>
              <div>{n.titles.en}</div>
              {n.titles.vi && <div className="text-xs text-muted">{n.titles.vi}</div>}
            </td>
            <td className={`${cell} text-right tabular-nums`}>{n.sort}</td>
            <td className={cell}>
              {may(opsDeleteNotice) && (
                <DeleteButton
                  label={t`Delete announcement ${n.titles.en ?? n.id}`}
                  title={<Trans>Delete announcement</Trans>}
                  remove={() => opsCall(opsDeleteNotice, { params: { code: merchant.code, id: n.id } })}
                  reload={['ops', 'notices']}
                  onOpen={() => setDone(null)}
                  onDone={() => setDone(t`Announcement deleted.`)}
                >
                  <p>
                    <Trans>Members no longer see "{n.titles.en ?? ''}".</Trans>
                  </p>
                </DeleteButton>
              )}
            </td>
          </tr>
        )}
      />
    </>
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
      <LanguageFields
        name="titles"
        label={(language) => <Trans>Title ({language})</Trans>}
        texts={titles}
        onChange={setTitles}
        error={create.error}
        maxLength={200}
      />
      <LanguageFields
        name="contents"
        area
        label={(language) => <Trans>Content, HTML ({language})</Trans>}
        texts={contents}
        onChange={setContents}
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
