import { Trans, useLingui } from '@lingui/react/macro';
import {
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from 'react';
import { ApiError } from '../api/client.ts';
import { Modal } from '../ui/Modal.tsx';
import { CallError } from '../ui/records/form.tsx';

/** The back office's dense controls, on the portal's colour tokens (both themes). */
/** A control as wide as its content (the bar's pickers); `opsInput` fills its cell. */
export const opsInlineInput =
  'h-9 min-w-0 rounded-md border border-line bg-surface px-2 text-sm aria-[invalid]:border-danger';
export const opsInput = `${opsInlineInput} w-full`;
export const opsButton =
  'inline-flex h-8 items-center justify-center rounded-md border border-line px-3 text-sm font-medium whitespace-nowrap hover:bg-line/40 disabled:opacity-50';
export const opsPrimary =
  'inline-flex h-8 items-center justify-center rounded-md bg-brand px-3 text-sm font-semibold whitespace-nowrap text-white disabled:opacity-50';
export const opsDanger =
  'inline-flex h-8 items-center justify-center rounded-md bg-red-600 px-3 text-sm font-semibold whitespace-nowrap text-white disabled:opacity-50';

/** A labelled control with its message under it; `control` gets the id and description to wire. */
export function Field({
  label,
  message,
  hint,
  control,
}: {
  label: ReactNode;
  message?: string;
  hint?: ReactNode;
  control: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const describedBy = [message ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted">
        {label}
      </label>
      {control({
        id,
        ...(message ? { 'aria-invalid': true as const } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {message && (
        <p id={`${id}-error`} className="text-xs text-danger">
          {message}
        </p>
      )}
    </div>
  );
}

type Labelled = { label: ReactNode; message?: string; hint?: ReactNode };

export function InputField({
  label,
  message,
  hint,
  ...input
}: Labelled & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field
      label={label}
      message={message}
      hint={hint}
      control={(wiring) => <input className={opsInput} {...wiring} {...input} />}
    />
  );
}

export function SelectField({
  label,
  message,
  hint,
  children,
  ...select
}: Labelled & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Field
      label={label}
      message={message}
      hint={hint}
      control={(wiring) => (
        <select className={opsInput} {...wiring} {...select}>
          {children}
        </select>
      )}
    />
  );
}

/** A list filter over the operator's merchants ("All" first); the list leaves out what is not granted. */
export function MerchantField({
  merchants,
  ...select
}: { merchants: { code: string }[] } & SelectHTMLAttributes<HTMLSelectElement>) {
  const { t } = useLingui();
  return (
    <SelectField label={<Trans>Merchant</Trans>} {...select}>
      <option value="">{t`All`}</option>
      {merchants.map((m) => (
        <option key={m.code} value={m.code}>
          {m.code}
        </option>
      ))}
    </SelectField>
  );
}

export function TextAreaField({
  label,
  message,
  hint,
  mono,
  ...area
}: Labelled & { mono?: boolean } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field
      label={label}
      message={message}
      hint={hint}
      control={(wiring) => (
        <textarea
          className={`${opsInput} h-auto min-h-16 py-1.5 ${mono ? 'font-mono text-xs' : ''}`}
          rows={4}
          {...wiring}
          {...area}
        />
      )}
    />
  );
}

/** An on/off switch (a button with `role="switch"`), named by its label. */
export function Switch({
  checked,
  onChange,
  label,
  disabled,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={`relative inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors disabled:opacity-50 ${checked ? 'bg-brand' : 'bg-line'}`}
    >
      <span
        aria-hidden="true"
        className={`inline-block h-4 w-4 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-4' : 'translate-x-0.5'}`}
      />
    </button>
  );
}

/** A decision to confirm (src/ui/Modal.tsx), with what it needs typed in `children`; its failure shown inside. */
export function ConfirmDialog({
  open,
  title,
  confirmLabel,
  danger,
  pending,
  error,
  onConfirm,
  onClose,
  children,
}: {
  open: boolean;
  title: ReactNode;
  confirmLabel: ReactNode;
  danger?: boolean;
  pending?: boolean;
  error?: unknown;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Modal open={open} title={title} closeLabel={t`Close`} onClose={onClose}>
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onConfirm();
        }}
      >
        {children}
        <CallError error={error} />
        <div className="flex justify-end gap-2">
          <button type="button" className={opsButton} onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className={danger ? opsDanger : opsPrimary} disabled={pending}>
            {confirmLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** A page's block with a heading and, at its right, its actions. */
export function Panel({
  title,
  actions,
  children,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="flex min-w-0 flex-col gap-2 rounded-lg border border-line bg-raised p-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-sm font-semibold">
          {title}
        </h2>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

/** A titled form of a page: its fields in a grid of 2 (or `columns`) on wider screens, one column on phones. */
export function FormPanel({
  title,
  columns = 2,
  onSubmit,
  children,
}: {
  title: ReactNode;
  columns?: 2 | 3;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <Panel title={title}>
      <form
        noValidate
        className={`grid gap-2 ${columns === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </form>
    </Panel>
  );
}

/** A row of filters above a list: wraps at 375 px. */
export function Filters({ children }: { children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-2 sm:grid-cols-[repeat(auto-fill,minmax(10rem,1fr))]">
      {children}
    </div>
  );
}

/** Table cells of the dense lists. */
export const cell = 'py-1.5 pr-2 align-top';
export const row = 'border-b border-line/60 last:border-0';

/** A form's end: its failure (unless the server put its words under a field), submit and cancel. */
export function FormEnd({
  error,
  pending,
  submit,
  onCancel,
}: {
  error: unknown;
  pending: boolean;
  submit: ReactNode;
  onCancel?: () => void;
}) {
  return (
    <div className="flex flex-col gap-2 sm:col-span-full">
      <CallError error={error} />
      <div className="flex gap-2">
        <button type="submit" className={opsPrimary} disabled={pending}>
          {submit}
        </button>
        {onCancel && (
          <button type="button" className={opsButton} onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
        )}
      </div>
    </div>
  );
}

/** The server's message for a list field (`domains.1`, `restrictedCountries.0`), to show under the list's input. */
export const listField = (error: unknown, name: string): string | undefined =>
  error instanceof ApiError
    ? Object.entries(error.fields).find(([k]) => k === name || k.startsWith(`${name}.`))?.[1]
    : undefined;

/** An "Add …" button that opens its form in its place; the form closes itself (`close`) on cancel or success. */
export function Adder({
  label,
  onOpen,
  children,
}: {
  label: ReactNode;
  onOpen?: () => void;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  if (open) return children(() => setOpen(false));
  return (
    <div>
      <button
        type="button"
        className={opsPrimary}
        onClick={() => {
          onOpen?.();
          setOpen(true);
        }}
      >
        {label}
      </button>
    </div>
  );
}
