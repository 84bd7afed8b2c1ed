import { and, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Locale } from '../../../contract/merchant.ts';
import type { Db, Tx } from '../../db/client.ts';
import { members, smsCodes, smsSends } from '../../db/schema/index.ts';
import { DomainError, type ErrorExtra } from '../../http/errors.ts';
import type { Merchant } from '../../http/merchant.ts';
import { numericCode, sha256 } from '../../lib/secrets.ts';
import { renderMessage } from '../../ports/messageTemplates.ts';
import type { MessagingPort } from '../../ports/messaging.ts';
import type { CaptchaService } from './captcha.ts';

export type SmsPurpose = 'register' | 'login';

/**
 * A code lives 5 minutes and takes 5 tries; one number gets one code a minute. A day (UTC) one number gets at most
 * 10 codes and one address asks for at most 20: the SMS gateway costs money per message and must not be pumped.
 */
export const SMS_RULES = {
  expiredMinutes: 5,
  resendSeconds: 60,
  perNumberDay: 10,
  perAddressDay: 20,
  maxAttempts: 5,
};

/** What a code request carries: the number and a solved captcha (contract/auth.ts registerSms, loginSms). */
export interface SmsRequest {
  countryDialingCode: string;
  mobileNo: string;
  captchaId?: string;
  captcha?: string;
}

/** "+84" and "0901…" → "84901…": one spelling per number. */
export function normaliseMobile(dialCode: string, number: string): string {
  return `${dialCode.replace(/\D/g, '')}${number.replace(/\D/g, '').replace(/^0+/, '')}`;
}

const codeHash = (mobile: string, code: string) => sha256(`${mobile}:${code.trim()}`);

const tooMany = (message: string, extra: ErrorExtra) =>
  new DomainError(429, 'RATE_LIMITED', message, undefined, extra);

export function createSmsService(
  db: Db,
  messaging: MessagingPort,
  captcha: CaptchaService,
  now: () => Date = () => new Date(),
) {
  /**
   * Counts one send against a daily cap in one upsert, so parallel requests each get their own number; with
   * `interval` the row is not touched (no row comes back) while the last send is under resendSeconds old.
   */
  async function countSend(tx: Tx, m: Merchant, key: string, cap: number, interval: boolean) {
    const at = now();
    const day = at.toISOString().slice(0, 10);
    const [row] = await tx
      .insert(smsSends)
      .values({ merchantCode: m.code, key, day, sends: 1, lastSentAt: at })
      .onConflictDoUpdate({
        target: [smsSends.merchantCode, smsSends.key, smsSends.day],
        set: { sends: sql`${smsSends.sends} + 1`, lastSentAt: at },
        setWhere: interval
          ? lte(smsSends.lastSentAt, new Date(at.getTime() - SMS_RULES.resendSeconds * 1000))
          : undefined,
      })
      .returning({ sends: smsSends.sends });
    if (!row) {
      // The form counts down from the server's figure, so the player sees when to ask again.
      const [last] = await tx
        .select({ at: smsSends.lastSentAt })
        .from(smsSends)
        .where(and(eq(smsSends.merchantCode, m.code), eq(smsSends.key, key), eq(smsSends.day, day)));
      const due = (last?.at.getTime() ?? at.getTime()) + SMS_RULES.resendSeconds * 1000;
      const retryAfter = Math.min(
        SMS_RULES.resendSeconds,
        Math.max(1, Math.ceil((due - at.getTime()) / 1000)),
      );
      throw tooMany('A code was just sent to this number, please wait before asking again', { retryAfter });
    }
    if (row.sends > cap)
      throw tooMany('Too many verification codes today, please try again tomorrow', {
        until: new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString(),
      });
  }

  const registered = async (m: Merchant, mobile: string) =>
    (
      await db
        .select({ id: members.id })
        .from(members)
        .where(and(eq(members.merchantCode, m.code), eq(members.mobile, mobile)))
    ).length > 0;

  return {
    /**
     * Sends a code once the captcha is solved and the number and address are under their caps. A login code
     * (SMS login, reset by phone) goes only to a number with an account, yet the reply is the same for any number,
     * so it tells nobody which numbers are registered.
     */
    async send(m: Merchant, purpose: SmsPurpose, request: SmsRequest, ip: string, language: Locale = 'en') {
      if (!(await captcha.verify(m, request.captchaId, request.captcha)))
        throw new DomainError(400, 'VALIDATION', 'Captcha is incorrect, please try again', {
          captcha: 'Captcha is incorrect',
        });
      const mobile = normaliseMobile(request.countryDialingCode, request.mobileNo);
      await db.transaction(async (tx) => {
        await countSend(tx, m, `mobile:${mobile}`, SMS_RULES.perNumberDay, true);
        await countSend(tx, m, `ip:${ip}`, SMS_RULES.perAddressDay, false);
      });
      const expiresAt = new Date(now().getTime() + SMS_RULES.expiredMinutes * 60_000);
      if (purpose === 'register' || (await registered(m, mobile))) {
        const code = numericCode(6);
        await db
          .insert(smsCodes)
          .values({ merchantCode: m.code, purpose, mobile, codeHash: codeHash(mobile, code), ip, expiresAt });
        const vars = { brand: m.brand.name, code, minutes: SMS_RULES.expiredMinutes };
        await messaging.send({
          merchantCode: m.code,
          channel: 'sms',
          recipient: `+${mobile}`,
          ...renderMessage(purpose === 'register' ? 'smsRegister' : 'smsLogin', language, vars),
          language,
          expiresAt,
        });
      }
      return { expiredMinutes: SMS_RULES.expiredMinutes, expirationTime: expiresAt.toISOString() };
    },

    /**
     * Consumes the newest live code of the number if `code` matches. Every try is counted first, in one UPDATE, and
     * judged by the count it returns: parallel guesses get a try each and only the first maxAttempts are compared.
     */
    async verify(m: Merchant, purpose: SmsPurpose, mobile: string, code: string): Promise<void> {
      const newest = db
        .select({ id: smsCodes.id })
        .from(smsCodes)
        .where(
          and(
            eq(smsCodes.merchantCode, m.code),
            eq(smsCodes.mobile, mobile),
            eq(smsCodes.purpose, purpose),
            isNull(smsCodes.usedAt),
          ),
        )
        .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
        .limit(1);
      const [row] = await db
        .update(smsCodes)
        .set({ attempts: sql`${smsCodes.attempts} + 1` })
        .where(inArray(smsCodes.id, newest))
        .returning();
      const invalid = (message: string) =>
        new DomainError(400, 'VALIDATION', message, { verificationCode: message });
      if (!row || row.attempts > SMS_RULES.maxAttempts)
        throw invalid('Verification code not valid, please send again');
      if (row.expiresAt <= now()) throw invalid('Code expired, please send again');
      if (row.codeHash !== codeHash(mobile, code)) throw invalid('Please enter a valid verification code');
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
