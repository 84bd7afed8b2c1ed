import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type OpsHelpItem,
  opsCreateHelpItem,
  opsDeleteHelpItem,
  opsHelpItems,
  opsOrderHelpItems,
  opsUpdateHelpItem,
} from '../../../contract/help.ts';
import type { Locale } from '../../../contract/merchant.ts';
import { CallError, serverField } from '../../ui/records/form.tsx';
import { opsCall } from '../api.ts';
import { CrudPage, useDoneLine } from '../CrudPage.tsx';
import { filled, NO_TEXTS, type Texts, TitleAndContentFields } from '../LanguageFields.tsx';
import { useMay, useOps } from '../session.ts';
import { cell, FormEnd, FormPanel, InputField, opsButton } from '../ui.tsx';

const LIST_KEY = 'help-items';

/**
 * The picked merchant's help-centre items (spec §7 helpCenter: the help modal shows the first 4, the help page 8 a
 * page): add, change, move up or down, delete. Contents are HTML, sanitised by the server.
 */
export function HelpItems() {
  const { t } = useLingui();
  const may = useMay();
  const { merchant } = useOps();
  const queryClient = useQueryClient();
  const done = useDoneLine();
  const [editing, setEditing] = useState<OpsHelpItem | null>(null);
  const key = ['ops', LIST_KEY, merchant.code];
  const order = useMutation({
    mutationFn: async (ids: number[]) =>
      (await opsCall(opsOrderHelpItems, { params: { code: merchant.code }, body: { ids } })).value.list,
    onSuccess: (list) => {
      queryClient.setQueryData(key, { list });
      done.say(t`Order saved.`);
    },
  });
  const move = (item: OpsHelpItem, by: -1 | 1) => {
    const list = queryClient.getQueryData<{ list: OpsHelpItem[] }>(key)?.list ?? [];
    const ids = list.map((i) => i.id);
    const at = ids.indexOf(item.id);
    const to = at + by;
    if (at < 0 || to < 0 || to >= ids.length) return;
    [ids[at], ids[to]] = [ids[to]!, ids[at]!];
    done.say(null);
    order.mutate(ids);
  };
  const last = (item: OpsHelpItem) => {
    const list = queryClient.getQueryData<{ list: OpsHelpItem[] }>(key)?.list ?? [];
    return list.at(-1)?.id === item.id;
  };
  const first = (item: OpsHelpItem) =>
    queryClient.getQueryData<{ list: OpsHelpItem[] }>(key)?.list[0]?.id === item.id;
  const title = (i: OpsHelpItem) => i.titles.en ?? Object.values(i.titles)[0] ?? String(i.id);

  return (
    <CrudPage<OpsHelpItem, never>
      listKey={LIST_KEY}
      load={async (code) => (await opsCall(opsHelpItems, { params: { code } })).value}
      done={done}
      add={
        may(opsCreateHelpItem)
          ? {
              label: <Trans>Add help item</Trans>,
              form: ({ close, done: added }) => (
                <HelpItemForm
                  onClose={close}
                  onDone={(item) => added(t`Help item "${title(item)}" added.`)}
                />
              ),
            }
          : null
      }
      table={{
        caption: t`Help items`,
        empty: <Trans>No help items yet.</Trans>,
        minWidth: '36rem',
        columns: [{ head: <Trans>Title</Trans> }, { head: <Trans>Anchor</Trans> }],
        cells: (i) => (
          <>
            <td className={cell}>
              <div>{title(i)}</div>
              <div className="text-xs text-muted">{(Object.keys(i.titles) as Locale[]).join(' · ')}</div>
            </td>
            <td className={`${cell} font-mono text-xs`}>{i.anchor ? `#${i.anchor}` : '—'}</td>
          </>
        ),
      }}
      actions={
        may(opsUpdateHelpItem)
          ? (i) => (
              <>
                <button
                  type="button"
                  className={opsButton}
                  aria-label={t`Move up: ${title(i)}`}
                  disabled={order.isPending || first(i)}
                  onClick={() => move(i, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className={opsButton}
                  aria-label={t`Move down: ${title(i)}`}
                  disabled={order.isPending || last(i)}
                  onClick={() => move(i, 1)}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className={opsButton}
                  aria-label={t`Edit: ${title(i)}`}
                  onClick={() => {
                    done.say(null);
                    setEditing(i);
                  }}
                >
                  <Trans>Edit</Trans>
                </button>
              </>
            )
          : undefined
      }
      notes={<CallError error={order.error} />}
      remove={
        may(opsDeleteHelpItem)
          ? {
              label: (i) => t`Delete help item ${title(i)}`,
              title: <Trans>Delete help item</Trans>,
              call: (code, i) => opsCall(opsDeleteHelpItem, { params: { code, id: i.id } }),
              question: (i) => (
                <p>
                  <Trans>Members no longer see "{title(i)}" in the help centre.</Trans>
                </p>
              ),
              done: t`Help item deleted.`,
            }
          : null
      }
    >
      {editing && (
        <HelpItemForm
          key={editing.id}
          item={editing}
          onClose={() => setEditing(null)}
          onDone={(item) => {
            setEditing(null);
            done.say(t`Help item "${title(item)}" saved.`);
          }}
        />
      )}
    </CrudPage>
  );
}

const textsOf = (record: Partial<Record<Locale, string>>): Texts => ({ ...NO_TEXTS, ...record });

/** Adds an item, or changes `item` (every field is sent: what the operator sees is what is stored). */
function HelpItemForm({
  item,
  onClose,
  onDone,
}: {
  item?: OpsHelpItem;
  onClose: () => void;
  onDone: (item: OpsHelpItem) => void;
}) {
  const { merchant } = useOps();
  const queryClient = useQueryClient();
  const [titles, setTitles] = useState(textsOf(item?.titles ?? {}));
  const [contents, setContents] = useState(textsOf(item?.contents ?? {}));
  const [anchor, setAnchor] = useState(item?.anchor ?? '');
  const save = useMutation({
    mutationFn: async () => {
      const body = {
        titles: filled(titles),
        contents: filled(contents),
        anchor: anchor.trim() || null,
      };
      return item
        ? (await opsCall(opsUpdateHelpItem, { params: { code: merchant.code, id: item.id }, body })).value
            .item
        : (await opsCall(opsCreateHelpItem, { params: { code: merchant.code }, body })).value.item;
    },
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: ['ops', LIST_KEY] });
      onDone(saved);
    },
  });
  return (
    <FormPanel
      title={item ? <Trans>Change help item</Trans> : <Trans>New help item</Trans>}
      onSubmit={() => save.mutate()}
    >
      <InputField
        label={<Trans>Anchor (optional, opens the item at /help#anchor)</Trans>}
        value={anchor}
        maxLength={40}
        message={serverField(save.error, 'anchor')}
        onChange={(e) => setAnchor(e.target.value)}
      />
      <TitleAndContentFields
        titles={titles}
        contents={contents}
        onTitles={setTitles}
        onContents={setContents}
        error={save.error}
      />
      <FormEnd
        error={save.error}
        pending={save.isPending}
        submit={item ? <Trans>Save</Trans> : <Trans>Add</Trans>}
        onCancel={onClose}
      />
    </FormPanel>
  );
}
