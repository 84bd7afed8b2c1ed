import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema/index.ts';
import { smtpTransport } from '../../ports/mail.ts';
import type { Transport } from '../../ports/messaging.ts';
import { twilioSms } from '../../ports/sms.ts';
import { type TestApp, testApp } from '../../test/app.ts';
import { client } from '../../test/auth.ts';
import { createDeliveries, type Deliveries } from './service.ts';

/**
 * The messaging port end to end: a member's request queues the message, the delivery job hands it to the real
 * drivers, which speak to local fakes of the providers' wire formats: an SMTP server (smtp-server) receiving what
 * nodemailer sends, and an HTTP server answering as Twilio's Messages API does. The test runs the job's work
 * (`runDue`) itself, on its own clock, over the app's database.
 */

const OPS = 'deliveries-ops-token';
const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const TOKEN = 'twilio-auth-token-for-tests';

interface Mail {
  from: string;
  to: string;
  subject: string;
  language: string;
  body: string;
  user?: string;
}
const mails: Mail[] = [];
let smtp: SMTPServer;

interface TwilioCall {
  path: string;
  authorization: string;
  form: URLSearchParams;
}
const twilioCalls: TwilioCall[] = [];
/** The fake's next answers (status, body); 201 with a new SID once they are used up. */
const twilioAnswers: [number, object][] = [];
let twilio: Server;

/** The app's and the job's clock: from each test's real time, as the codes' expiry (the SMS service's clock). */
let clock = Date.now();
let t: TestApp;
let job: Deliveries;

const read = async (req: IncomingMessage) => {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text;
};

/** RFC 2047 words (=?UTF-8?B?…?= / ?Q?), as a subject with Thai or Chinese is sent. */
const decodeWords = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_w, _charset, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );

/** Headers and the text body of a one-part message as nodemailer writes it. */
function parseMail(raw: string, user?: string): Mail {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const at = line.indexOf(':');
    headers.set(line.slice(0, at).toLowerCase(), line.slice(at + 1).trim());
  }
  const encoded = rest.join('\r\n\r\n');
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  const body =
    encoding === 'base64'
      ? Buffer.from(encoded, 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            encoded
              .replace(/=\r\n/g, '')
              .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8')
        : encoded;
  return {
    from: decodeWords(headers.get('from') ?? ''),
    to: headers.get('to') ?? '',
    subject: decodeWords(headers.get('subject') ?? ''),
    language: headers.get('content-language') ?? '',
    body: body.replace(/\r\n/g, '\n').trim(),
    user,
  };
}

const listen = (server: { listen: (port: number, host: string, cb: () => void) => unknown }) =>
  new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth: (auth, _session, cb) =>
      auth.username === 'mailer' && auth.password === 'smtp-pass'
        ? cb(null, { user: auth.username })
        : cb(new Error('Invalid username or password')),
    onData(stream, session, cb) {
      let raw = '';
      stream.on('data', (c: Buffer) => {
        raw += c.toString('utf8');
      });
      stream.on('end', () => {
        mails.push(parseMail(raw, session.user as string | undefined));
        cb();
      });
    },
  });
  await listen(smtp.server);
  twilio = createServer(async (req, res) => {
    const form = new URLSearchParams(await read(req));
    twilioCalls.push({ path: req.url ?? '', authorization: req.headers.authorization ?? '', form });
    const [status, body] = twilioAnswers.shift() ?? [
      201,
      { sid: `SM${twilioCalls.length}`, status: 'queued' },
    ];
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await listen(twilio);
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const twilioPort = (twilio.address() as AddressInfo).port;
  const transports: Record<'email' | 'sms', Transport> = {
    email: smtpTransport(`smtp://mailer:smtp-pass@127.0.0.1:${smtpPort}`),
    sms: twilioSms({
      driver: 'twilio',
      base: `http://127.0.0.1:${twilioPort}`,
      accountSid: SID,
      authToken: TOKEN,
      from: '+15005550006',
    }),
  };
  t = await testApp({ opsToken: OPS, transports, clock: () => clock });
  job = createDeliveries(t.database.db, { transports, now: () => new Date(clock) });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await new Promise<void>((r) => smtp?.close(() => r()));
  await new Promise<void>((r) => twilio?.close(() => r()));
});

beforeEach(() => {
  clock = Date.now();
  twilioCalls.length = 0;
  twilioAnswers.length = 0;
});

