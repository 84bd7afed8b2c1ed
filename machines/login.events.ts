import type { EventFromLogic } from 'xstate';
import type { RegisterFieldRule } from '../contract/auth.ts';
import { loginMachine } from './login.machine.ts';
import { doneEvent, errorEvent, withInput } from './test/machineGraph.ts';

type M = typeof loginMachine;

/** A demo merchant's password rule: 6–20 letters and numbers combined (spec §5 pattern 5). */
export const passwordRule: RegisterFieldRule = {
  field: 'password',
  enabled: true,
  required: true,
  minLength: 6,
  maxLength: 20,
  patternId: 5,
  acceptedPattern: '^(?=.*[A-Za-z])(?=.*\\d)[A-Za-z\\d]+$',
};

const reply = { token: 't-1', firstTimeLogin: false, mustChangePassword: null };
const member = { id: 1, account: 'alice', nickname: 'Alice', type: 'member', agentType: 0 };

/** The login modal and representative events for its generated paths (tests and `npm run paths`). */
export const loginWalk = {
  name: 'login',
  machine: withInput(loginMachine, { passwordRule }),
  events: [
    { type: 'mode.set', mode: 'sms' },
    { type: 'user.submit', values: { username: ' ', password: '' } },
    { type: 'user.submit', values: { username: 'alice', password: 'secret1' } },
    doneEvent<M>('logIn', reply),
    doneEvent<M>('logIn', { ...reply, mustChangePassword: 'default' }),
    errorEvent<M>('logIn', { code: 'UNAUTHORIZED', message: 'Wrong password', captchaRequired: true }),
    { type: 'password.submit', values: { newPassword: 'short', confirmNewPassword: 'other' } },
    { type: 'password.submit', values: { newPassword: 'better123', confirmNewPassword: 'better123' } },
    doneEvent<M>('changePassword', undefined),
    errorEvent<M>('changePassword', { code: 'NETWORK' }),
    doneEvent<M>('loadMemberInfo', member),
    errorEvent<M>('loadMemberInfo', { code: 'NETWORK' }),
    { type: 'social.signIn', provider: 'google' },
    doneEvent<M>('socialLogIn', reply),
    errorEvent<M>('socialLogIn', { code: 'auth/popup-closed-by-user' }),
    {
      type: 'code.request',
      mobileValid: true,
      request: { countryDialingCode: '+84', mobileNo: '912345678' },
    },
    { type: 'error.dismiss' },
    { type: 'login.close' },
  ] satisfies EventFromLogic<M>[],
};

/**
 * The agent login (spec §2 "Agent", §6): the same machine started with `agent`, offered by username only (no SMS
 * tab), and refused by the server for an account that is not an agent.
 */
export const agentLoginWalk = {
  name: 'login (agent)',
  machine: withInput(loginMachine, { passwordRule, agent: true }),
  events: [
    ...loginWalk.events.filter((e) => e.type !== 'mode.set'),
    errorEvent<M>('logIn', { code: 'FORBIDDEN', message: 'Non-agents cannot log in' }),
  ] satisfies EventFromLogic<M>[],
};
