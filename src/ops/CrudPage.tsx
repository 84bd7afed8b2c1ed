import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Done, RecordTable } from '../ui/records/form.tsx';
import { sameSource } from './api.ts';
import { DeleteButton } from './DeleteButton.tsx';
import { useOps } from './session.ts';
import { Adder, cell, Filters, row, SelectField } from './ui.tsx';

/** The line that says what the operator's last action did; a page whose rows have their own actions holds it. */
export interface DoneLine {
  text: string | null;
  say: (text: string | null) => void;
}

export function useDoneLine(): DoneLine {
  const [text, say] = useState<string | null>(null);
  return { text, say };
}

/**
 * A back-office list of one kind of record, as a description: how to read the merchant's list, an optional filter
 * over it, the form that adds one (when the operator may), the table's columns and cells, a row's own actions and
 * how to delete a row (when the operator may). The page draws the filter, the adder, the "done" line, the table,
 * each row's actions and Delete, then `children` (the dialogs of the row actions).
 */
export interface CrudDescription<Row extends { id: number }, Value extends string> {
  /** The list's query key under ['ops', listKey, merchant code]; writes read ['ops', listKey] again. */
  listKey: string;
  load: (merchantCode: string) => Promise<{ list: Row[] }>;
  filter?: {
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
  /** A row's own buttons, before Delete. */
  actions?: (row: Row) => ReactNode;
  remove?: {
    label: (row: Row) => string;
    title: ReactNode;
    question: (row: Row) => ReactNode;
    call: (merchantCode: string, row: Row) => Promise<unknown>;
    done: string;
  } | null;
  /** The done line, when the page's own actions also speak on it. */
  done?: DoneLine;
  /** Shown under the done line: the row actions' errors. */
  notes?: ReactNode;
  children?: ReactNode;
}

export function CrudPage<Row extends { id: number }, Value extends string>({
  listKey,
  load,
  filter,
  add,
  table,
  actions,
  remove,
  done: shared,
  notes,
  children,
}: CrudDescription<Row, Value>) {
  const { t } = useLingui();
  const { merchant } = useOps();
  const [value, setValue] = useState<Value | ''>('');
  const own = useDoneLine();
  const done = shared ?? own;
  const list = useQuery({
    queryKey: ['ops', listKey, merchant.code],
    queryFn: () => load(merchant.code),
    select: (read) =>
      sameSource(read, {
        list: read.list.filter((r) => value === '' || filter === undefined || filter.matches(r, value)),
      }),
  });
  return (
    <>
      {filter && (
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
      )}
      {add && (
        <Adder label={add.label} onOpen={() => done.say(null)}>
          {(close) =>
            add.form({
              filter: value,
              close,
              done: (message) => {
                close();
                done.say(message);
              },
            })
          }
        </Adder>
      )}
      {done.text && <Done>{done.text}</Done>}
      {notes}
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
              <div className="flex flex-wrap gap-1">
                {actions?.(r)}
                {remove && (
                  <DeleteButton
                    label={remove.label(r)}
                    title={remove.title}
                    remove={() => remove.call(merchant.code, r)}
                    reload={['ops', listKey]}
                    onOpen={() => done.say(null)}
                    onDone={() => done.say(remove.done)}
                  >
                    {remove.question(r)}
                  </DeleteButton>
                )}
              </div>
            </td>
          </tr>
        )}
      />
      {children}
    </>
  );
}
