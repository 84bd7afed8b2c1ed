import type { EventFromLogic } from 'xstate';
import { forgotPasswordMachine } from './forgotPassword.machine.ts';
import { passwordRule } from './login.events.ts';
import { doneEvent, errorEvent, withInput } from './test/machineGraph.ts';

type M = typeof forgotPasswordMachine;

const events = [
  { type: 'mode.switch', mode: 'phone' },
  { type: 'mode.switch', mode: 'email' },
  { type: 'user.submit', values: {} },
  { type: 'user.submit', values: { username: 'alice', email: 'alice@example.com' } },
  {
    type: 'user.submit',
    values: {
      countryDialingCode: '+84',
      mobileNum: '912345678',
      verificationCode: '1234',
      newPassword: 'better123',
    },
  },
  doneEvent<M>('sendResetEmail', undefined),
  errorEvent<M>('sendResetEmail', { code: 'NOT_FOUND', message: 'Username/Email does not exist' }),
  { type: 'dialog.close' },
  doneEvent<M>('resetByPhone', undefined),
  errorEvent<M>('resetByPhone', { code: 'VALIDATION', fields: { verificationCode: 'Code expired' } }),
  { type: 'error.dismiss' },
] satisfies EventFromLogic<M>[];

/**
 * Forgot password and representative events for its generated paths (tests and `npm run paths`): one walk per
 * starting mode, because the paths tell states apart by value and the mode lives in context.
 */
export const forgotPasswordWalks = [
  { name: 'forgotPassword (email)', machine: withInput(forgotPasswordMachine, { passwordRule }), events },
  {
    name: 'forgotPassword (phone)',
    machine: withInput(forgotPasswordMachine, { passwordRule, mode: 'phone' }),
    events,
  },
];
