import { createHash } from 'node:crypto';
import { DomainError } from '../http/errors.ts';

/** A value of a request field: bigints hash as their decimal digits. */
export type Field = string | number | bigint | boolean | null | undefined;

/**
 * The fingerprint of a request's meaningful fields, stored with its idempotency key: sha256 of the fields as
 * sorted [name, value] pairs (an absent field hashes like null), so the same request hashes the same however
 * its caller ordered them.
 */
export function requestHash(fields: Record<string, Field>): string {
  const pairs = Object.entries(fields)
    .map(([k, v]) => [k, typeof v === 'bigint' ? v.toString() : (v ?? null)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(JSON.stringify(pairs)).digest('hex');
}

export const idempotencyConflict = () =>
  new DomainError(
    409,
    'IDEMPOTENCY_CONFLICT',
    'This request id was already used for another request: send a new request id',
  );

/**
 * A replay answers the first result only when it is the same request: a request id reused with another body is
 * refused. A key stored without a fingerprint (before fingerprints were kept) is taken as the same request.
 */
export function assertSameRequest(stored: string | null | undefined, hash: string): void {
  if (stored && stored !== hash) throw idempotencyConflict();
}
