import { useLingui } from '@lingui/react/macro';
import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import type { FormProblem } from '../../../machines/form.ts';
import { problemMessage } from './fieldMessages.ts';
import { firebaseMessage } from './firebaseErrors.ts';

/** A labelled input with its error line under it (spec §5: field error lines for wrong or missing input). */
export function Field({
  label,
  problem,
  missing,
  addon,
  prefix,
  ...input
}: {
  label: ReactNode;
  problem?: FormProblem;
  /** The field's own words for a missing value (spec §5: "enter address"), in place of the general one. */
  missing?: string;
  /** A control before the input (the dial code) and one after it (send code, captcha image). */
  prefix?: ReactNode;
  addon?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'>) {
  const { i18n } = useLingui();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        {prefix}
        <input
          id={id}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          className="h-11 w-full min-w-0 flex-1 rounded-lg border border-line bg-surface px-3 aria-[invalid]:border-danger"
          {...input}
        />
        {addon}
      </div>
      {problem && (
        <p id={errorId} className="text-sm text-danger">
          {problem.kind === 'required' && missing ? missing : problemMessage(i18n, problem)}
        </p>
      )}
    </div>
  );
}

/**
 * A failed call's message, from the server's envelope or the spec's general network message. When the server put
 * the same words under a field, they show there only.
 */
export function FormError({
  error,
  fieldErrors = {},
}: {
  error: { code: string; message?: string } | null;
  fieldErrors?: Record<string, FormProblem>;
}) {
  const { t, i18n } = useLingui();
  if (!error) return null;
  const underAField = Object.values(fieldErrors).some(
    (p) => p.kind === 'server' && p.message === error.message,
  );
  if (underAField) return null;
  const text = error.code.startsWith('auth/')
    ? firebaseMessage(i18n, error.code)
    : error.code === 'NETWORK' || !error.message
      ? t`Network abnormal, please try again.`
      : error.message;
  return (
    <p role="alert" className="rounded-lg bg-danger/10 px-3 py-2 text-sm text-danger">
      {text}
    </p>
  );
}
