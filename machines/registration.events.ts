import type { EventFromLogic } from 'xstate';
import type { RegisterField, RegisterFieldRule } from '../contract/auth.ts';
import { PATTERNS } from '../contract/registerRules.ts';
import { type RegisterValues, registrationMachine } from './registration.machine.ts';
import { doneEvent, errorEvent, withInput } from './test/machineGraph.ts';

type M = typeof registrationMachine;

const rule = (
  field: RegisterField,
  required: boolean,
  patternId: number,
  minLength: number,
  maxLength: number,
  enabled = true,
): RegisterFieldRule => ({
  field,
  enabled,
  required,
  minLength,
  maxLength,
  patternId,
  acceptedPattern: PATTERNS[patternId]!,
});

/** A demo merchant's registration rules (spec §3/§5); payee name is switched off. */
export const demoRules: RegisterFieldRule[] = [
  rule('username', true, 1, 4, 16),
  rule('password', true, 5, 6, 20),
  rule('confirmPassword', true, 5, 6, 20),
  rule('email', false, 3, 5, 100),
  rule('mobileNum', false, 6, 6, 15),
  rule('verificationCode', true, 0, 1, 255),
  rule('affiliateCode', false, 4, 1, 40),
  rule('captcha', true, 4, 4, 4),
  rule('payeeName', true, 8, 2, 50, false),
];

/** A form that passes every rule in both modes. */
export const validValues: RegisterValues = {
  username: 'alice01',
  password: 'secret12',
  confirmPassword: 'secret12',
  countryDialingCode: '+84',
  mobileNum: '912345678',
  verificationCode: '123456',
  captchaId: 'c-1',
  captcha: '7f3k',
};

const registered = { account: 'alice01', token: 't-1', firstTimeLogin: true };
const member = { id: 1, account: 'alice01', nickname: 'alice01', type: 'member', agentType: 0 };

/**
 * The registration form and representative events for its generated paths (tests and `npm run paths`). The walk
 * starts in mobile mode with Firebase on, where every step of the flow exists.
 */
export const registrationWalk = {
  name: 'registration',
  machine: withInput(registrationMachine, {
    rules: demoRules,
    firebase: true,
    smsVerification: true,
    mode: 'mobile',
  }),
  events: [
    { type: 'mode.switch', mode: 'username' },
    { type: 'mode.switch', mode: 'mobile' },
    {
      type: 'code.request',
      mobileValid: true,
      request: { countryDialingCode: '+84', mobileNo: '912345678' },
    },
    { type: 'terms.toggle' },
    { type: 'user.submit', values: {} },
    { type: 'user.submit', values: { ...validValues, affiliateCode: 'FRIEND1' } },
    { type: 'user.submit', values: validValues },
    doneEvent<M>('checkAffiliate', { valid: true }),
    doneEvent<M>('checkAffiliate', { valid: false }),
    errorEvent<M>('checkAffiliate', { code: 'NETWORK' }),
    doneEvent<M>('verifyFirebaseSms', { firebaseIdToken: 'fb-1' }),
    errorEvent<M>('verifyFirebaseSms', { code: 'auth/invalid-verification-code' }),
    doneEvent<M>('register', registered),
    doneEvent<M>('register', { ...registered, token: null }),
    errorEvent<M>('register', { code: 'CONFLICT', message: 'Taken', fields: { mobileNum: 'Already used' } }),
    doneEvent<M>('loadMemberInfo', member),
    errorEvent<M>('loadMemberInfo', { code: 'NETWORK' }),
    { type: 'error.dismiss' },
  ] satisfies EventFromLogic<M>[],
};
