import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  AGENT_TYPES,
  type changePassword,
  type forgotByPhone,
  type MemberInfo,
  TRIAL_AGENT_TYPE,
} from '../../../contract/member.ts';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { Merchant } from '../../http/merchant.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import type { MessagingPort } from '../../ports/messaging.ts';
import { enforceRules } from '../auth/rules.ts';
import type { Member, SessionService } from '../auth/sessions.ts';
import { normaliseMobile, type SmsService } from '../auth/sms.ts';

/** Club labels by rank (rank above 4 is served by the VIP desk, spec §6). */
const CLUBS = [
  { labelName: 'Bronze', color: '#b87333', color2: '#e3a869' },
  { labelName: 'Silver', color: '#8e9aa6', color2: '#d5dde4' },
  { labelName: 'Gold', color: '#c99700', color2: '#f5d76e' },
  { labelName: 'Platinum', color: '#4f6d7a', color2: '#a9c6d3' },
  { labelName: 'Diamond', color: '#3a7bd5', color2: '#9fd3ff' },
  { labelName: 'Crown', color: '#6142bf', color2: '#c1a7ff' },
];

const TEMP_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** A temporary password that satisfies the letters-and-digits rule: 8 letters/digits plus one digit. */
const temporaryPassword = () =>
  `${Array.from({ length: 8 }, () => TEMP_ALPHABET[randomInt(TEMP_ALPHABET.length)]).join('')}${randomInt(10)}`;

export function memberInfo(member: Member): MemberInfo {
  const rank = Math.max(1, member.clubRank);
  const club = CLUBS[Math.min(rank, CLUBS.length) - 1]!;
  const agent = (AGENT_TYPES as readonly number[]).includes(member.agentType);
  return {
    id: member.id,
    account: member.account,
    nickname: member.nickname,
    type: agent ? 'agent' : 'member',
    agentType: member.agentType,
    toUpline: member.uplineId !== null,
    clubLabel: { ...club, rankLevel: rank },
    memberLabel: [
      ...(rank > 4 ? ['VIP'] : []),
      ...(agent ? ['Agent'] : []),
      ...(member.agentType === TRIAL_AGENT_TYPE ? ['Trial'] : []),
    ],
    affiliateCode: agent ? member.affiliateCode : null,
  };
}

export function createMemberService(
  db: Db,
  deps: { sessions: SessionService; sms: SmsService; messaging: MessagingPort },
  now: () => Date = () => new Date(),
) {
  const passwordRules = (m: Merchant) => m.settings.registerFields.filter((r) => r.field === 'password');

  async function setPassword(member: Member, password: string, mustChange: boolean) {
    await db
      .update(members)
      .set({
        passwordHash: await hashPassword(password),
        passwordChangedAt: now(),
        mustChangePassword: mustChange,
      })
      .where(eq(members.id, member.id));
  }

  return {
    async changePassword(
      m: Merchant,
      member: Member,
      tokenHash: string,
      body: z.output<typeof changePassword.body>,
    ) {
      if (member.agentType === TRIAL_AGENT_TYPE)
        throw new DomainError(403, 'FORBIDDEN', 'Please Register An Account First');
      enforceRules(passwordRules(m), { password: body.newPassword });
      if (body.confirmNewPassword !== body.newPassword)
        throw new DomainError(400, 'VALIDATION', 'Incorrect confirmation input', {
          confirmNewPassword: 'Incorrect confirmation input',
        });
      if (!body.oldPassword || !(await verifyPassword(body.oldPassword, member.passwordHash)))
        throw new DomainError(400, 'VALIDATION', 'The old password is incorrect', {
          oldPassword: 'The old password is incorrect',
        });
      if (body.newPassword === body.oldPassword || body.newPassword === m.settings.defaultPassword)
        throw new DomainError(400, 'VALIDATION', 'Choose a new password', {
          newPassword: 'Choose a new password',
        });
      await setPassword(member, body.newPassword, false);
      await deps.sessions.revokeOthers(member.id, tokenHash);
    },

    /** Forgot by e-mail: a temporary password goes to the account's address; the next login must change it. */
    async forgotByEmail(m: Merchant, username: string, email: string) {
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
      if (!member) throw new DomainError(404, 'NOT_FOUND', 'Username/Email does not exist');
      const password = temporaryPassword();
      await setPassword(member, password, true);
      await deps.messaging.send(
        m.code,
        'email',
        email,
        `${m.brand.name}: your temporary password is ${password}. You will choose a new one when you log in.`,
      );
    },

    async forgotByPhone(m: Merchant, body: z.output<typeof forgotByPhone.body>) {
      const mobile = normaliseMobile(body.countryDialingCode, body.mobileNum);
      enforceRules(passwordRules(m), { password: body.newPassword });
      await deps.sms.verify(m, 'login', mobile, body.verificationCode);
      const [member] = await db
        .select()
        .from(members)
        .where(and(eq(members.merchantCode, m.code), eq(members.mobile, mobile)));
      if (!member)
        throw new DomainError(404, 'NOT_FOUND', 'This phone number is not registered', {
          mobileNum: 'This phone number is not registered',
        });
      await setPassword(member, body.newPassword, false);
      await deps.sessions.revokeOthers(member.id);
    },
  };
}
export type MemberService = ReturnType<typeof createMemberService>;
