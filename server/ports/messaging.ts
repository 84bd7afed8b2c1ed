import type { Locale } from '../../contract/merchant.ts';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';

export type Channel = 'sms' | 'email';

/** A message to send: the text in the recipient's language, and `preview`, the same with its code masked. */
export interface Message {
  merchantCode: string;
  channel: Channel;
  recipient: string;
  subject?: string;
  body: string;
  preview: string;
  language: Locale;
  /** Past this the message is worthless (a code's expiry): given up rather than sent late. */
  expiresAt?: Date;
}

/**
 * Where SMS and e-mail go. Sending never waits for a provider: the message is queued in the outbox table and the
 * delivery job (server/jobs/deliveries.ts) hands it to the channel's driver, retrying with backoff.
 */
export interface MessagingPort {
  send(message: Message): Promise<void>;
}

/** Whom a message is from: the merchant's sender settings (set in /ops), else the driver's default. */
export interface Sender {
  /** E-mail From address. */
  emailFrom?: string;
  /** E-mail From display name (default: the brand's name). */
  emailName?: string;
  /** SMS sender: a phone number, an alphanumeric sender id, or a Twilio messaging service (MG…). */
  smsFrom?: string;
}

/** What a driver is handed: one queued message and its sender. */
export interface Outgoing {
  id: number;
  merchantCode: string;
  recipient: string;
  subject: string | null;
  body: string;
  language: string;
  sender: Sender & { brandName: string };
}

/** A channel's driver: SMTP for e-mail (mail.ts), Twilio or a JSON webhook for SMS (sms.ts). */
export interface Transport {
  /** Resolves with the provider's id of the message; throws a DeliveryError (or any error: tried again). */
  deliver(message: Outgoing): Promise<{ providerId?: string }>;
}

/** A refused send. `permanent` when trying again cannot help (a bad number, a mailbox that does not exist). */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/**
 * The queue in front of the drivers. A channel that `delivers` gets PENDING rows (the job sends them); another keeps
 * its messages in the development outbox (OUTBOX, read at /__dev/outbox). `onQueued` wakes the job at once.
 */
export function queuedMessaging(
  db: Db,
  opts: { delivers: (channel: Channel) => boolean; now?: () => Date; onQueued?: () => void },
): MessagingPort {
  const now = opts.now ?? (() => new Date());
  return {
    async send(message) {
      const queued = opts.delivers(message.channel);
      await db.insert(outbox).values({
        ...message,
        subject: message.subject ?? null,
        status: queued ? 'PENDING' : 'OUTBOX',
        nextAttemptAt: queued ? now() : null,
      });
      if (queued) opts.onQueued?.();
    },
  };
}

/** The development driver: every message stays in the outbox. */
export const outboxMessaging = (db: Db): MessagingPort => queuedMessaging(db, { delivers: () => false });