const ops = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${OPS}` }, ...(payload ? { payload } : {}) });

const deliveries = async (query = '') => (await ops('GET', `/ops/deliveries${query}`)).json().value.list;
const rowsTo = (recipient: string) =>
  t.database.db.select().from(outbox).where(eq(outbox.recipient, recipient));
/** A run of the delivery job; its clock never behind the real one, which stamped the queued messages. */
const runJob = () => {
  clock = Math.max(clock, Date.now());
  return job.runDue();
};

/** Asks for an SMS code in `language` (a captcha solved first, as the portal does). */
async function askCode(number: string, language = 'en') {
  const api = client(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/verification/sms/register',
    headers: {
      merchant: 'PORTICO',
      language,
      'x-forwarded-for': `10.77.${number.slice(-4, -2)}.${number.slice(-2)}`,
    },
    payload: { countryDialingCode: '+84', mobileNo: number, ...(await api.solvedCaptcha()) },
  });
  expect(res.statusCode).toBe(200);
}

describe('e-mail over SMTP', () => {
  it('sends the password-recovery e-mail in the request’s language, from the merchant’s sender', async () => {
    const api = client(t.app);
    const registered = await api.send('PUT', '/wps/member/register', {
      username: 'mailvi01',
      password: 'abc12345',
      confirmPassword: 'abc12345',
      email: 'mailvi01@example.com',
      ...(await api.solvedCaptcha()),
    });
    expect(registered.status).toBe(200);
    const senders = {
      emailFrom: 'support@portico.example',
      emailName: 'Portico Support',
      smsFrom: 'PORTICO',
    };
    expect((await ops('PUT', '/ops/merchants/PORTICO/senders', senders)).json().value.senders).toEqual(
      senders,
    );

    const asked = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      headers: { merchant: 'PORTICO', language: 'vi' },
      payload: { username: 'mailvi01', email: 'mailvi01@example.com' },
    });
    expect(asked.statusCode).toBe(200);
    // Queued, not sent in the request; and the development outbox stays empty of it.
    const [queued] = await rowsTo('mailvi01@example.com');
    expect(queued).toMatchObject({ status: 'PENDING', attempts: 0, language: 'vi' });
    expect(mails).toHaveLength(0);

    await runJob();
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.from).toBe('Portico Support <support@portico.example>');
    expect(mail.to).toBe('mailvi01@example.com');
    expect(mail.user).toBe('mailer');
    expect(mail.subject).toMatch(/mã đặt lại mật khẩu$/);
    expect(mail.language).toBe('vi');
    expect(mail.body).toMatch(
      /mã đặt lại mật khẩu của bạn là [A-Z2-9]{8}\. Mã chỉ dùng một lần, trong 15 phút\./,
    );
    const code = mail.body.match(/là ([A-Z2-9]{8})\./)![1]!;

    // Sent: the row keeps the masked text only, and operators never see the code or the whole address.
    const [sent] = await rowsTo('mailvi01@example.com');
    expect(sent).toMatchObject({ status: 'SENT', attempts: 1, lastError: null });
    expect(sent!.providerId).toMatch(/@portico\.example>$/);
    expect(JSON.stringify(sent)).not.toContain(code);
    const listed = (await deliveries('?channel=email&merchant=PORTICO')).find(
      (d: { id: number }) => d.id === sent!.id,
    );
    expect(listed).toMatchObject({ recipient: 'ma•••@example.com', status: 'SENT', channel: 'email' });
    expect(listed.preview).toContain('••••••');
    expect(JSON.stringify(listed)).not.toContain(code);
    expect(JSON.stringify(listed)).not.toContain('mailvi01@');
  });
});

describe('SMS over Twilio’s Messages API', () => {
  it('posts the form with basic auth, in the request’s language, and keeps the message SID', async () => {
    // In a language PORTICO offers (its TY language): one it does not offer gives way to English.
    await askCode('0913000001', 'vi');
    await runJob();
    expect(twilioCalls).toHaveLength(1);
    const call = twilioCalls[0]!;
    expect(call.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(call.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(call.form.get('To')).toBe('+84913000001');
    // The merchant's sender (set above) wins over PORTICO_SMS_FROM.
    expect(call.form.get('From')).toBe('PORTICO');
    expect(call.form.get('Body')).toMatch(
      /^Portico: mã xác minh của bạn là \d{6}\. Mã hết hạn sau 5 phút\.$/,
    );
    const [row] = await rowsTo('+84913000001');
    expect(row).toMatchObject({ status: 'SENT', providerId: 'SM1', attempts: 1 });
    expect(row!.body).not.toMatch(/\d{6}/);
  });

  it('tries again after a 500 and a 429, waiting longer each time, then delivers', async () => {
    twilioAnswers.push(
      [500, { code: 20500, message: 'Internal Server Error', status: 500 }],
      [429, { code: 20429, message: 'Too Many Requests', status: 429 }],
    );
    await askCode('0913000002');
    await runJob();
    let [row] = await rowsTo('+84913000002');
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(row!.lastError).toBe('Twilio 500: Internal Server Error (Twilio 20500)');
    expect(row!.nextAttemptAt!.getTime()).toBe(clock + 15_000);

    // Not due yet: nothing is sent.
    clock += 14_000;
    await runJob();
    expect(twilioCalls).toHaveLength(1);
    clock += 1_000;
    await runJob();
    [row] = await rowsTo('+84913000002');
    expect(row).toMatchObject({ status: 'PENDING', attempts: 2 });
    expect(row!.lastError).toMatch(/^Twilio 429: Too Many Requests/);
    expect(row!.nextAttemptAt!.getTime()).toBe(clock + 30_000);

    clock += 30_000;
    await runJob();
    [row] = await rowsTo('+84913000002');
    expect(row).toMatchObject({ status: 'SENT', attempts: 3, lastError: null });
    expect(twilioCalls).toHaveLength(3);
  });

  it('fails at once on a 400 (a number Twilio refuses), and after the last try on 5xx answers', async () => {
    twilioAnswers.push([
      400,
      { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 },
    ]);
    await askCode('0913000003');
    await runJob();
    const [refused] = await rowsTo('+84913000003');
    expect(refused).toMatchObject({ status: 'FAILED', attempts: 1, nextAttemptAt: null });
    expect(refused!.lastError).toContain('(Twilio 21211)');

    for (let i = 0; i < 5; i += 1)
      twilioAnswers.push([503, { code: 20503, message: 'Unavailable', status: 503 }]);
    await askCode('0913000004');
    // Each try when it is due (15 s, 30 s, 1 min, 2 min later: all within the code's 5 minutes).
    for (let i = 0; i < 5; i += 1) {
      await runJob();
      const [row] = await rowsTo('+84913000004');
      if (row!.nextAttemptAt) clock = row!.nextAttemptAt.getTime();
    }
    const [given] = await rowsTo('+84913000004');
    expect(given).toMatchObject({ status: 'FAILED', attempts: 5 });
    expect(twilioCalls.map((c) => c.form.get('To'))).toEqual([
      '+84913000003',
      ...Array(5).fill('+84913000004'),
    ]);
  });

  it('lists a failed send for operators, masked, and sends it again on Retry', async () => {
    twilioAnswers.push([
      400,
      { code: 21610, message: 'Attempt to send to unsubscribed recipient', status: 400 },
    ]);
    await askCode('0913000005');
    await runJob();
    const failed = (await deliveries('?status=FAILED')).find((d: { recipient: string }) =>
      d.recipient.endsWith('05'),
    );
    expect(failed).toMatchObject({
      channel: 'sms',
      recipient: '+8491•••••05',
      status: 'FAILED',
      attempts: 1,
      retryable: true,
    });
    expect(failed.preview).toBe('Portico: your verification code is ••••••. It expires in 5 minutes.');
    expect(failed.lastError).toContain('unsubscribed');

    const retried = await ops('POST', `/ops/deliveries/${failed.id}/retry`);
    expect(retried.json().value.delivery).toMatchObject({ status: 'PENDING', attempts: 0 });
    await runJob();
    const [row] = await rowsTo('+84913000005');
    expect(row).toMatchObject({ status: 'SENT', attempts: 1 });
    // Only a failed one: a second retry is refused.
    const again = await ops('POST', `/ops/deliveries/${failed.id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, code: 'CONFLICT' });
  });

  it('gives up a code that expired while waiting, and refuses to retry it', async () => {
    for (let i = 0; i < 3; i += 1)
      twilioAnswers.push([503, { code: 20503, message: 'Unavailable', status: 503 }]);
    await askCode('0913000006');
    await runJob();
    // Past the code's 5 minutes (the SMS service's own clock is the real one).
    clock = Date.now() + 6 * 60_000;
    await runJob();
    const [row] = await rowsTo('+84913000006');
    expect(row!.status).toBe('FAILED');
    expect(row!.lastError).toMatch(/^Expired before it could be delivered \(last error: Twilio 503/);
    const retry = await ops('POST', `/ops/deliveries/${row!.id}/retry`);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().message).toMatch(/expired/);
  });
});

describe('a channel without a driver', () => {
  it('fails its messages visibly (production), naming the variable to set', async () => {
    const [queued] = await t.database.db
      .insert(outbox)
      .values({
        merchantCode: 'LOTUS',
        channel: 'sms',
        recipient: '+84913000099',
        body: 'Lotus: your verification code is 123456.',
        preview: 'Lotus: your verification code is ••••••.',
        status: 'PENDING',
        nextAttemptAt: new Date(clock),
      })
      .returning();
    const bare = createDeliveries(t.database.db, { transports: {}, now: () => new Date(clock) });
    expect(await bare.runDue()).toMatchObject({ FAILED: 1 });
    const [row] = await rowsTo('+84913000099');
    expect(row).toMatchObject({
      id: queued!.id,
      status: 'FAILED',
      lastError: 'No SMS driver: set PORTICO_SMS_URL',
    });
  });
});

describe('senders', () => {
  it('refuses a malformed sender with the field named', async () => {
    const res = await ops('PUT', '/ops/merchants/PORTICO/senders', {
      emailFrom: 'not-an-address',
      emailName: '',
      smsFrom: 'A sender id far too long',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields ?? {})).toEqual(expect.arrayContaining(['emailFrom', 'smsFrom']));
  });
});
