import { createHmac } from 'node:crypto';
import { DeliveryError, type Outgoing, type Transport } from './messaging.ts';

export type SmsConfig =
  | { driver: 'twilio'; base: string; accountSid: string; authToken: string; from?: string }
  | { driver: 'webhook'; url: string; secret: string; from?: string };

export const SMS_DRIVERS = ['twilio', 'webhook'] as const;

/**
 * PORTICO_SMS_URL (+ PORTICO_SMS_DRIVER): `twilio://ACSID:TOKEN@api.twilio.com` is Twilio's Messages API over https;
 * an http(s) URL is the driver PORTICO_SMS_DRIVER names (`webhook` when unset, or `twilio` for a Twilio-compatible
 * host with the SID and token as the URL's user and password). The webhook driver signs with PORTICO_SMS_SECRET.
 */
export function parseSmsConfig(env: NodeJS.ProcessEnv): SmsConfig | undefined {
  const value = env.PORTICO_SMS_URL?.trim();
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(
      'PORTICO_SMS_URL must be a URL: twilio://ACSID:TOKEN@api.twilio.com or https://… (webhook)',
    );
  }
  const named = env.PORTICO_SMS_DRIVER?.trim().toLowerCase();
  if (named && !(SMS_DRIVERS as readonly string[]).includes(named))
    throw new Error(`PORTICO_SMS_DRIVER must be one of ${SMS_DRIVERS.join(', ')}, got "${named}"`);
  const from = env.PORTICO_SMS_FROM?.trim() || undefined;
  const twilioScheme = url.protocol === 'twilio:';
  if (!twilioScheme && url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(
      `PORTICO_SMS_URL must start with twilio://, https:// or http://, got "${url.protocol}//"`,
    );
  if (twilioScheme || named === 'twilio') {
    const accountSid = decodeURIComponent(url.username);
    const authToken = decodeURIComponent(url.password);
    if (!/^AC[0-9a-zA-Z]{32}$/.test(accountSid) || !authToken)
      throw new Error(
        'PORTICO_SMS_URL must carry the Twilio account SID and auth token: twilio://AC…:token@api.twilio.com',
      );
    const base = `${twilioScheme ? 'https:' : url.protocol}//${url.host}${url.pathname.replace(/\/$/, '')}`;
    return { driver: 'twilio', base, accountSid, authToken, from };
  }
  const secret = env.PORTICO_SMS_SECRET?.trim();
  if (!secret)
    throw new Error('PORTICO_SMS_SECRET is required with the webhook SMS driver (it signs each call)');
  return { driver: 'webhook', url: url.href, secret, from };
}

export function smsTransport(config: SmsConfig): Transport {
  return config.driver === 'twilio' ? twilioSms(config) : webhookSms(config);
}

/** 408 and 429 (and every 5xx) say "later"; another 4xx will not change by asking again. */
const permanentStatus = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

const TIMEOUT_MS = 10_000;

const senderOf = (m: Outgoing, fallback?: string) => {
  const from = m.sender.smsFrom || fallback;
  if (!from)
    throw new DeliveryError(
      "No SMS sender: set the merchant's sender in /ops (Deliveries) or PORTICO_SMS_FROM",
      true,
    );
  return from;
};

async function post(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, method: 'POST', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    // fetch says "fetch failed"; the cause says why (ECONNREFUSED, ENOTFOUND, a timeout).
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    const why = cause?.code ?? cause?.message;
    throw new DeliveryError(
      `SMS provider unreachable: ${(err as Error).message}${why ? ` (${why})` : ''}`,
      false,
    );
  }
}

/**
 * Twilio's Messages API: POST /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded To, Body and From (or
 * MessagingServiceSid for a sender starting MG), HTTP basic auth SID:token; 201 with the message's `sid`, else an
 * error body `{ code, message, status }`.
 */
export function twilioSms(config: Extract<SmsConfig, { driver: 'twilio' }>): Transport {
  const endpoint = `${config.base}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  return {
    async deliver(m) {
      const from = senderOf(m, config.from);
      const form = new URLSearchParams({ To: m.recipient, Body: m.body });
      form.set(/^MG[0-9a-f]{32}$/i.test(from) ? 'MessagingServiceSid' : 'From', from);
      const res = await post(endpoint, {
        headers: {
          authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
      });
      const reply = (await res.json().catch(() => ({}))) as { sid?: string; code?: number; message?: string };
      if (res.ok) return { providerId: reply.sid };
      const why = reply.message
        ? `${reply.message}${reply.code ? ` (Twilio ${reply.code})` : ''}`
        : res.statusText;
      throw new DeliveryError(`Twilio ${res.status}: ${why}`, permanentStatus(res.status));
    },
  };
}

/** The webhook's signature: hex HMAC-SHA256 of `<timestamp>.<raw body>` under PORTICO_SMS_SECRET. */
export const webhookSignature = (secret: string, timestamp: string, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/**
 * A generic JSON webhook (an operator's own SMS gateway): POST `{ id, to, from, text, merchant, language }` with
 * `X-Portico-Timestamp` (Unix seconds) and `X-Portico-Signature: sha256=<hex>`; any 2xx is delivered (a JSON `id` in
 * the reply is kept as the provider's id). `id` is the same on every try of one message, so the receiver can
 * drop a repeat.
 */
export function webhookSms(
  config: Extract<SmsConfig, { driver: 'webhook' }>,
  now: () => number = Date.now,
): Transport {
  return {
    async deliver(m) {
      const body = JSON.stringify({
        id: m.id,
        to: m.recipient,
        from: senderOf(m, config.from),
        text: m.body,
        merchant: m.merchantCode,
        language: m.language,
      });
      const timestamp = String(Math.floor(now() / 1000));
      const res = await post(config.url, {
        headers: {
          'content-type': 'application/json',
          'x-portico-timestamp': timestamp,
          'x-portico-signature': `sha256=${webhookSignature(config.secret, timestamp, body)}`,
        },
        body,
      });
      const reply = (await res.json().catch(() => ({}))) as { id?: unknown; message?: unknown };
      if (res.ok) return { providerId: reply.id === undefined ? undefined : String(reply.id) };
      const why = typeof reply.message === 'string' ? reply.message.slice(0, 200) : res.statusText;
      throw new DeliveryError(`SMS webhook ${res.status}: ${why}`, permanentStatus(res.status));
    },
  };
}
