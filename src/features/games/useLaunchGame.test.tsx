import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterContextProvider,
} from '@tanstack/react-router';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { MemberInfo } from '../../../contract/member.ts';
import { selectIsLoggedIn } from '../../../machines/session.connect.ts';
import { sessionMachine } from '../../../machines/session.machine.ts';
import { AuthModalsProvider, useAuthModals } from '../../session/authModals.tsx';
import { SessionContext } from '../../session/sessionContext.ts';
import { server } from '../../test/authHarness.tsx';
import { useLaunchGame } from './useLaunchGame.ts';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

const member = (agentType: number): MemberInfo => ({
  id: 1,
  account: agentType === 4 ? 'trial12345678' : 'player01',
  nickname: 'p',
  type: 'member',
  agentType,
  toUpline: false,
  clubLabel: { labelName: 'Bronze', color: '#000000', color2: '#ffffff', rankLevel: 1 },
  memberLabel: [],
});

const slot = {
  nodeId: 'PORTICO_SLOT_1',
  vassalage: 'PORTICO',
  gameType: 'INHOUSE',
  gameName: 'Lucky',
} as const;
const keno = { nodeId: 'GPI_1', vassalage: 'GPI', gameType: 'ELOTT', gameName: 'Keno' } as const;
/** A sports book's lobby: no free play (spec §6: a trial account may not enter it). */
const sportsbook = {
  nodeId: 'IBC_LOBBY',
  vassalage: 'IBC',
  gameType: 'SPORTS',
  gameName: 'IBC Sports',
  supportPlay: false,
} as const;

function Buttons() {
  const { launch, pending } = useLaunchGame();
  const modals = useAuthModals();
  const session = SessionContext.useActorRef();
  const loggedIn = SessionContext.useSelector(selectIsLoggedIn);
  return (
    <div>
      <button type="button" onClick={() => launch(slot)}>
        play
      </button>
      <button type="button" onClick={() => launch(slot, 'trial')}>
        trial
      </button>
      <button type="button" onClick={() => launch(keno)}>
        keno
      </button>
      <button type="button" onClick={() => launch(sportsbook)}>
        sports
      </button>
      <button type="button" onClick={() => session.send({ type: 'session.loggedIn', token: 't' })}>
        log in
      </button>
      <button type="button" onClick={() => modals.close()}>
        close
      </button>
      <p data-testid="modal">{modals.modal?.name ?? 'none'}</p>
      <p data-testid="pending">{pending ?? 'none'}</p>
      <p data-testid="session">{loggedIn ? 'in' : 'out'}</p>
    </div>
  );
}

function show(startToken: string | null, startAgentType = 0) {
  let agentType = startAgentType;
  const logic = sessionMachine.provide({
    actors: {
      loadMemberInfo: fromPromise(async () => member(agentType)),
      logOut: fromPromise(async () => {}),
    },
  });
  const history = createMemoryHistory({ initialEntries: ['/rng'] });
  const router = createRouter({ routeTree: createRootRoute(), history });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterContextProvider router={router}>
        <SessionContext.Provider logic={logic} options={{ input: { storedToken: startToken } }}>
          <AuthModalsProvider>
            <Buttons />
          </AuthModalsProvider>
        </SessionContext.Provider>
      </RouterContextProvider>
    </QueryClientProvider>,
  );
  return {
    location: () => `${history.location.pathname}${history.location.search}`,
    beTrial: () => {
      agentType = 4;
    },
  };
}

afterEach(() => server.reset());

describe('useLaunchGame (spec §4 Starting a game, §6 visitors)', () => {
  it('takes a member straight to the game, and a lottery to its page', async () => {
    const view = show('token');
    await waitFor(() => expect(screen.getByTestId('session')).toHaveTextContent('in'));
    await userEvent.click(screen.getByText('play'));
    expect(screen.getByTestId('modal')).toHaveTextContent('none');
    await waitFor(() => expect(view.location()).toContain('/game?'));
    expect(view.location()).toContain('nodeId=PORTICO_SLOT_1');
    expect(view.location()).toContain('vendor=PORTICO');
    await userEvent.click(screen.getByText('keno'));
    await waitFor(() => expect(view.location()).toBe('/lottery'));
  });

  it('opens the login popup for a visitor, and the game once they log in', async () => {
    const view = show(null);
    await userEvent.click(screen.getByText('play'));
    expect(screen.getByTestId('modal')).toHaveTextContent('login');
    expect(screen.getByTestId('pending')).toHaveTextContent('PORTICO_SLOT_1');
    await userEvent.click(screen.getByText('log in'));
    await waitFor(() => expect(view.location()).toContain('/game?nodeId=PORTICO_SLOT_1'));
    expect(screen.getByTestId('pending')).toHaveTextContent('none');
  });

  it('forgets the game when the visitor closes the popup without logging in', async () => {
    const view = show(null);
    await userEvent.click(screen.getByText('play'));
    await userEvent.click(screen.getByText('close'));
    expect(screen.getByTestId('pending')).toHaveTextContent('none');
    await userEvent.click(screen.getByText('log in'));
    await new Promise((r) => setTimeout(r, 20));
    expect(view.location()).toBe('/rng');
  });

  it('opens a trial account for a free trial, then the game', async () => {
    const view = show(null);
    view.beTrial();
    await userEvent.click(screen.getByText('trial'));
    await waitFor(() => expect(server.pending('/wps/session/login/freeplay')).toHaveLength(1));
    await act(() =>
      server.reply('/wps/session/login/freeplay', { token: 'trial-token', account: 'trial12345678' }),
    );
    await waitFor(() => expect(view.location()).toContain('/game?nodeId=PORTICO_SLOT_1'));
  });

  it('gives a trial account the register notice for a game without free play, and opens the rest', async () => {
    const view = show('trial-token', 4);
    await waitFor(() => expect(screen.getByTestId('session')).toHaveTextContent('in'));
    await userEvent.click(screen.getByText('sports'));
    expect(screen.getByTestId('modal')).toHaveTextContent('realAccount');
    expect(view.location()).toBe('/rng');
    await userEvent.click(screen.getByText('close'));
    await userEvent.click(screen.getByText('play'));
    await waitFor(() => expect(view.location()).toContain('/game?nodeId=PORTICO_SLOT_1'));
  });

  it('takes a member to a sports book’s lobby', async () => {
    const view = show('token');
    await waitFor(() => expect(screen.getByTestId('session')).toHaveTextContent('in'));
    await userEvent.click(screen.getByText('sports'));
    await waitFor(() => expect(view.location()).toContain('/game?nodeId=IBC_LOBBY'));
    expect(screen.getByTestId('modal')).toHaveTextContent('none');
  });
});
