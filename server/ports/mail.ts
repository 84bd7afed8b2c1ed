import nodemailer from 'nodemailer';
import { DeliveryError, type Transport } from './messaging.ts';

/** PORTICO_SMTP_URL: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://user:pass@host:465` (TLS). */
export function checkSmtpUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(
      'PORTICO_SMTP_URL must be a URL: smtp://user:password@host:587 or smtps://user:password@host:465',
    );
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new Error(`PORTICO_SMTP_URL must start with smtp:// or smtps://, got "${url.protocol}//"`);
  if (!url.hostname) throw new Error('PORTICO_SMTP_URL has no host');
  return value;
}

/**
 * E-mail over SMTP (nodemailer). A reply of the 5xx class is permanent (no such mailbox, refused sender, failed
 * login); a 4xx reply, a refused or dropped connection and a timeout are tried again. Timeouts are short so one
 * slow server never keeps the delivery job past its interval.
 */
export function smtpTransport(url: string, opts: { from?: string } = {}): Transport & { close(): void } {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 5_000,
    socketTimeout: 15_000,
  });
  return {
    async deliver(m) {
      const address = m.sender.emailFrom || opts.from;
      if (!address)
        throw new DeliveryError(
          "No e-mail sender: set the merchant's sender in /ops (Deliveries) or PORTICO_SMTP_FROM",
          true,
        );
      try {
        const info = await transporter.sendMail({
          from: { name: m.sender.emailName || m.sender.brandName, address },
          to: m.recipient,
          subject: m.subject ?? m.sender.brandName,
          text: m.body,
          headers: { 'Content-Language': m.language },
        });
        return { providerId: info.messageId };
      } catch (err) {
        const e = err as { responseCode?: number; message?: string };
        const permanent = typeof e.responseCode === 'number' && e.responseCode >= 500;
        throw new DeliveryError(`SMTP: ${e.message ?? String(err)}`, permanent);
      }
    },
    close: () => transporter.close(),
  };
}
