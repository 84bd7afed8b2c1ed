import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { MemberInfo } from '../contract/member.ts';
import {
  selectEndedByBreak,
  selectIsAgent,
  selectIsLoggedIn,
  selectIsTrial,
  selectLogoutDialog,
  selectPasswordChangeDue,
} from './session.connect.ts';
import { demoMember, memberToChange, sessionWalks } from './session.events.ts';
import { type SessionInput, sessionMachine } from './session.machine.ts';
import { declaredTransitions, statePaths, walked } from './test/machineGraph.ts';
import { coverage, transitionPaths } from './test/transitionPaths.ts';

describe('session: generated paths', () => {
  it('visit every state and take every declared transition (plain start and stored token together)', () => {
    const paths = sessionWalks.flatMap((w) => transitionPaths(w.machine, w.events));
    expect([...coverage(paths).states].sort()).toEqual([
      '"failed"',
      '"loadingInfo"',
      '"loggedOut"',
      '{"loggedIn":"confirming"}',
      '{"loggedIn":"idle"}',
      '{"loggedIn":"loggingOut"}',
      '{"loggedIn":"passwordChange"}',
    ]);
    const seen = walked(sessionMachine, paths);
    // `starting` only decides where to begin (an eventless transition): no snapshot ever rests in it.
    const resting = statePaths(sessionMachine).filter((p) => p !== 'starting');
    expect([...seen.states].sort()).toEqual(resting.sort());
    for (const t of declaredTransitions(sessionMachine)) expect(seen.transitions, t).toContain(t);
  });
});

interface Fakes {
  stored?: string | null;
  info?: (token: string) => MemberInfo;
  logOutFails?: boolean;
}

