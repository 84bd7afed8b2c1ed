import type { EventFromLogic } from 'xstate';
import { forgotPasswordMachine } from './forgotPassword.machine.ts';
import { passwordRule } from './login.events.ts';
import { doneEvent, errorEvent, withInput } from './test/machineGraph.ts';

type M = typeof forgotPasswordMachine;

const codeRefused = { code: 'VALIDATION', fields: { code: 'This code is not valid or has expired' } };

const events = [
  { type: 'mode.switch', mode: 'phone' },
  { type: 'mode.switch', mode: 'email' },
  { type: 'user.submit', values: {} },
  { type: 'user.submit', values: { username: 'alice', email: 'alice@example.com' } },
  { type: 'user.submit', values: { username: 'alice', code: 'K7QH3MZP', newPassword: 'better123' } },
  {
    type: 'user.submit',
    values: {
      countryDialingCode: '+84',
      mobileNum: '912345678',
      verificationCode: '1234',
      newPassword: 'better123',
    },
  },
  doneEvent<M>('requestResetCode', undefined),
  errorEvent<M>('requestResetCode', { code: 'NETWORK', message: 'Network error' }),
  { type: 'code.enter' },
  { type: 'code.resend' },
  doneEvent<M>('resetWithCode', undefined),
  errorEvent<M>('resetWithCode', codeRefused),
  doneEvent<M>('resetByPhone', undefined),
  errorEvent<M>('resetByPhone', { code: 'VALIDATION', fields: { verificationCode: 'Code expired' } }),
  { type: 'dialog.close' },
  { type: 'error.dismiss' },
] satisfies EventFromLogic<M>[];

/**
 * Forgot password and representative events for its generated paths (tests and `npm run paths`): one walk per
 * start — e-mail, phone, and the e-mailed link — because the paths tell states apart by value and the start lives
 * in context.
 */
export const forgotPasswordWalks = [
  { name: 'forgotPassword (email)', machine: withInput(forgotPasswordMachine, { passwordRule }), events },
  {
    name: 'forgotPassword (phone)',
    machine: withInput(forgotPasswordMachine, { passwordRule, mode: 'phone' }),
    events,
  },
  {
    name: 'forgotPassword (link)',
    machine: withInput(forgotPasswordMachine, { passwordRule, resetCode: 'K7QH3MZP', username: 'alice' }),
    events,
  },
];
