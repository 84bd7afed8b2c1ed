import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CHECKOUT_SIGNATURE_HEADER,
  CHECKOUT_TIMESTAMP_HEADER,
  type CheckoutRequest,
  checkoutSignatureValid,
  signCheckout,
} from './hostedCheckout.ts';

/** A checkout the fake provider created. */
export interface FakeCheckout extends CheckoutRequest {
  merchantId: string;
  checkoutId: string;
}

/**
 * A local hosted-checkout provider speaking the wire format of ./hostedCheckout.ts, on port 0 of 127.0.0.1: its
 * create-checkout endpoint (refusing a request whose signature is wrong, as a provider would), and a sender of signed
 * webhooks (a test chooses the timestamp, the secret and the body to try the refusals).
 */
export async function startFakeCheckout(secrets: { apiSecret: string; webhookSecret: string }) {
  const checkouts: FakeCheckout[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== '/v1/checkouts') return send(404, { error: 'not_found' });
      const timestamp = String(req.headers[CHECKOUT_TIMESTAMP_HEADER] ?? '');
      if (!checkoutSignatureValid(secrets.apiSecret, timestamp, raw, req.headers[CHECKOUT_SIGNATURE_HEADER]))
        return send(401, { error: 'bad_signature' });
      const checkout = {
        ...(JSON.parse(raw) as Omit<FakeCheckout, 'checkoutId'>),
        checkoutId: `co_${randomUUID()}`,
      };
      checkouts.push(checkout);
      send(201, { checkoutId: checkout.checkoutId, checkoutUrl: `${base}/pay/${checkout.checkoutId}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** What a channel's `apiUrl` is set to. */
    apiUrl: `${base}/v1`,
    checkouts,
    /** A webhook of a checkout's outcome as the provider signs it: the raw body and the headers to post. */
    webhook(
      checkout: FakeCheckout,
      event: { status: 'PAID' | 'FAILED'; amount?: number; currency?: string; eventId?: string },
      opts: { at?: number; secret?: string } = {},
    ) {
      const raw = JSON.stringify({
        eventId: event.eventId ?? `ev_${randomUUID()}`,
        orderRef: checkout.orderRef,
        checkoutId: checkout.checkoutId,
        status: event.status,
        amount: event.amount ?? checkout.amount,
        currency: event.currency ?? checkout.currency,
      });
      const timestamp = String(Math.floor((opts.at ?? Date.now()) / 1000));
      return {
        raw,
        headers: {
          'content-type': 'application/json',
          [CHECKOUT_TIMESTAMP_HEADER]: timestamp,
          [CHECKOUT_SIGNATURE_HEADER]: signCheckout(opts.secret ?? secrets.webhookSecret, timestamp, raw),
        },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeCheckoutProvider = Awaited<ReturnType<typeof startFakeCheckout>>;
