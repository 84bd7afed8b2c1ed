import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A hosted-checkout payment gateway, in the generic shape most of them share (docs: .tmp/readme-payments.md →
 * README "Payment channels"):
 *
 * 1. Create: `POST <apiUrl>/checkouts` with JSON `{ merchantId, orderRef, amount, currency, description,
 *    returnUrl, notifyUrl }` (amount an integer of the currency's minor units), signed in the headers
 *    `X-Checkout-Timestamp` (Unix seconds) and `X-Checkout-Signature` (hex HMAC-SHA256 of `<timestamp>.<raw body>`
 *    with the channel's API secret). The provider answers 2xx `{ checkoutId, checkoutUrl }`; the member is sent to
 *    `checkoutUrl` to pay.
 * 2. Webhook: the provider posts the result to `notifyUrl` (`/wps/payment/callback/<channel id>`) as JSON
 *    `{ eventId, orderRef, checkoutId, status: "PAID" | "FAILED", amount, currency }`, signed the same way with the
 *    channel's webhook secret. Refused: a timestamp more than 5 minutes off, a bad signature. Credited once
 *    whatever the retries; an amount or currency other than the order's is not credited but flagged for review.
 */
export const CHECKOUT_TIMESTAMP_HEADER = 'x-checkout-timestamp';
export const CHECKOUT_SIGNATURE_HEADER = 'x-checkout-signature';
/** How far a webhook's timestamp may be from our clock, either way. */
export const CHECKOUT_WINDOW_MS = 5 * 60_000;

export interface HostedCheckoutSettings {
  apiUrl: string;
  merchantId: string;
  currency: string;
  /** The merchant site's origin: the webhook and return addresses are made from it. */
  siteUrl: string;
}
export interface HostedCheckoutSecrets {
  apiSecret: string;
  webhookSecret: string;
}

export interface CheckoutRequest {
  orderRef: string;
  amount: number;
  currency: string;
  description: string;
  returnUrl: string;
  notifyUrl: string;
}

export const signCheckout = (secret: string, timestamp: string, raw: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex');

/** Whether `signature` is the hex HMAC of `<timestamp>.<raw>`; compared in constant time. */
export function checkoutSignatureValid(secret: string, timestamp: string, raw: string, signature: unknown) {
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  return timingSafeEqual(
    Buffer.from(signCheckout(secret, timestamp, raw), 'hex'),
    Buffer.from(signature, 'hex'),
  );
}

/** Why a webhook is refused ('signature', 'stale'), or undefined when it is authentic and fresh. */
export function webhookRefusal(
  secret: string,
  headers: Record<string, unknown>,
  raw: string,
  nowMs: number,
): 'signature' | 'stale' | undefined {
  const timestamp = headers[CHECKOUT_TIMESTAMP_HEADER];
  if (typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp)) return 'signature';
  if (!checkoutSignatureValid(secret, timestamp, raw, headers[CHECKOUT_SIGNATURE_HEADER])) return 'signature';
  if (Math.abs(nowMs - Number(timestamp) * 1000) > CHECKOUT_WINDOW_MS) return 'stale';
  return undefined;
}

/** The provider refused or did not answer a checkout: the deposit fails, the member may try again. */
export class CheckoutUnavailable extends Error {}

export function hostedCheckoutDriver(
  settings: HostedCheckoutSettings,
  secrets: HostedCheckoutSecrets,
  opts: { now?: () => number; fetch?: typeof fetch; timeoutMs?: number } = {},
) {
  const now = opts.now ?? Date.now;
  const doFetch = opts.fetch ?? fetch;
  return {
    notifyUrl: (channelId: number) => new URL(`/wps/payment/callback/${channelId}`, settings.siteUrl).href,
    returnUrl: () => new URL('/member?page=depositv2', settings.siteUrl).href,

    /** Creates the provider's checkout of a deposit: where the member pays it. */
    async createCheckout(
      req: Omit<CheckoutRequest, 'currency'>,
    ): Promise<{ checkoutId: string; checkoutUrl: string }> {
      const raw = JSON.stringify({ merchantId: settings.merchantId, currency: settings.currency, ...req });
      const timestamp = String(Math.floor(now() / 1000));
      let reply: Response;
      try {
        reply = await doFetch(new URL('checkouts', settings.apiUrl.replace(/\/?$/, '/')), {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [CHECKOUT_TIMESTAMP_HEADER]: timestamp,
            [CHECKOUT_SIGNATURE_HEADER]: signCheckout(secrets.apiSecret, timestamp, raw),
          },
          body: raw,
          signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
        });
      } catch (err) {
        throw new CheckoutUnavailable(`checkout provider unreachable: ${(err as Error).message}`);
      }
      const body = (await reply.json().catch(() => null)) as {
        checkoutId?: unknown;
        checkoutUrl?: unknown;
      } | null;
      if (!reply.ok) throw new CheckoutUnavailable(`checkout provider answered ${reply.status}`);
      const url = typeof body?.checkoutUrl === 'string' ? URL.parse(body.checkoutUrl) : null;
      // Only a web page may receive the member: never a javascript: or data: address from a compromised provider.
      if (!url || !['https:', 'http:'].includes(url.protocol) || typeof body?.checkoutId !== 'string')
        throw new CheckoutUnavailable('checkout provider answered without a checkout address');
      return { checkoutId: body.checkoutId.slice(0, 120), checkoutUrl: url.href };
    },
  };
}
export type HostedCheckoutDriver = ReturnType<typeof hostedCheckoutDriver>;
