import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyMachineSnapshot, EventFromLogic, StateValue } from 'xstate';
import type { WhitelabelInfo } from '../../../contract/system.ts';
import { passwordRule } from '../../../machines/login.events.ts';
import { demoMember, sessionWalks } from '../../../machines/session.events.ts';
import {
  type SessionInput,
  type SessionContext as SessionState,
  sessionMachine,
} from '../../../machines/session.machine.ts';
import type { WalkPath } from '../../../machines/test/transitionPaths.ts';
import { ApiError } from '../../api/client.ts';
import { whitelabelQuery } from '../../api/queries.ts';
import { storeToken } from '../../api/session.ts';
import { AuthModalsProvider } from '../../session/authModals.tsx';
import { SessionContext } from '../../session/sessionContext.ts';
import {
  answerActorEvent,
  expectFullCoverage,
  flush,
  type InternalEvent,
  mount,
  server,
  type ThrownShape,
  useFakeClock,
  useRealClock,
  viewPaths,
  visitor,
  walk,
} from '../../test/authHarness.tsx';
import { AccountArea } from './AccountArea.tsx';
import { liveSession } from './liveSession.ts';
import { registerSettingsQuery } from './queries.ts';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

type M = (typeof sessionWalks)[number]['machine'];
/** The machine's events and those of its actors and delays. */
type Event = EventFromLogic<M> | InternalEvent;

/**
 * Exclusions — nothing in the app sends these events:
 *   - `session.expired` (in `loggedIn.idle`, `.confirming` and `.passwordChange`): sent by useSessionExpiry when any call is
 *     refused with UNAUTHORIZED (its own test, useSessionExpiry.test.tsx), not by a control of this view;
 *   - `session.breakStarted` (in `loggedIn.idle`): sent by the member centre's responsible gaming once a break has
 *     started (its own test, ResponsibleGaming.test.tsx).
 * `starting` only decides where to begin (an eventless transition): no snapshot rests in it.
 */
const NO_CONTROL = new Set<string>(['session.expired', 'session.breakStarted']);
const EXCLUDED = {
  states: ['starting'],
  transitions: [
    'loggedIn.idle:session.expired',
    'loggedIn.confirming:session.expired',
    'loggedIn.passwordChange:session.expired',
    'loggedIn.idle:session.breakStarted',
  ],
};

/** The walks of session.events.ts: a visitor, a token kept in session storage. */
const WALKS = sessionWalks.map((w) => ({
  name: w.name,
  input: w.input,
  // The member info must have the contract's shape: the walk's demo member has it.
  paths: viewPaths(w.machine, () => (w.events as Event[]).filter((e) => !NO_CONTROL.has(e.type))),
}));

const ENDPOINTS = { loadMemberInfo: '/wps/member/info', logOut: '/wps/session/logout' };
const FREE_PLAY = '/wps/session/login/freeplay';
const toApiError = (e: ThrownShape) =>
  new ApiError(e.code as ApiError['code'], e.message ?? '', e.fields, e.code === 'UNAUTHORIZED' ? 401 : 0);

const onSignedOut = vi.fn();
const goHome = vi.fn();

/** The view with the live session, started as the app starts it: with what session storage holds (App.tsx). */
function mountAccountArea(input: SessionInput) {
  if (input.storedToken) storeToken(input.storedToken);
  mount(
    <SessionContext.Provider logic={liveSession(onSignedOut, goHome)} options={{ input }}>
      <AuthModalsProvider>
        <AccountArea />
      </AuthModalsProvider>
    </SessionContext.Provider>,
    {
      router: true,
      queryData: [
        [whitelabelQuery().queryKey, { features: { FREE_PLAY: true }, firebase: null } as WhitelabelInfo],
        [registerSettingsQuery().queryKey, { fields: [passwordRule], ageLimit: 18, countries: [] }],
      ],
    },
  );
}

const userMenu = () => screen.queryByRole('button', { name: new RegExp(demoMember.nickname) });
const signOutDialog = () => screen.queryByRole('dialog', { name: 'Sign out' });
const changeDialog = () => screen.queryByRole('dialog', { name: 'Change password' });
const BALANCE = '/wps/v2/wallets/balance';
const CHANGE = '/wps/member/password';

