import { createHmac, timingSafeEqual } from 'node:crypto';
import { seamlessSignedText } from '../../../contract/seamless.ts';

/**
 * The one signature of every call between us and a vendor, both ways (docs/integrations.md): hex HMAC-SHA256 of
 * `<timestamp>.<raw body>` with the shared secret, the timestamp in Unix seconds.
 */
export const signRequest = (key: string, timestamp: string, rawBody: string) =>
  createHmac('sha256', key).update(seamlessSignedText(timestamp, rawBody)).digest('hex');

export function validSignature(key: string, timestamp: string, rawBody: string, header: unknown): boolean {
  if (typeof header !== 'string' || !/^[0-9a-f]{64}$/i.test(header)) return false;
  // Constant time, so a wrong signature does not tell how much of it was right.
  return timingSafeEqual(
    Buffer.from(signRequest(key, timestamp, rawBody), 'hex'),
    Buffer.from(header, 'hex'),
  );
}
