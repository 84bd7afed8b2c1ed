import { z } from 'zod';
import { defineCall, emptyQuery, wpsReply } from './call.ts';

/** Agent types of spec §2/§6: 1, 2, 41, 42 are agents (agent centre); 4 is a trial account; 0 a plain member. */
export {
  AGENT_TYPES,
  PASSWORD_RESET_MINUTES,
  PASSWORD_RESET_TRIES,
  RESET_LINK_PARAMS,
  TRIAL_AGENT_TYPE,
} from './constants.ts';

export const clubLabel = z.object({
  labelName: z.string(),
  color: z.string(),
  color2: z.string(),
  rankLevel: z.number().int(),
});

export const memberInfoValue = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  /** agent or member, decided from the agent type (spec §6). */
  type: z.enum(['agent', 'member']),
  agentType: z.number().int(),
  toUpline: z.boolean(),
  clubLabel,
  memberLabel: z.array(z.string()),
  /** An agent's own invitation (affiliate) code, which binds the accounts registered with it below the agent. */
  affiliateCode: z.string().nullable().optional(),
  /**
   * The default or an expired password is still in use: until it is changed the server answers only the change,
   * this call and logout (PASSWORD_CHANGE_REQUIRED), so the SPA asks for the change on every load.
   */
  mustChangePassword: z.enum(['default', 'expired']).nullable().optional(),
});
export type MemberInfo = z.infer<typeof memberInfoValue>;

export const memberInfo = defineCall({
  method: 'GET',
  path: '/wps/member/info',
  class: 'read',
  summary: 'The logged-in member: account, nickname, type, club label',
  auth: 'token',
  query: emptyQuery,
  response: wpsReply(memberInfoValue),
});

export const playerAvatar = defineCall({
  method: 'GET',
  path: '/wps/relay/MCSFE_getPlayerAvatar',
  class: 'read',
  summary: 'The logged-in member’s avatar: a picture of the initial of its nickname on its own colour',
  auth: 'token',
  query: emptyQuery,
  response: wpsReply(z.object({ avatarUrl: z.string() })),
});

export const memberIcon = defineCall({
  method: 'GET',
  path: '/wps/member/info/icon',
  class: 'read',
  summary: 'The logged-in member’s icon: the badge of its club rank, with the rank and its name',
  auth: 'token',
  query: emptyQuery,
  response: wpsReply(z.object({ iconUrl: z.string(), labelName: z.string(), rankLevel: z.number().int() })),
});

export const changePassword = defineCall({
  method: 'POST',
  path: '/wps/member/password',
  class: 'account',
  summary: 'Change the login password (old password needed unless a forced change right after login)',
  auth: 'token',
  body: z.object({
    oldPassword: z.string().max(64).optional(),
    newPassword: z.string().max(64),
    confirmNewPassword: z.string().max(64),
  }),
  response: wpsReply(z.null()),
});

export const forgotByEmail = defineCall({
  method: 'POST',
  path: '/wps/member/password/email',
  class: 'account',
  summary:
    'Forgot password: when the username and e-mail match an account, a single-use code (and a link carrying it) valid 15 minutes is e-mailed to it; nothing changes until resetPassword uses it. The reply is the same whether or not they match.',
  body: z.object({ username: z.string().trim().min(1).max(64), email: z.string().trim().min(3).max(100) }),
  response: wpsReply(z.null()),
});

export const resetPassword = defineCall({
  method: 'POST',
  path: '/wps/member/password/reset',
  class: 'account',
  summary:
    'Forgot password, second step: the e-mailed code sets the new password, once; 5 wrong tries end the code. Every session of the account ends.',
  body: z.object({
    username: z.string().trim().min(1).max(64),
    code: z.string().trim().min(1, 'Please enter the code').max(32),
    newPassword: z.string().max(64),
  }),
  response: wpsReply(z.null()),
});

export const forgotByPhone = defineCall({
  method: 'POST',
  path: '/wps/member/password/verification',
  class: 'account',
  summary:
    'Forgot password by phone: the SMS code sent to the account’s number (the SMS code call) sets the new password; every session of the account ends',
  body: z.object({
    countryDialingCode: z
      .string()
      .trim()
      .regex(/^\+?\d{1,4}$/),
    mobileNum: z
      .string()
      .trim()
      .regex(/^\d{6,15}$/, 'Please enter a valid mobile number'),
    verificationCode: z.string().trim().min(1, 'Please enter a valid verification code').max(255),
    newPassword: z.string().max(64),
  }),
  response: wpsReply(z.null()),
});
