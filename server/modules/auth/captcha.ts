import { randomUUID } from 'node:crypto';
import { Resvg } from '@resvg/resvg-js';
import { and, eq, gt, isNull } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../db/client.ts';
import { captchas } from '../../db/schema/index.ts';
import type { Merchant } from '../../http/merchant.ts';
import { sha256 } from '../../lib/secrets.ts';

const TTL_MS = 5 * 60_000;
/** Characters people confuse are left out. */
const IGNORE = '0oO1iIlL';

const answerHash = (id: string, answer: string) => sha256(`${id}:${answer.trim().toLowerCase()}`);

/** Single-use image captchas: a PNG for the visitor, only a hash of the answer kept. */
export function createCaptchaService(db: Db, now: () => Date = () => new Date()) {
  return {
    async issue(m: Merchant, devTools: boolean) {
      const { text, data } = svgCaptcha.create({
        size: 4,
        noise: 2,
        ignoreChars: IGNORE,
        width: 120,
        height: 40,
      });
      const png = new Resvg(data, { background: '#ffffff' }).render().asPng();
      const captchaId = randomUUID();
      const expiresAt = new Date(now().getTime() + TTL_MS);
      await db.insert(captchas).values({
        id: captchaId,
        merchantCode: m.code,
        answerHash: answerHash(captchaId, text),
        devAnswer: devTools && m.settings.captchaMode === 'dev' ? text : null,
        expiresAt,
      });
      return {
        captchaId,
        image: `data:image/png;base64,${png.toString('base64')}`,
        expiresAt: expiresAt.toISOString(),
      };
    },

    /** True once for the right answer before expiry; any attempt uses the captcha up. */
    async verify(m: Merchant, captchaId: string | undefined, answer: string | undefined): Promise<boolean> {
      if (!captchaId || !answer) return false;
      const [used] = await db
        .update(captchas)
        .set({ usedAt: now() })
        .where(
          and(
            eq(captchas.id, captchaId),
            eq(captchas.merchantCode, m.code),
            isNull(captchas.usedAt),
            gt(captchas.expiresAt, now()),
          ),
        )
        .returning({ answerHash: captchas.answerHash });
      return used?.answerHash === answerHash(captchaId, answer);
    },

    async devAnswer(captchaId: string): Promise<string | null> {
      const [row] = await db
        .select({ devAnswer: captchas.devAnswer })
        .from(captchas)
        .where(eq(captchas.id, captchaId));
      return row?.devAnswer ?? null;
    },
  };
}
export type CaptchaService = ReturnType<typeof createCaptchaService>;
