import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { smsCodes } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { Merchant } from '../../http/merchant.ts';
import { numericCode, sha256 } from '../../lib/secrets.ts';
import type { MessagingPort } from '../../ports/messaging.ts';

export type SmsPurpose = 'register' | 'login';

/** A code lives 5 minutes; one number gets one code a minute and 5 an hour; one IP 20 codes an hour. */
export const SMS_RULES = {
  expiredMinutes: 5,
  resendSeconds: 60,
  perNumberHour: 5,
  perIpHour: 20,
  maxAttempts: 5,
};

/** "+84" and "0901…" → "84901…": one spelling per number. */
export function normaliseMobile(dialCode: string, number: string): string {
  return `${dialCode.replace(/\D/g, '')}${number.replace(/\D/g, '').replace(/^0+/, '')}`;
}

const codeHash = (mobile: string, code: string) => sha256(`${mobile}:${code.trim()}`);

export function createSmsService(db: Db, messaging: MessagingPort, now: () => Date = () => new Date()) {
  const ago = (ms: number) => new Date(now().getTime() - ms);

  return {
    async send(m: Merchant, purpose: SmsPurpose, mobile: string, ip: string) {
      const [last] = await db
        .select({ createdAt: smsCodes.createdAt })
        .from(smsCodes)
        .where(and(eq(smsCodes.merchantCode, m.code), eq(smsCodes.mobile, mobile)))
        .orderBy(desc(smsCodes.createdAt))
        .limit(1);
      if (last && last.createdAt > ago(SMS_RULES.resendSeconds * 1000))
        throw new DomainError(
          429,
          'RATE_LIMITED',
          'A code was just sent to this number, please wait a minute',
        );
      const [perNumber] = await db
        .select({ n: count() })
        .from(smsCodes)
        .where(and(eq(smsCodes.mobile, mobile), gt(smsCodes.createdAt, ago(3_600_000))));
      const [perIp] = await db
        .select({ n: count() })
        .from(smsCodes)
        .where(and(eq(smsCodes.ip, ip), gt(smsCodes.createdAt, ago(3_600_000))));
      if ((perNumber?.n ?? 0) >= SMS_RULES.perNumberHour || (perIp?.n ?? 0) >= SMS_RULES.perIpHour)
        throw new DomainError(429, 'RATE_LIMITED', 'Too many requests, try again after 5 minutes');

      const code = numericCode(6);
      const expiresAt = new Date(now().getTime() + SMS_RULES.expiredMinutes * 60_000);
      await db
        .insert(smsCodes)
        .values({ merchantCode: m.code, purpose, mobile, codeHash: codeHash(mobile, code), ip, expiresAt });
      await messaging.send(
        m.code,
        'sms',
        `+${mobile}`,
        `${m.brand.name}: your verification code is ${code}. It expires in ${SMS_RULES.expiredMinutes} minutes.`,
      );
      return { expiredMinutes: SMS_RULES.expiredMinutes, expirationTime: expiresAt.toISOString() };
    },

    /** Consumes the newest live code of the number if `code` matches; wrong tries count against it. */
    async verify(m: Merchant, purpose: SmsPurpose, mobile: string, code: string): Promise<void> {
      const [row] = await db
        .select()
        .from(smsCodes)
        .where(
          and(
            eq(smsCodes.merchantCode, m.code),
            eq(smsCodes.mobile, mobile),
            eq(smsCodes.purpose, purpose),
            isNull(smsCodes.usedAt),
          ),
        )
        .orderBy(desc(smsCodes.createdAt))
        .limit(1);
      const invalid = (message: string) =>
        new DomainError(400, 'VALIDATION', message, { verificationCode: message });
      if (!row || row.attempts >= SMS_RULES.maxAttempts)
        throw invalid('Verification code not valid, please send again');
      if (row.expiresAt <= now()) throw invalid('Code expired, please send again');
      if (row.codeHash !== codeHash(mobile, code)) {
        await db
          .update(smsCodes)
          .set({ attempts: row.attempts + 1 })
          .where(eq(smsCodes.id, row.id));
        throw invalid('Please enter a valid verification code');
      }
      const [used] = await db
        .update(smsCodes)
        .set({ usedAt: now() })
        .where(and(eq(smsCodes.id, row.id), isNull(smsCodes.usedAt)))
        .returning({ id: smsCodes.id });
      if (!used) throw invalid('Verification code not valid, please send again');
    },
  };
}
export type SmsService = ReturnType<typeof createSmsService>;
