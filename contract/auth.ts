import { z } from 'zod';
import { defineCall, emptyQuery, wpsReply } from './call.ts';

/** Fields of the registration user (spec §3) that a merchant can switch on and constrain. */
export const registerField = z.enum([
  'username',
  'password',
  'confirmPassword',
  'payeeName',
  'email',
  'qqNum',
  'mobileNum',
  'verificationCode',
  'affiliateCode',
  'paymentPassword',
  'line',
  'whatsapp',
  'zalo',
  'facebook',
  'wechat',
  'idNumber',
  'captcha',
  // Know-your-customer fields (spec §3 labels, §5 messages): a merchant switches each on as its licence asks.
  'address',
  'nationality',
  'occupation',
  'sourceOfIncome',
  'placeOfBirth',
  /** yyyy-MM-dd; the member must be at least the merchant's `ageLimit` on it. */
  'birthday',
]);
export type RegisterField = z.infer<typeof registerField>;

/** Registration field rule (spec §3): `acceptedPattern` '*' means any text; patternId picks the message 0–24. */
export const registerFieldRule = z.object({
  field: registerField,
  enabled: z.boolean(),
  required: z.boolean(),
  minLength: z.number().int().min(0),
  maxLength: z.number().int().min(1),
  patternId: z.number().int().min(0).max(24),
  acceptedPattern: z.string(),
});
export type RegisterFieldRule = z.infer<typeof registerFieldRule>;

/** Spec §9 country list entry for the dial-code dropdown. */
export const country = z.object({ countryCode: z.string(), countryDialingCode: z.string() });
export type Country = z.infer<typeof country>;

export const registerSettings = defineCall({
  method: 'GET',
  path: '/wps/system/setting/register',
  class: 'read',
  summary:
    'Registration settings: per-field rules, the minimum age (checked on the birthday), countries with dial codes',
  query: emptyQuery,
  response: wpsReply(
    z.object({
      fields: z.array(registerFieldRule),
      ageLimit: z.union([z.literal(18), z.literal(21)]),
      countries: z.array(country),
      smsVerification: z.boolean(),
    }),
  ),
});

/** A captcha answer travels with the request that needs it. */
const captchaAnswer = {
  captchaId: z.string().max(64).optional(),
  captcha: z.string().trim().max(16).optional(),
};

export const captcha = defineCall({
  method: 'GET',
  path: '/wps/captcha',
  class: 'account',
  summary: 'A new single-use captcha: base64 PNG and its id',
  query: emptyQuery,
  response: wpsReply(z.object({ captchaId: z.string(), image: z.string(), expiresAt: z.string() })),
});

const mobile = {
  countryDialingCode: z
    .string()
    .trim()
    .regex(/^\+?\d{1,4}$/, 'Enter a valid dial code'),
  mobileNo: z
    .string()
    .trim()
    .regex(/^\d{6,15}$/, 'Please enter a valid mobile number'),
};

/** SMS code reply (spec §3): minutes of validity and the absolute expiry. */
export const smsCodeReply = wpsReply(
  z.object({ expiredMinutes: z.number().int(), expirationTime: z.string() }),
);

export const registerSms = defineCall({
  method: 'POST',
  path: '/wps/verification/sms/register',
  class: 'account',
  summary: 'Send a registration SMS code to a mobile number',
  body: z.object({ ...mobile, ...captchaAnswer }),
  response: smsCodeReply,
});

export const loginSms = defineCall({
  method: 'POST',
  path: '/wps/verification/sms/noLogin',
  class: 'account',
  summary: 'Send an SMS code to a registered number (SMS login, password reset by phone)',
  body: z.object({ ...mobile, ...captchaAnswer }),
  response: smsCodeReply,
});

const text = (max: number) => z.string().max(max).optional();

/** Registration user fields of spec §3; the merchant's rules decide which are required and their patterns. */
const registerUser = {
  password: z.string().max(64),
  confirmPassword: z.string().max(64),
  payeeName: text(100),
  email: text(100),
  qqNum: text(50),
  line: text(50),
  whatsapp: text(50),
  zalo: text(50),
  facebook: text(100),
  wechat: text(50),
  idNumber: text(50),
  address: text(200),
  nationality: text(60),
  occupation: text(100),
  sourceOfIncome: text(100),
  placeOfBirth: text(100),
  birthday: text(10),
  paymentPassword: text(64),
  affiliateCode: text(40),
  referralCode: text(40),
  recommenderId: text(40),
  domain: text(253),
  registerUrl: text(2000),
  registerMethod: z.literal('WEB').default('WEB'),
  /** Log the new account in at once (spec §7: login true). */
  login: z.boolean().default(true),
  ...captchaAnswer,
};