/** The session with fake storage and calls; the app's actions are spies. */
function startSession(input: SessionInput, fakes: Fakes = {}) {
  const calls = { loadMemberInfo: [] as string[], logOut: [] as string[] };
  const spies = { clearSession: vi.fn(), goHome: vi.fn() };
  const logic = sessionMachine.provide({
    actors: {
      loadMemberInfo: fromPromise<MemberInfo, { token: string }>(async ({ input: { token } }) => {
        calls.loadMemberInfo.push(token);
        return (fakes.info ?? (() => demoMember))(token);
      }),
      logOut: fromPromise<void, { token: string }>(async ({ input: { token } }) => {
        calls.logOut.push(token);
        if (fakes.logOutFails) throw { code: 'NETWORK' };
      }),
    },
    actions: {
      clearSession: spies.clearSession,
      goHome: spies.goHome,
    },
  });
  const actor = createActor(logic, { input: { storedToken: fakes.stored ?? null, ...input } }).start();
  return { actor, calls, spies };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('session: behaviour', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('never takes a token from the page address (a link would sign its visitor into another account)', async () => {
    // What the app started with before: the query string's token as an input. It is neither stored nor used.
    const withQuery = { tokenFromQuery: 't-query' } as SessionInput;
    const fresh = startSession(withQuery);
    await flush();
    expect(fresh.actor.getSnapshot().value).toBe('loggedOut');
    expect(fresh.calls.loadMemberInfo).toEqual([]);

    const member = startSession(withQuery, { stored: 't-own' });
    await flush();
    expect(member.calls.loadMemberInfo).toEqual(['t-own']);
  });

  it('a stored token restores the session; none leaves the visitor logged out', async () => {
    const restored = startSession({}, { stored: 't-stored' });
    await flush();
    expect(restored.calls.loadMemberInfo).toEqual(['t-stored']);
    expect(selectIsLoggedIn(restored.actor.getSnapshot())).toBe(true);

    // A visitor is logged out from the start, before any task: the header draws its buttons in the first render.
    const fresh = startSession({});
    expect(fresh.actor.getSnapshot().value).toBe('loggedOut');
    await flush();
    expect(fresh.calls.loadMemberInfo).toHaveLength(0);
  });

  it('member info read before the first render logs the member in at once, with no read of its own', async () => {
    const early = startSession({ member: memberToChange }, { stored: 't-stored' });
    // Before any task: the first render draws the member's header, not a placeholder to be replaced.
    expect(selectIsLoggedIn(early.actor.getSnapshot())).toBe(true);
    expect(early.actor.getSnapshot().context).toMatchObject({ token: 't-stored', member: memberToChange });
    // What member info says holds as if the machine had read it: the password change is due.
    expect(selectPasswordChangeDue(early.actor.getSnapshot())).toBe('default');
    await flush();
    expect(early.calls.loadMemberInfo).toEqual([]);

    // Info without a token to go with it is not a session.
    const orphan = startSession({ member: demoMember });
    expect(orphan.actor.getSnapshot().value).toBe('loggedOut');
  });

  it('an expired token clears the session and logs out', async () => {
    const { actor, spies } = startSession(
      {},
      {
        stored: 't-expired',
        info: () => {
          throw { code: 'UNAUTHORIZED', message: 'Not logged in, please login' };
        },
      },
    );
    await flush();
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(spies.clearSession).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.token).toBeNull();
  });

  it('a network failure keeps the token and can be retried', async () => {
    let fail = true;
    const { actor, calls, spies } = startSession(
      {},
      {
        stored: 't-stored',
        info: () => {
          if (fail) throw { code: 'NETWORK' };
          return demoMember;
        },
      },
    );
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(spies.clearSession).not.toHaveBeenCalled();
    fail = false;
    actor.send({ type: 'session.retry' });
    await flush();
    expect(calls.loadMemberInfo).toEqual(['t-stored', 't-stored']);
    expect(selectIsLoggedIn(actor.getSnapshot())).toBe(true);
  });

  it('is logged in only after a login flow hands over its token and member info is stored', async () => {
    const { actor, calls } = startSession({});
    await flush();
    actor.send({ type: 'session.loggedIn', token: 't-new' });
    expect(selectIsLoggedIn(actor.getSnapshot())).toBe(false);
    await flush();
    expect(calls.loadMemberInfo).toEqual(['t-new']);
    expect(selectIsLoggedIn(actor.getSnapshot())).toBe(true);
  });

  it('a password still to be changed holds the session in the change until member info says it is done', async () => {
    let due = true;
    const { actor, calls } = startSession(
      {},
      {
        stored: 't-stored',
        info: () => (due ? { ...demoMember, mustChangePassword: 'default' } : demoMember),
      },
    );
    await flush();
    expect(selectPasswordChangeDue(actor.getSnapshot())).toBe('default');
    // A reload or a link cannot skip it: member info says it on every load.
    due = false;
    actor.send({ type: 'password.changed' });
    await flush();
    expect(calls.loadMemberInfo).toEqual(['t-stored', 't-stored']);
    expect(selectPasswordChangeDue(actor.getSnapshot())).toBeNull();
    expect(selectIsLoggedIn(actor.getSnapshot())).toBe(true);
    // Any call the server refused for it brings the change back (an expiry that came due meanwhile).
    actor.send({ type: 'session.passwordChangeRequired' });
    expect(selectPasswordChangeDue(actor.getSnapshot())).toBe('default');
    actor.send({ type: 'logout.confirm' });
    await flush();
    expect(actor.getSnapshot().value).toBe('loggedOut');
  });

  it('logout asks first; cancel keeps the session', async () => {
    const { actor, calls } = startSession({}, { stored: 't-stored' });
    await flush();
    actor.send({ type: 'logout.request' });
    expect(selectLogoutDialog(actor.getSnapshot())).toBe('open');
    actor.send({ type: 'logout.cancel' });
    await flush();
    expect(selectLogoutDialog(actor.getSnapshot())).toBe('closed');
    expect(selectIsLoggedIn(actor.getSnapshot())).toBe(true);
    expect(calls.logOut).toHaveLength(0);
  });

  it.each([false, true])(
    'confirmed logout clears the session and goes home (call fails: %s)',
    async (logOutFails) => {
      const { actor, calls, spies } = startSession({}, { stored: 't-stored', logOutFails });
      await flush();
      actor.send({ type: 'logout.request' });
      actor.send({ type: 'logout.confirm' });
      expect(selectLogoutDialog(actor.getSnapshot())).toBe('busy');
      await flush();
      expect(calls.logOut).toEqual(['t-stored']);
      expect(spies.clearSession).toHaveBeenCalledTimes(1);
      expect(spies.goHome).toHaveBeenCalledTimes(1);
      expect(actor.getSnapshot().value).toBe('loggedOut');
      expect(actor.getSnapshot().context).toMatchObject({ token: null, member: null });
    },
  );

  it('a token found expired by another call ends the session at once', async () => {
    const { actor, spies } = startSession({}, { stored: 't-stored' });
    await flush();
    actor.send({ type: 'session.expired' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context.member).toBeNull();
    expect(spies.clearSession).toHaveBeenCalledTimes(1);
  });

  it('a break the member started ends the session, goes home and is remembered for the login', async () => {
    const { actor, spies } = startSession({}, { stored: 't-stored' });
    await flush();
    expect(selectEndedByBreak(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'session.breakStarted', until: '2030-01-02T00:00:00.000Z' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(spies.clearSession).toHaveBeenCalledTimes(1);
    expect(spies.goHome).toHaveBeenCalledTimes(1);
    expect(selectEndedByBreak(actor.getSnapshot())).toEqual({
      reason: 'break',
      until: '2030-01-02T00:00:00.000Z',
    });
    // The next login (withdrawals stay open during a break) forgets why the last session ended.
    actor.send({ type: 'session.loggedIn', token: 't-again' });
    await flush();
    expect(selectIsLoggedIn(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.ended).toBeNull();
  });

  it('tells agents and trial accounts apart by agent type', async () => {
    for (const [agentType, agent, trial] of [
      [0, false, false],
      [1, true, false],
      [42, true, false],
      [4, false, true],
    ] as const) {
      const { actor } = startSession({}, { stored: 't', info: () => ({ ...demoMember, agentType }) });
      await flush();
      expect(
        [selectIsAgent(actor.getSnapshot()), selectIsTrial(actor.getSnapshot())],
        `type ${agentType}`,
      ).toEqual([agent, trial]);
    }
  });
});
