import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, startWarnings } from '../config.ts';
import { checkSmtpUrl } from './mail.ts';
import { DeliveryError, type Outgoing } from './messaging.ts';
import { parseSmsConfig, webhookSms } from './sms.ts';

const SECRET = 'sms-webhook-secret-for-the-tests-0123456789';
const SID = `AC${'ab'.repeat(16)}`;

/** An operator's SMS gateway: checks the signature as its docs would tell it to, then answers per number. */
const received: { body: Record<string, unknown>; valid: boolean }[] = [];
const server = createServer(async (req, res) => {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  const timestamp = String(req.headers['x-portico-timestamp'] ?? '');
  const given = Buffer.from(String(req.headers['x-portico-signature'] ?? '').replace(/^sha256=/, ''), 'hex');
  const expected = createHmac('sha256', SECRET).update(`${timestamp}.${raw}`).digest();
  const valid = given.length === expected.length && timingSafeEqual(given, expected);
  const body = JSON.parse(raw) as Record<string, unknown>;
  received.push({ body, valid });
  const [status, reply] = !valid
    ? [401, { message: 'bad signature' }]
    : body.to === '+840000000400'
      ? [422, { message: 'unknown number' }]
      : body.to === '+840000000503'
        ? [503, { message: 'busy' }]
        : [200, { id: `gw-${body.id}` }];
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const message = (to: string, smsFrom?: string): Outgoing => ({
  id: 42,
  merchantCode: 'LOTUS',
  recipient: to,
  subject: null,
  body: 'Lotus: your verification code is 123456.',
  language: 'vi',
  sender: { brandName: 'Lotus', smsFrom },
});

describe('the webhook SMS driver', () => {
  const at = Date.parse('2030-01-01T00:00:00Z');
  const hook = webhookSms({ driver: 'webhook', url, secret: SECRET, from: 'PORTICO' }, () => at);

  it('posts the message as JSON signed with the shared secret', async () => {
    expect(await hook.deliver(message('+84901234567', 'LOTUS'))).toEqual({ providerId: 'gw-42' });
    expect(received.at(-1)).toEqual({
      valid: true,
      body: {
        id: 42,
        to: '+84901234567',
        from: 'LOTUS',
        text: 'Lotus: your verification code is 123456.',
        merchant: 'LOTUS',
        language: 'vi',
      },
    });
    // The merchant without a sender of its own: PORTICO_SMS_FROM.
    await hook.deliver(message('+84901234568'));
    expect(received.at(-1)!.body.from).toBe('PORTICO');
  });

  it('is refused with another secret, and tells permanent refusals from passing trouble', async () => {
    const forged = webhookSms({ driver: 'webhook', url, secret: `${SECRET}x` }, () => at);
    const refusal = await forged.deliver(message('+84901234567', 'LOTUS')).catch((e: DeliveryError) => e);
    expect(received.at(-1)!.valid).toBe(false);
    expect(refusal).toBeInstanceOf(DeliveryError);
    expect(refusal).toMatchObject({ message: 'SMS webhook 401: bad signature', permanent: true });

    await expect(hook.deliver(message('+840000000400'))).rejects.toMatchObject({ permanent: true });
    await expect(hook.deliver(message('+840000000503'))).rejects.toMatchObject({
      message: 'SMS webhook 503: busy',
      permanent: false,
    });
    // A port nobody listens on any more.
    const gone = createServer();
    await new Promise<void>((r) => gone.listen(0, '127.0.0.1', r));
    const port = (gone.address() as AddressInfo).port;
    await new Promise<void>((r) => gone.close(() => r()));
    const down = webhookSms({
      driver: 'webhook',
      url: `http://127.0.0.1:${port}/sms`,
      secret: SECRET,
      from: 'X',
    });
    await expect(down.deliver(message('+84901234567'))).rejects.toMatchObject({
      message: 'SMS provider unreachable: fetch failed (ECONNREFUSED)',
      permanent: false,
    });
  });

  it('needs a sender', async () => {
    const bare = webhookSms({ driver: 'webhook', url, secret: SECRET });
    await expect(bare.deliver(message('+84901234567'))).rejects.toMatchObject({
      message: expect.stringContaining('PORTICO_SMS_FROM'),
      permanent: true,
    });
  });
});

describe('PORTICO_SMS_URL and PORTICO_SMTP_URL', () => {
  it('choose the driver by scheme or PORTICO_SMS_DRIVER', () => {
    expect(parseSmsConfig({})).toBeUndefined();
    expect(
      parseSmsConfig({ PORTICO_SMS_URL: `twilio://${SID}:tok3n@api.twilio.com`, PORTICO_SMS_FROM: '+1500' }),
    ).toEqual({
      driver: 'twilio',
      base: 'https://api.twilio.com',
      accountSid: SID,
      authToken: 'tok3n',
      from: '+1500',
    });
    expect(
      parseSmsConfig({ PORTICO_SMS_URL: `http://${SID}:t@127.0.0.1:4010`, PORTICO_SMS_DRIVER: 'twilio' }),
    ).toMatchObject({ driver: 'twilio', base: 'http://127.0.0.1:4010' });
    expect(parseSmsConfig({ PORTICO_SMS_URL: 'https://gw.example/sms', PORTICO_SMS_SECRET: SECRET })).toEqual(
      {
        driver: 'webhook',
        url: 'https://gw.example/sms',
        secret: SECRET,
        from: undefined,
      },
    );
  });

  it('refuse what cannot work, naming the variable', () => {
    expect(() => parseSmsConfig({ PORTICO_SMS_URL: 'https://gw.example/sms' })).toThrow(
      /^PORTICO_SMS_SECRET/,
    );
    expect(() => parseSmsConfig({ PORTICO_SMS_URL: 'twilio://api.twilio.com' })).toThrow(/account SID/);
    expect(() => parseSmsConfig({ PORTICO_SMS_URL: 'ftp://x', PORTICO_SMS_SECRET: SECRET })).toThrow(
      /^PORTICO_SMS_URL must start with/,
    );
    expect(() =>
      parseSmsConfig({ PORTICO_SMS_URL: 'https://x', PORTICO_SMS_DRIVER: 'carrier-pigeon' }),
    ).toThrow(/^PORTICO_SMS_DRIVER/);
    expect(checkSmtpUrl('smtps://u:p@mail.example:465')).toBe('smtps://u:p@mail.example:465');
    expect(() => checkSmtpUrl('http://mail.example')).toThrow(/^PORTICO_SMTP_URL must start with smtp/);
    expect(() => checkSmtpUrl('mail.example')).toThrow(/^PORTICO_SMTP_URL must be a URL/);
  });

  it('production refuses a weak webhook secret and warns of what it runs without', () => {
    const production = { NODE_ENV: 'production', PORTICO_SMS_URL: 'https://gw.example/sms' };
    expect(() => loadConfig({ ...production, PORTICO_SMS_SECRET: 'short' })).toThrow(
      /^PORTICO_SMS_SECRET is 5/,
    );
    const config = loadConfig({ ...production, PORTICO_SMS_SECRET: SECRET });
    expect(startWarnings(config)).toEqual([
      expect.stringMatching(/^PORTICO_SMTP_URL is not set/),
      expect.stringMatching(/^PORTICO_GEOIP_DB is not set/),
    ]);
    expect(startWarnings(loadConfig({}))).toEqual([]);
  });
});