export const registerReply = wpsReply(
  z.object({ account: z.string(), token: z.string().nullable(), firstTimeLogin: z.boolean() }),
);

export const register = defineCall({
  method: 'PUT',
  path: '/wps/member/register',
  class: 'account',
  summary: 'Register by username',
  body: z.object({ username: z.string().trim().max(64), ...registerUser }),
  response: registerReply,
});

export const registerMobile = defineCall({
  method: 'PUT',
  path: '/wps/member/register/mobile',
  class: 'account',
  summary: 'Register by mobile number; the reply carries the generated account number',
  body: z.object({
    countryDialingCode: mobile.countryDialingCode,
    mobileNum: mobile.mobileNo,
    verificationCode: z.string().trim().max(255).optional(),
    firebaseChannel: z.literal('sms').optional(),
    firebaseIdToken: z.string().max(4096).optional(),
    ...registerUser,
    password: z.string().max(64).optional(),
    confirmPassword: z.string().max(64).optional(),
  }),
  response: registerReply,
});

export const affiliateCheck = defineCall({
  method: 'GET',
  path: '/wps/agent/affiliate',
  class: 'read',
  summary: 'Is this affiliate (invitation) code valid on this domain?',
  query: z.object({ code: z.string().trim().min(1).max(40), domain: z.string().max(253).optional() }),
  response: wpsReply(z.object({ valid: z.boolean() })),
});

export const loginType = z.enum(['username', 'sms', 'firebase']);
export type LoginType = z.infer<typeof loginType>;

// Remember-me's length lives with the plain values: the first page keeps a token without loading zod.
export { REMEMBER_ME_MS } from './constants.ts';

const rememberMe = { remember: z.boolean().optional() };

/** Why a login must change its password before going on (spec §4 Login). */
export const passwordChangeReason = z.enum(['default', 'expired']);

export const login = defineCall({
  method: 'POST',
  path: '/wps/session/login',
  class: 'account',
  summary: 'Log in by username and password, or by mobile number and SMS code',
  body: z.discriminatedUnion('type', [
    z.object({
      type: z.literal('username'),
      username: z.string().trim().min(1, 'Input must not be empty').max(64),
      password: z.string().trim().min(1, 'Input must not be empty').max(64),
      /** The agent login (spec §6): an account that is not an agent is refused (403) and no session opens. */
      agent: z.boolean().optional(),
      ...rememberMe,
      ...captchaAnswer,
    }),
    z.object({
      /** Social login: a Firebase ID token (Google, Facebook, Telegram); a new user gets an account. */
      type: z.literal('firebase'),
      idToken: z.string().min(1).max(8192),
    }),
    z.object({
      type: z.literal('sms'),
      countryDialingCode: mobile.countryDialingCode,
      mobileNo: mobile.mobileNo,
      verificationCode: z.string().trim().min(1, 'Please enter a valid verification code').max(255),
      ...rememberMe,
    }),
  ]),
  response: wpsReply(
    z.object({
      token: z.string(),
      firstTimeLogin: z.boolean(),
      mustChangePassword: passwordChangeReason.nullable(),
    }),
  ),
});
export type LoginReply = z.infer<typeof login.response>['value'];

export const freePlay = defineCall({
  method: 'POST',
  path: '/wps/session/login/freeplay',
  class: 'account',
  summary: 'Trial login: a fresh account of agent type 4',
  body: z.object({
    os: z.string().max(40).default('web'),
    platform: z.literal('W').default('W'),
    gatewayVersion: z.literal(3).default(3),
  }),
  response: wpsReply(z.object({ token: z.string(), account: z.string() })),
});

export const logout = defineCall({
  method: 'DELETE',
  path: '/wps/session/logout',
  class: 'account',
  summary: 'Log out: the token is revoked',
  auth: 'token',
  response: wpsReply(z.null()),
});
