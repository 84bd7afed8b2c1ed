import { setTimeout as sleep } from 'node:timers/promises';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type forgotByPhone,
  PASSWORD_RESET_MINUTES,
  PASSWORD_RESET_TRIES,
  RESET_LINK_PARAMS,
  type resetPassword,
} from '../../../contract/member.ts';
import type { Locale } from '../../../contract/merchant.ts';
import type { Db } from '../../db/client.ts';
import { domains, members, passwordResets } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { Merchant } from '../../http/merchant.ts';
import { readableCode, sha256 } from '../../lib/secrets.ts';
import { renderMessage } from '../../ports/messageTemplates.ts';
import type { MessagingPort } from '../../ports/messaging.ts';
import type { AuditLog } from '../audit/log.ts';
import { normaliseMobile, type SmsService } from '../auth/sms.ts';
import { checkNewPassword, type PasswordStore } from './passwords.ts';

/** One member gets a new code a minute and 5 an hour at most; past that a request sends nothing (same reply). */
export const RESET_RULES = { resendSeconds: 60, perHour: 5 };
/**
 * A forgot request answers no sooner than this, found account or not: the lookup, the code, its audit row and the
 * e-mail take a few ms, which would otherwise tell a timing client that the account exists.
 */
export const FORGOT_REPLY_MS = 250;

/** Where the request came from: its address for the audit row, the site it was made on for the e-mail's link. */
export interface RequestSite {
  ip: string;
  protocol: string;
  /** Host header (with port), believed only when it is a domain of the merchant. */
  host: string;
  /** The portal's language: the e-mail's. */
  language?: Locale;
}

type ResetBody = z.output<typeof resetPassword.body>;
type PhoneBody = z.output<typeof forgotByPhone.body>;

/** Codes are read from an e-mail: case, spaces and dashes do not matter. */
const normalised = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');
const codeHash = (memberId: number, code: string) => sha256(`${memberId}:${normalised(code)}`);

const codeRefused = () =>
  new DomainError(400, 'VALIDATION', 'This code is not valid or has expired, please ask for a new one', {
    code: 'This code is not valid or has expired, please ask for a new one',
  });

/**
 * Forgot password (spec §4): by e-mail a single-use code (and a link carrying it) valid 15 minutes, which changes
 * nothing until `reset` uses it; by phone the SMS code proves the number in the same call that sets the password.
 */
