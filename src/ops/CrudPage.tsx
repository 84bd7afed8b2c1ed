import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Done, RecordTable } from '../ui/records/form.tsx';
import { DeleteButton } from './DeleteButton.tsx';
import { useOps } from './session.ts';
import { Adder, cell, Filters, row, SelectField } from './ui.tsx';

/**
 * A back-office list of one kind of content, as a description: how to read the merchant's list, the one filter over
 * it, the form that adds one (when the operator may), the table's columns and cells, and how to delete a row (when
 * the operator may). The page draws the filter, the adder, the "done" line, the table and each row's Delete.
 */
export interface CrudDescription<Row extends { id: number }, Value extends string> {
  /** The list's query key under ['ops', listKey, merchant code]; a deletion reads ['ops', listKey] again. */
  listKey: string;
  load: (merchantCode: string) => Promise<{ list: Row[] }>;
  filter: {
    label: ReactNode;
    options: { value: Value; label: string }[];
    matches: (row: Row, value: Value) => boolean;
  };
  add: {
    label: ReactNode;
    /** `done` closes the form and says what was added. */
    form: (props: { filter: Value | ''; close: () => void; done: (message: string) => void }) => ReactNode;
  } | null;
  table: {
    caption: string;
    empty: ReactNode;
    minWidth: string;
    /** Without the Actions column, which the page adds. */
    columns: { head: ReactNode; end?: boolean }[];
    cells: (row: Row) => ReactNode;
  };
  remove: {
    label: (row: Row) => string;
    title: ReactNode;
    question: (row: Row) => ReactNode;
    call: (merchantCode: string, row: Row) => Promise<unknown>;
    done: string;
  } | null;
}

export function CrudPage<Row extends { id: number }, Value extends string>({
  listKey,
  load,
  filter,
  add,
  table,
  remove,
}: CrudDescription<Row, Value>) {
  const { t } = useLingui();
  const { merchant } = useOps();
  const [value, setValue] = useState<Value | ''>('');
  const [done, setDone] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['ops', listKey, merchant.code],
    queryFn: () => load(merchant.code),
    select: (read) => ({ list: read.list.filter((r) => value === '' || filter.matches(r, value)) }),
  });
  return (
    <>
      <Filters>
        <SelectField
          label={filter.label}
          value={value}
          onChange={(e) => setValue(e.target.value as Value | '')}
        >
          <option value="">{t`All`}</option>
          {filter.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
      </Filters>
      {add && (
        <Adder label={add.label} onOpen={() => setDone(null)}>
          {(close) =>
            add.form({
              filter: value,
              close,
              done: (message) => {
                close();
                setDone(message);
              },
            })
          }
        </Adder>
      )}
      {done && <Done>{done}</Done>}
      <RecordTable
        query={list}
        caption={table.caption}
        empty={table.empty}
        minWidth={table.minWidth}
        columns={[...table.columns, { head: <Trans>Actions</Trans> }]}
        row={(r) => (
          <tr key={r.id} className={row}>
            {table.cells(r)}
            <td className={cell}>
              {remove && (
                <DeleteButton
                  label={remove.label(r)}
                  title={remove.title}
                  remove={() => remove.call(merchant.code, r)}
                  reload={['ops', listKey]}
                  onOpen={() => setDone(null)}
                  onDone={() => setDone(remove.done)}
                >
                  {remove.question(r)}
                </DeleteButton>
              )}
            </td>
          </tr>
        )}
      />
    </>
  );
}
