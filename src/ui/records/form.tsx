import { Trans, useLingui } from '@lingui/react/macro';
import {
  createContext,
  type InputHTMLAttributes,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useRef,
} from 'react';
import { ApiError } from '../../api/client.ts';
import { formatAmount } from '../../i18n/format.ts';
import { Pagination } from '../Pagination.tsx';
import { Skeleton } from '../Skeleton.tsx';
import type { AmountProblem } from './amount.ts';
import { useBreakText } from './limitText.ts';

/** Shared pieces of the member and agent centres' forms: labelled fields with their message under them, call failures. */

export const inputClass =
  'h-11 w-full min-w-0 rounded-lg border border-line bg-surface px-3 aria-[invalid]:border-danger';
export const primaryButton = 'h-11 rounded-full bg-brand px-6 font-semibold text-white disabled:opacity-60';
export const secondaryButton =
  'h-10 rounded-full border border-line px-4 text-sm font-semibold hover:bg-line/40 disabled:opacity-60';

/** A labelled input; `message` shows under it (spec §5 field error lines) and marks it invalid. */
export function TextField({
  label,
  message,
  hint,
  ...input
}: {
  label: ReactNode;
  message?: string;
  hint?: ReactNode;
} & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const describedBy = [message ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={inputClass}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {message && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {message}
        </p>
      )}
    </div>
  );
}

/** An amount input: text as typed (never rewritten), decimal keyboard on phones. */
export function AmountField(
  props: { label: ReactNode; message?: string; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>,
) {
  return <TextField inputMode="decimal" autoComplete="off" placeholder="0.00" {...props} />;
}

/** What is wrong with a typed amount, in the member's words. */
export function useAmountMessage() {
  const { t, i18n } = useLingui();
  return (problem: AmountProblem | null | undefined, sign = '$'): string | undefined => {
    if (!problem) return undefined;
    switch (problem.kind) {
      case 'required':
        return t`Please enter an amount`;
      case 'format':
        return t`Enter an amount such as 100 or 100.50`;
      case 'decimals':
        return t`An amount has at most 2 decimals`;
      case 'positive':
        return t`The amount must be more than 0`;
      case 'min': {
        const min = formatAmount(problem.min, sign, i18n.locale);
        return t`The minimum amount is ${min}`;
      }
      case 'max': {
        const max = formatAmount(problem.max, sign, i18n.locale);
        return t`The maximum amount is ${max}`;
      }
    }
  };
}

/** A failed call in the spec's words (§8): the server's message, or the general network message. */
export function useErrorText() {
  const { t } = useLingui();
  const breakText = useBreakText();
  return (error: unknown): string =>
    breakText(error) ??
    (error instanceof ApiError && error.code !== 'NETWORK' && error.message
      ? error.message
      : t`Network abnormal, please try again.`);
}

/** The server's message for one field (the error envelope's `fields`), if it gave one. */
export const serverField = (error: unknown, field: string): string | undefined =>
  error instanceof ApiError ? error.fields[field] : undefined;

/** A failed call above the submit button, unless the server put its words under a field. */
export function CallError({ error }: { error: unknown }) {
  const text = useErrorText();
  if (!error) return null;
  if (error instanceof ApiError && Object.values(error.fields).includes(error.message)) return null;
  return (
    <p role="alert" className="rounded-lg bg-danger/10 px-3 py-2 text-sm text-danger">
      {text(error)}
    </p>
  );
}

/** A list that could not load, with a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const text = useErrorText();
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-line p-6 text-center"
    >
      <p>{text(error)}</p>
      <button type="button" className={secondaryButton} onClick={onRetry}>
        <Trans>Retry</Trans>
      </button>
    </div>
  );
}

/** A success note, announced. */
export function Done({ children, focus = false }: { children: ReactNode; focus?: boolean }) {
  // `focus`: a confirmation that replaces what the member acted on takes the focus, so it is read and seen at once.
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <p
      ref={ref}
      role="status"
      tabIndex={focus ? -1 : undefined}
      className="rounded-lg bg-success/10 px-3 py-2 text-sm text-success outline-none"
    >
      {children}
    </p>
  );
}

/** A titled block of a page. */
export function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-xl border border-line bg-raised p-4">
      <h3 id={id} className="text-base font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** One figure of a totals row (a `<dl>`). */
export function Total({ label, value }: { label: ReactNode; value: string }) {
  return (
    <div className="rounded-lg bg-surface p-3">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * What an app puts beside every list table it renders, given the list's reply (the back office: its CSV export).
 * None by default.
 */
export const TableActions = createContext<((reply: unknown) => ReactNode) | null>(null);

/**
 * A record page's list (betting record, account record): a failure with retry, a skeleton while it loads, the empty
 * note, or the table with its caption and column heads (`end` columns align right, for amounts); with `paging`, the
 * pager of the list's pages under it.
 */
export function RecordTable<Row>({
  query,
  paging,
  ...table
}: {
  query: {
    isError: boolean;
    error: unknown;
    data: { list: Row[]; totalPages?: number } | undefined;
    refetch: () => unknown;
  };
  paging?: { page: number; onChange: (page: number) => void; label: string };
} & Omit<TableProps<Row>, 'list'>) {
  const actions = useContext(TableActions);
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Skeleton className="h-48 w-full" />;
  return (
    <>
      {actions?.(query.data)}
      <Table list={query.data.list} {...table} />
      {paging && <Pagination {...paging} totalPages={query.data.totalPages ?? 1} />}
    </>
  );
}

interface TableProps<Row> {
  list: Row[];
  caption: ReactNode;
  empty: ReactNode;
  columns: { head: ReactNode; end?: boolean }[];
  minWidth: string;
  row: (r: Row) => ReactNode;
}

function Table<Row>({ list, caption, empty, columns, minWidth, row }: TableProps<Row>) {
  const id = useId();
  if (list.length === 0)
    return (
      <p className="rounded-lg border border-dashed border-line p-6 text-center text-sm text-muted">
        {empty}
      </p>
    );
  return (
    // A table wider than a phone scrolls inside its own box, named by the caption and reachable by keyboard.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus to be scrolled by keyboard.
    <section aria-labelledby={`${id}-caption`} tabIndex={0} className="min-w-0 overflow-x-auto">
      <table className="w-full text-left text-sm" style={{ minWidth }}>
        <caption id={`${id}-caption`} className="sr-only">
          {caption}
        </caption>
        <thead className="text-xs text-muted">
          <tr className="border-b border-line">
            {columns.map((c, i) => (
              <th
                key={i}
                scope="col"
                className={`py-2 ${i < columns.length - 1 ? 'pr-2' : ''} ${c.end ? 'text-right' : ''}`}
              >
                {c.head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{list.map(row)}</tbody>
      </table>
    </section>
  );
}
