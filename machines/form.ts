import type { RegisterField, RegisterFieldRule } from '../contract/auth.ts';
import type { FieldProblem } from '../contract/registerRules.ts';

/**
 * Shared by the form machines (login, registration, forgot password, SMS code, captcha): how a failure and a field
 * problem are kept in context. Codes and server texts only — the views translate.
 */

/** A failed call: the server's error code (or a Firebase code such as 'auth/too-many-requests'), never translated. */
export interface FlowError {
  code: string;
  message?: string;
}

/** A field problem found by the client (spec §5) or reported by the server for that field (`error.fields`). */
export type FormProblem = FieldProblem | { kind: 'server'; message: string };
export type FieldErrors = Record<string, FormProblem>;

interface ThrownError {
  code?: unknown;
  message?: unknown;
  fields?: unknown;
}

/** Reads what an actor threw: its `code` (NETWORK when it has none, e.g. a dropped connection) and message. */
export function readFlowError(thrown: unknown): FlowError {
  const e = (thrown ?? {}) as ThrownError;
  const code = typeof e.code === 'string' ? e.code : 'NETWORK';
  return typeof e.message === 'string' && e.message !== '' ? { code, message: e.message } : { code };
}

/**
 * Whole seconds the server asks to wait before the same request (the envelope's `retryAfter`, kept by the client
 * on the error's `extra`), or null when it gave none.
 */
export function retryAfterOf(thrown: unknown): number | null {
  const extra = ((thrown ?? {}) as { extra?: { retryAfter?: unknown } }).extra;
  const seconds = extra?.retryAfter;
  return typeof seconds === 'number' && Number.isInteger(seconds) && seconds > 0 ? seconds : null;
}

/** The server's per-field messages (the error envelope's `fields`) as field problems. */
export function serverFieldErrors(thrown: unknown): FieldErrors {
  const fields = ((thrown ?? {}) as ThrownError).fields;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(
    Object.entries(fields as Record<string, unknown>)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([field, message]) => [field, { kind: 'server', message }]),
  );
}

/** A rule that only demands a value — for forms whose spec §5 rule is "required" (login, SMS code, mobile). */
export const requiredRule = (field: RegisterField): RegisterFieldRule => ({
  field,
  enabled: true,
  required: true,
  minLength: 0,
  maxLength: 255,
  patternId: 0,
  acceptedPattern: '*',
});

/** Keeps the fields that have a problem: `{ username: { kind: 'required' } }`, empty when the form is valid. */
export function fieldErrors(checks: Record<string, FormProblem | null>): FieldErrors {
  return Object.fromEntries(
    Object.entries(checks).filter((entry): entry is [string, FormProblem] => entry[1] !== null),
  );
}

/** Confirmation of a new password (spec §5): required, then equal to the password. */
export function checkConfirmation(password: string | undefined, confirmation: string | undefined) {
  if (!confirmation) return { kind: 'required' } as const;
  return confirmation === password ? null : ({ kind: 'mismatch' } as const);
}
