import type { z } from 'zod';
import {
  AGENT_TYPES,
  type changePassword,
  type MemberInfo,
  TRIAL_AGENT_TYPE,
} from '../../../contract/member.ts';
import { DomainError } from '../../http/errors.ts';
import type { Merchant } from '../../http/merchant.ts';
import { verifyPassword } from '../../lib/password.ts';
import type { Member } from '../auth/sessions.ts';
import { checkNewPassword, enforcePasswordRule, type PasswordStore } from './passwords.ts';

/** Club labels by rank (rank above 4 is served by the VIP desk, spec §6). */
const CLUBS = [
  { labelName: 'Bronze', color: '#b87333', color2: '#e3a869' },
  { labelName: 'Silver', color: '#8e9aa6', color2: '#d5dde4' },
  { labelName: 'Gold', color: '#c99700', color2: '#f5d76e' },
  { labelName: 'Platinum', color: '#4f6d7a', color2: '#a9c6d3' },
  { labelName: 'Diamond', color: '#3a7bd5', color2: '#9fd3ff' },
  { labelName: 'Crown', color: '#6142bf', color2: '#c1a7ff' },
];

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

/** The logged-in member's own account calls (the forgot-password ones, without a session, are in recovery.ts). */
export function createMemberService(passwords: PasswordStore) {
  return {
    /** The old password proves the member; every other session ends with the change. */
    async changePassword(
      m: Merchant,
      member: Member,
      tokenHash: string,
      body: z.output<typeof changePassword.body>,
    ) {
      if (member.agentType === TRIAL_AGENT_TYPE)
        throw new DomainError(403, 'FORBIDDEN', 'Please Register An Account First');
      enforcePasswordRule(m, body.newPassword);
      if (body.confirmNewPassword !== body.newPassword)
        throw new DomainError(400, 'VALIDATION', 'Incorrect confirmation input', {
          confirmNewPassword: 'Incorrect confirmation input',
        });
      if (!body.oldPassword || !(await verifyPassword(body.oldPassword, member.passwordHash)))
        throw new DomainError(400, 'VALIDATION', 'The old password is incorrect', {
          oldPassword: 'The old password is incorrect',
        });
      checkNewPassword(m, body.newPassword, body.oldPassword);
      await passwords.replace(member, body.newPassword, {
        action: 'PASSWORD_CHANGED',
        subject: {},
        keepTokenHash: tokenHash,
      });
    },
  };
}
export type MemberService = ReturnType<typeof createMemberService>;
