import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PaymentChannel } from '../../contract/payments.ts';

/** The header a gateway signs its callback in: hex HMAC-SHA256 of the raw body with the shared secret. */
export const GATEWAY_SIGNATURE_HEADER = 'x-gateway-signature';

/**
 * A payment channel: how a deposit is started and how its result comes back. BANK waits for an operator
 * (ops approve/reject); a gateway gives the member a page to pay on and posts a signed callback with the result.
 */
export interface PaymentChannelDriver {
  channel: PaymentChannel;
  /** A new deposit's reference at the channel (what its callback names), or null when there is none. */
  newRef(): string | null;
  /** Where the member pays a deposit with this reference (null: nothing to open, e.g. a manual transfer). */
  payUrl(ref: string | null): string | null;
  /** Gateways: whether a callback's signature header matches its raw body. */
  verifyCallback?(rawBody: string, signature: unknown): boolean;
  /** Gateways (the demo one signs the callbacks it sends itself). */
  sign?(rawBody: string): string;
}

/** Manual bank transfer to the house account: the order waits until an operator approves or rejects it. */
export const bankDriver = (): PaymentChannelDriver => ({
  channel: 'BANK',
  newRef: () => null,
  payUrl: () => null,
});

const hmac = (secret: string, raw: string) => createHmac('sha256', secret).update(raw).digest('hex');

/**
 * The demo instant gateway: its page (`/gateway/demo?ref=…` in the SPA) lets the member pay or fail, and the
 * gateway then posts a signed callback to `/wps/payment/callback/demo`.
 */
export const demoGatewayDriver = (secret: string): PaymentChannelDriver => ({
  channel: 'DEMO_GATEWAY',
  newRef: () => `DG${randomBytes(12).toString('hex').toUpperCase()}`,
  payUrl: (ref) => (ref ? `/gateway/demo?ref=${encodeURIComponent(ref)}` : null),
  sign: (raw) => hmac(secret, raw),
  verifyCallback(raw, signature) {
    if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) return false;
    return timingSafeEqual(Buffer.from(hmac(secret, raw), 'hex'), Buffer.from(signature, 'hex'));
  },
});

export type PaymentDrivers = Record<PaymentChannel, PaymentChannelDriver>;
