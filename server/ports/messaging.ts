import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';

/** Where SMS and e-mail go. The built-in driver keeps them in the outbox table (read at /__dev/outbox). */
export interface MessagingPort {
  send(merchantCode: string, channel: 'sms' | 'email', recipient: string, body: string): Promise<void>;
}

export function outboxMessaging(db: Db): MessagingPort {
  return {
    async send(merchantCode, channel, recipient, body) {
      await db.insert(outbox).values({ merchantCode, channel, recipient, body });
    },
  };
}