export function createPasswordRecovery(
  db: Db,
  deps: { passwords: PasswordStore; sms: SmsService; messaging: MessagingPort; audit: AuditLog },
  now: () => Date = () => new Date(),
  replyFloorMs = FORGOT_REPLY_MS,
) {
  const ago = (ms: number) => new Date(now().getTime() - ms);

  /** The site's address for the e-mail's link, when the request came to one of the merchant's own domains. */
  async function siteOrigin(m: Merchant, site: RequestSite): Promise<string | null> {
    const host = site.host.toLowerCase();
    const [row] = await db
      .select({ domain: domains.domain })
      .from(domains)
      .where(and(eq(domains.domain, host.replace(/:\d+$/, '')), eq(domains.merchantCode, m.code)));
    return row ? `${site.protocol}://${host}` : null;
  }

  /** Recent codes of the member: none sent in the last minute and fewer than 5 in the hour. */
  async function mayResend(memberId: number): Promise<boolean> {
    const recent = await db
      .select({ createdAt: passwordResets.createdAt })
      .from(passwordResets)
      .where(and(eq(passwordResets.memberId, memberId), gt(passwordResets.createdAt, ago(3_600_000))))
      .orderBy(desc(passwordResets.createdAt))
      .limit(RESET_RULES.perHour);
    const last = recent[0]?.createdAt;
    return recent.length < RESET_RULES.perHour && !(last && last > ago(RESET_RULES.resendSeconds * 1000));
  }

  async function sendCode(m: Merchant, member: typeof members.$inferSelect, site: RequestSite) {
    if (!(await mayResend(member.id))) return;
    const code = readableCode(8);
    const expiresAt = new Date(now().getTime() + PASSWORD_RESET_MINUTES * 60_000);
    await db.transaction(async (tx) => {
      await tx.insert(passwordResets).values({
        merchantCode: m.code,
        memberId: member.id,
        codeHash: codeHash(member.id, code),
        expiresAt,
      });
      await deps.audit.append(tx, {
        merchantCode: m.code,
        actor: `member:${member.id}`,
        action: 'PASSWORD_RESET_REQUESTED',
        subject: { channel: 'email', ip: site.ip },
      });
    });
    const origin = await siteOrigin(m, site);
    const link = origin
      ? `${origin}/?${new URLSearchParams({ [RESET_LINK_PARAMS.code]: code, [RESET_LINK_PARAMS.username]: member.account })}`
      : '';
    const language = site.language ?? 'en';
    await deps.messaging.send({
      merchantCode: m.code,
      channel: 'email',
      recipient: member.email!,
      ...renderMessage('passwordResetEmail', language, {
        brand: m.brand.name,
        code,
        minutes: PASSWORD_RESET_MINUTES,
        link,
      }),
      language,
      expiresAt,
    });
  }

  /**
   * One try at the member's newest code, counted before it is compared (so parallel guesses count each): the code
   * row when the try was allowed, else null (no code, used, expired, or out of tries).
   */
  async function tryCode(memberId: number) {
    const newest = db
      .select({ id: passwordResets.id })
      .from(passwordResets)
      .where(eq(passwordResets.memberId, memberId))
      .orderBy(desc(passwordResets.createdAt), desc(passwordResets.id))
      .limit(1);
    const [row] = await db
      .update(passwordResets)
      .set({ attempts: sql`${passwordResets.attempts} + 1` })
      .where(
        and(
          inArray(passwordResets.id, newest),
          isNull(passwordResets.usedAt),
          lt(passwordResets.attempts, PASSWORD_RESET_TRIES),
          gt(passwordResets.expiresAt, now()),
        ),
      )
      .returning();
    return row ?? null;
  }

  return {
    /** The same reply, after the same time, whether or not the username and e-mail match an account. */
    async forgotByEmail(m: Merchant, username: string, email: string, site: RequestSite): Promise<void> {
      const floor = sleep(replyFloorMs);
      const [member] = await db
        .select()
        .from(members)
        .where(
          and(
            eq(members.merchantCode, m.code),
            eq(members.account, username.toLowerCase()),
            eq(sql`lower(${members.email})`, email.toLowerCase()),
          ),
        );
      if (member) await sendCode(m, member, site);
      await floor;
    },

    /** The e-mailed code sets the new password, once; any refusal reads the same, account or not. */
    async reset(m: Merchant, body: ResetBody, site: RequestSite): Promise<void> {
      checkNewPassword(m, body.newPassword);
      const [member] = await db
        .select()
        .from(members)
        .where(and(eq(members.merchantCode, m.code), eq(members.account, body.username.toLowerCase())));
      const row = member ? await tryCode(member.id) : null;
      if (!member || !row || row.codeHash !== codeHash(member.id, body.code)) throw codeRefused();
      await deps.passwords.replace(member, body.newPassword, {
        action: 'PASSWORD_RESET',
        subject: { channel: 'email', ip: site.ip },
        inTx: async (tx) => {
          const [used] = await tx
            .update(passwordResets)
            .set({ usedAt: now() })
            .where(and(eq(passwordResets.id, row.id), isNull(passwordResets.usedAt)))
            .returning({ id: passwordResets.id });
          if (!used) throw codeRefused();
        },
      });
    },

    /** By phone: the SMS code sent to the number (used up here) proves it; then the password is set. */
    async forgotByPhone(m: Merchant, body: PhoneBody, site: RequestSite): Promise<void> {
      const mobile = normaliseMobile(body.countryDialingCode, body.mobileNum);
      checkNewPassword(m, body.newPassword);
      await deps.sms.verify(m, 'login', mobile, body.verificationCode);
      const [member] = await db
        .select()
        .from(members)
        .where(and(eq(members.merchantCode, m.code), eq(members.mobile, mobile)));
      if (!member)
        throw new DomainError(404, 'NOT_FOUND', 'This phone number is not registered', {
          mobileNum: 'This phone number is not registered',
        });
      await deps.passwords.replace(member, body.newPassword, {
        action: 'PASSWORD_RESET',
        subject: { channel: 'sms', ip: site.ip },
      });
    },
  };
}
export type PasswordRecovery = ReturnType<typeof createPasswordRecovery>;
