import { createHmac } from 'node:crypto';
import { SEAMLESS_CLOCK_SKEW_MS, SEAMLESS_REPLAY_WINDOW_MS } from '../../../contract/seamless.ts';

export { signRequest, validSignature } from '../../ports/vendors/signing.ts';

/**
 * Signed seamless requests: each vendor of each merchant has its own key, derived from the one master secret of
 * the environment (PORTICO_SEAMLESS_SECRET): key = hex HMAC-SHA256(master, "seamless:<merchant>:<vendor>"). A key
 * handed to one vendor therefore signs for that vendor at that merchant only; nothing per vendor is stored, and
 * rotating the master rotates every key.
 */
export const vendorKey = (master: string, merchantCode: string, vendor: string) =>
  createHmac('sha256', master).update(`seamless:${merchantCode}:${vendor}`).digest('hex');

/** A signing time (Unix seconds) within the replay window: not older than 5 minutes, not ahead beyond the skew. */
export function freshTimestamp(header: unknown, now: number): header is string {
  if (typeof header !== 'string' || !/^\d{1,12}$/.test(header)) return false;
  const at = Number(header) * 1000;
  return at >= now - SEAMLESS_REPLAY_WINDOW_MS && at <= now + SEAMLESS_CLOCK_SKEW_MS;
}
