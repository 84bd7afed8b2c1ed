import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { connectSession, landingAfterLogin, landingAfterRegistration } from './session.connect.ts';
import { sessionMachine } from './session.machine.ts';

const loggedIn = { loggedIn: true, afterLogin: true, passwordChanged: false } as const;

describe('session: what happens after a login or registration (spec §4)', () => {
  it('a login from a popup hands the token over and stays on the page', () => {
    expect(landingAfterLogin(loggedIn, { agent: false, path: '/games', token: 't-1' })).toEqual({
      token: 't-1',
      to: null,
      registered: null,
    });
  });

  it('goes home after a forced password change, or from the /login page', () => {
    const changed = { ...loggedIn, passwordChanged: true };
    expect(landingAfterLogin(changed, { agent: false, path: '/games', token: 't' }).to).toBe('/');
    expect(landingAfterLogin(loggedIn, { agent: false, path: '/login', token: 't' }).to).toBe('/');
  });

  it('an agent login goes on to the agent centre, wherever it was made', () => {
    expect(landingAfterLogin(loggedIn, { agent: true, path: '/login', token: 't' }).to).toBe('/agent');
    expect(landingAfterLogin(loggedIn, { agent: true, path: '/', token: 't' }).to).toBe('/agent');
  });

  it('a closed login hands nothing over and goes nowhere', () => {
    expect(landingAfterLogin({ loggedIn: false }, { agent: true, path: '/login', token: 't' })).toEqual({
      token: null,
      to: null,
      registered: null,
    });
  });

  it('a registration goes home with the success modal, logged in when it got a token', () => {
    const result = { account: '84912345678', mode: 'mobile' as const };
    expect(landingAfterRegistration(result, 't-2')).toEqual({ token: 't-2', to: '/', registered: result });
    expect(landingAfterRegistration(result, null).token).toBeNull();
  });

  it('hands the login to the session machine', () => {
    const actor = createActor(sessionMachine, { input: {} }).start();
    connectSession(actor.getSnapshot(), actor.send).loggedIn('t-3');
    expect(actor.getSnapshot().value).toBe('loadingInfo');
    expect(actor.getSnapshot().context.token).toBe('t-3');
    actor.stop();
  });
});
