import { Plural, Trans } from '@lingui/react/macro';
import type { ChangeEvent, ReactNode, Ref } from 'react';

const describedBy = (...ids: (string | false | null | undefined)[]) => ids.filter(Boolean).join(' ');

/** A remark with its character count under it (spec §5: application and proof remarks up to 140 characters). */
export function RemarkField({
  id,
  label,
  value,
  max,
  message,
  onChange,
}: {
  id: string;
  label: ReactNode;
  value: string;
  max: number;
  /** What is wrong with it (too long, or the server's field message). */
  message?: ReactNode;
  onChange: (value: string) => void;
}) {
  const length = value.length;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-remark`} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={`${id}-remark`}
        rows={3}
        value={value}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy(`${id}-remark-count`, Boolean(message) && `${id}-remark-error`)}
        onChange={(e) => onChange(e.target.value)}
        className="w-full min-w-0 rounded-lg border border-line bg-surface px-3 py-2 aria-[invalid]:border-danger"
      />
      <p
        id={`${id}-remark-count`}
        className={`self-end text-xs tabular-nums ${length > max ? 'text-danger' : 'text-muted'}`}
      >
        <Trans>
          {length} of <Plural value={max} one="# character" other="# characters" />
        </Trans>
      </p>
      {message && (
        <p id={`${id}-remark-error`} className="text-sm text-danger">
          {message}
        </p>
      )}
    </div>
  );
}

/**
 * The picture chooser of an upload (png or jpg, spec §5), its limits under it, then what is wrong (`error`) and the
 * chosen pictures (`children`).
 */
export function PictureInput({
  id,
  label,
  maxFiles,
  maxMegabytes,
  invalid,
  error,
  inputRef,
  onChange,
  children,
}: {
  id: string;
  label: ReactNode;
  maxFiles: number;
  maxMegabytes: number;
  invalid: boolean;
  error?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-files`} className="text-sm font-medium">
        {label}
      </label>
      <input
        ref={inputRef}
        id={`${id}-files`}
        type="file"
        accept="image/png,image/jpeg"
        multiple
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(`${id}-files-hint`, Boolean(error) && `${id}-files-error`)}
        onChange={onChange}
        className="w-full min-w-0 text-sm file:mr-3 file:h-10 file:rounded-full file:border file:border-line file:bg-surface file:px-4 file:font-semibold file:text-ink"
      />
      <p id={`${id}-files-hint`} className="text-xs text-muted">
        <Trans>
          PNG or JPG, at most {maxMegabytes} MB each, up to {maxFiles} pictures.
        </Trans>
      </p>
      {error && (
        <div id={`${id}-files-error`} className="text-sm text-danger">
          {error}
        </div>
      )}
      {children}
    </div>
  );
}
