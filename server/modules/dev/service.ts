import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';
import type { CaptchaService } from '../auth/captcha.ts';

/** What the dev-only tools read: the SMS/e-mail outbox and the answers of dev-mode captchas. */
export function createDevTools(db: Db, captcha: CaptchaService) {
  return {
    /** The latest 100 messages, to a recipient whose digits end with `to`'s when given. */
    async outbox(to?: string) {
      const rows = await db.select().from(outbox).orderBy(desc(outbox.id)).limit(100);
      const digits = to?.replace(/\D/g, '');
      return digits ? rows.filter((m) => m.recipient.replace(/\D/g, '').endsWith(digits)) : rows;
    },
    captchaAnswer: (id: string) => captcha.devAnswer(id),
  };
}
export type DevTools = ReturnType<typeof createDevTools>;