async function perform(event: Event) {
  const user = visitor();
  switch (event.type) {
    case 'session.loggedIn':
      // The header's way in without the login modal: a trial account, whose token the session loads.
      await user.click(screen.getByRole('button', { name: 'Trial' }));
      return server.reply(FREE_PLAY, { token: event.token, account: 'guest01' });
    case 'logout.request': {
      const menuButton = userMenu()!;
      await user.click(menuButton);
      const menu = document.getElementById(menuButton.getAttribute('aria-controls')!)!;
      return user.click(within(menu).getByRole('button', { name: 'Sign out' }));
    }
    case 'session.retry':
      return user.click(screen.getByRole('button', { name: 'Could not load your account. Retry' }));
    case 'logout.cancel':
      return user.click(within(signOutDialog()!).getByRole('button', { name: 'Cancel' }));
    case 'logout.confirm':
      // Closing the forced password change logs out; else the sign-out dialog confirms.
      if (changeDialog()) return user.click(within(changeDialog()!).getByRole('button', { name: 'Log out' }));
      return user.click(within(signOutDialog()!).getByRole('button', { name: 'Sign out' }));
    case 'session.passwordChangeRequired':
      // Any call the server refuses for a password still to be changed: here the header's balance.
      return server.fail(
        BALANCE,
        new ApiError('PASSWORD_CHANGE_REQUIRED', 'Please change your password first', {}, 403),
      );
    case 'password.changed': {
      const dialog = within(changeDialog()!);
      // The form's code loads when the dialog opens.
      while (!dialog.queryByLabelText('Old password')) await flush();
      await user.type(dialog.getByLabelText('Old password'), 'Welcome123');
      await user.type(dialog.getByLabelText('New password'), 'Changed123');
      await user.type(dialog.getByLabelText('Confirm new password'), 'Changed123');
      await user.click(dialog.getByRole('button', { name: 'Change password' }));
      await server.reply(CHANGE, null);
      // Said before the dialog closes: a status that takes the focus, then OK.
      for (let i = 0; i < 50 && !dialog.queryByRole('region', { name: 'Password changed' }); i += 1)
        await flush();
      const changed = within(dialog.getByRole('region', { name: 'Password changed' }));
      expect(changed.getByRole('status')).toHaveFocus();
      expect(changed.getByRole('status')).toHaveTextContent('Your password has been changed.');
      return user.click(changed.getByRole('button', { name: 'OK' }));
    }
    default:
      return answerActorEvent(event, ENDPOINTS, toApiError);
  }
}

/** How many steps up to `i` go from a state that `from` to one that `to` (an action the app runs on the way). */
const moves = (path: WalkPath<M>, i: number, from: StateValue, to: StateValue) =>
  path.steps.slice(1, i + 1).filter((s, j) => path.steps[j]!.state.matches(from) && s.state.matches(to))
    .length;

function expectScreen(path: WalkPath<M>, state: AnyMachineSnapshot, i: number) {
  const c = state.context as SessionState;
  const visitorButtons = ['Login', 'Register', 'Trial'].map((name) => screen.queryByRole('button', { name }));

  if (state.matches('loggedIn')) {
    // Spec §2: the member's menu instead of the visitor's buttons.
    const menu = userMenu();
    expect(menu).toHaveTextContent(`${demoMember.account[0]!.toUpperCase()}${demoMember.nickname}`);
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    for (const b of visitorButtons) expect(b).toBeNull();
    // Spec §4 Logout: a confirm dialog; its buttons wait while the logout call runs.
    const dialog = signOutDialog();
    // Spec §4 forced change: a dialog over everything, on every load, until the password is changed.
    if (state.matches({ loggedIn: 'passwordChange' })) {
      expect(dialog).toBeNull();
      expect(
        within(changeDialog()!).getByText('Please change the default password to continue.'),
      ).toBeVisible();
    } else expect(changeDialog()).toBeNull();
    if (state.matches({ loggedIn: 'idle' }) || state.matches({ loggedIn: 'passwordChange' }))
      expect(dialog).toBeNull();
    else {
      expect(within(dialog!).getByText('Do you want to sign out?')).toBeInTheDocument();
      const confirm = within(dialog!).getByRole('button', { name: 'Sign out' });
      if (state.matches({ loggedIn: 'loggingOut' })) expect(confirm).toBeDisabled();
      else expect(confirm).toBeEnabled();
    }
    if (state.matches({ loggedIn: 'loggingOut' })) expect(server.pending(ENDPOINTS.logOut)).toHaveLength(1);
  } else {
    expect(userMenu()).toBeNull();
    expect(signOutDialog()).toBeNull();
    // The visitor's buttons once the session is known; none while it is still being found out.
    if (state.matches('loggedOut') || state.matches('failed'))
      for (const b of visitorButtons) expect(b).toBeEnabled();
    else for (const b of visitorButtons) expect(b).toBeNull();
    // A member whose info could not be read may retry (or log in again).
    const retry = screen.queryByRole('button', { name: 'Could not load your account. Retry' });
    if (state.matches('failed')) expect(retry).toBeEnabled();
    else expect(retry).toBeNull();
  }

  if (state.matches('loadingInfo')) expect(server.pending(ENDPOINTS.loadMemberInfo)).toHaveLength(1);
  // The token lives in session storage (spec §4): kept while the member info cannot be read, gone once signed out.
  expect(sessionStorage.getItem('token')).toBe(c.token);
  // Spec §4 Logout: the session is cleared (caches reset) when it ends, and the visitor goes home after a logout.
  const signedOut = moves(path, i, 'loadingInfo', 'loggedOut') + moves(path, i, 'loggedIn', 'loggedOut');
  expect(onSignedOut).toHaveBeenCalledTimes(signedOut);
  expect(goHome).toHaveBeenCalledTimes(moves(path, i, { loggedIn: 'loggingOut' }, 'loggedOut'));
}

describe('session: paths generated from the machine, walked against AccountArea', () => {
  beforeEach(() => {
    useFakeClock();
    server.reset();
    onSignedOut.mockReset();
    goHome.mockReset();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    useRealClock();
  });

  it('cover every state and transition the view can reach (the three starts together)', () => {
    expectFullCoverage(
      sessionMachine,
      WALKS.flatMap((w) => w.paths),
      EXCLUDED,
    );
  });

  it.each(WALKS.flatMap((w) => w.paths.map((p) => [`${w.name}: ${p.name}`, w.input, p] as const)))(
    '%s',
    async (_name, input, path) => {
      await walk(
        path,
        () => mountAccountArea(input),
        perform,
        (state, i) => expectScreen(path, state, i),
      );
    },
  );
});
