import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed seamless requests: each merchant has its own secret, derived from the one master secret of the
 * environment (PORTICO_SEAMLESS_SECRET): secret = hex HMAC-SHA256(master, "seamless:" + merchant code).
 */
export const merchantSecret = (master: string, merchantCode: string) =>
  createHmac('sha256', master).update(`seamless:${merchantCode}`).digest('hex');

/** What a vendor sends in X-Signature: hex HMAC-SHA256 of the raw request body. */
export const signBody = (secret: string, rawBody: string) =>
  createHmac('sha256', secret).update(rawBody).digest('hex');

export function validSignature(secret: string, rawBody: string, header: unknown): boolean {
  if (typeof header !== 'string' || !/^[0-9a-f]{64}$/i.test(header)) return false;
  // Constant time, so a wrong signature does not tell how much of it was right.
  return timingSafeEqual(Buffer.from(signBody(secret, rawBody), 'hex'), Buffer.from(header, 'hex'));
}
