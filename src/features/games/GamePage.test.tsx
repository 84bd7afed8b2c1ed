import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { MemberInfo } from '../../../contract/member.ts';
import { sessionMachine } from '../../../machines/session.machine.ts';
import { ApiError } from '../../api/client.ts';
import { AuthModalsProvider, useAuthModals } from '../../session/authModals.tsx';
import { SessionContext } from '../../session/sessionContext.ts';
import { mount, server } from '../../test/authHarness.tsx';
import { GamePage } from './GamePage.tsx';
import { GAME_MESSAGE } from './gameMessages.ts';

vi.mock('../../api/client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/client.ts')>()),
  call: (await import('../../test/authHarness.tsx')).server.call,
}));

const member: MemberInfo = {
  id: 1,
  account: 'player01',
  nickname: 'player01',
  type: 'member',
  agentType: 0,
  toUpline: false,
  clubLabel: { labelName: 'Bronze', color: '#000000', color2: '#ffffff', rankLevel: 1 },
  memberLabel: [],
};

const LAUNCH = '/wps/game/launchGame';
const BALANCE = '/wps/v2/wallets/balance';

function Probe() {
  const { modal } = useAuthModals();
  return <p data-testid="modal">{modal?.name ?? 'none'}</p>;
}

function show(loggedIn = true) {
  const logic = sessionMachine.provide({
    actors: {
      loadMemberInfo: fromPromise(async () => member),
      logOut: fromPromise(async () => {}),
    },
  });
  mount(
    <SessionContext.Provider logic={logic} options={{ input: { storedToken: loggedIn ? 'token' : null } }}>
      <AuthModalsProvider>
        <Probe />
        <GamePage nodeId="PORTICO_SLOT_1" vendor="PORTICO" name="Lucky Lanterns" />
      </AuthModalsProvider>
    </SessionContext.Provider>,
    { router: true },
  );
}

afterEach(() => server.reset());

describe('/game page', () => {
  it('launches with the session’s account and shows the game in a frame', async () => {
    show();
    await waitFor(() => expect(server.pending(LAUNCH)).toHaveLength(1));
    expect(server.next(LAUNCH).input.body).toMatchObject({
      nodeId: 'PORTICO_SLOT_1',
      vassalage: 'PORTICO',
      username: 'player01',
    });
    await server.reply(LAUNCH, { content: '/play/slot?t=abc', openIn: 'frame' });
    const frame = await screen.findByTitle('Game: Lucky Lanterns');
    expect(frame).toHaveAttribute('src', '/play/slot?t=abc');
    expect(screen.getByRole('button', { name: 'Full screen' })).toBeInTheDocument();
  });

  it('shows the header’s balance in the game bar and reads it again when the game reports a change', async () => {
    show();
    await waitFor(() => expect(server.pending(LAUNCH)).toHaveLength(1));
    await server.reply(LAUNCH, { content: '/play/slot?t=abc', openIn: 'frame' });
    await waitFor(() => expect(server.pending(BALANCE)).toHaveLength(1));
    await server.reply(BALANCE, { sumBalance: 200_000, currency: 'USD', currencySign: '$' });
    expect(await screen.findByTestId('game-bar-balance')).toHaveTextContent('$2,000.00');
    // The phone bar's back link and the desktop's (CSS shows one of them).
    for (const leave of screen.getAllByRole('link', { name: 'Leave game' }))
      expect(leave).toHaveAttribute('href', '/');
    const before = server.sent(BALANCE).length;
    window.dispatchEvent(
      new MessageEvent('message', { data: { type: GAME_MESSAGE.balance }, origin: window.location.origin }),
    );
    await waitFor(() => expect(server.sent(BALANCE)).toHaveLength(before + 1));
    await server.reply(BALANCE, { sumBalance: 199_500, currency: 'USD', currencySign: '$' });
    await waitFor(() => expect(screen.getByTestId('game-bar-balance')).toHaveTextContent('$1,995.00'));
    window.dispatchEvent(
      new MessageEvent('message', { data: { type: GAME_MESSAGE.balance }, origin: 'https://evil.example' }),
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(server.sent(BALANCE)).toHaveLength(before + 1);
  });

  it('shows a game under maintenance with its end time', async () => {
    show();
    await waitFor(() => expect(server.pending(LAUNCH)).toHaveLength(1));
    await server.fail(
      LAUNCH,
      new ApiError('GAME_MAINTENANCE', 'down', {}, 409, undefined, {
        maintenanceUntil: '2030-01-02T03:04:00.000Z',
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The game is under maintenance, please see other popular games');
    expect(alert).toHaveTextContent(
      `Maintenance until ${new Date('2030-01-02T03:04:00.000Z').toLocaleString('en')}`,
    );
    expect(screen.queryByTitle('Game: Lucky Lanterns')).toBeNull();
    // "See other popular games": the popular list is asked for.
    await waitFor(() => expect(server.pending('/lgw/games/popular')).toHaveLength(1));
    expect(server.next('/lgw/games/popular').input.query).toMatchObject({ count: 20 });
  });

  it('offers registration to a trial account refused a paid game', async () => {
    show();
    await waitFor(() => expect(server.pending(LAUNCH)).toHaveLength(1));
    await server.fail(LAUNCH, new ApiError('FORBIDDEN', 'Please Register An Account First', {}, 403));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please Register An Account First');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByTestId('modal')).toHaveTextContent('register');
  });

  it('asks a visitor to log in and launches nothing', async () => {
    show(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Login' }));
    expect(screen.getByTestId('modal')).toHaveTextContent('login');
    expect(server.sent(LAUNCH)).toHaveLength(0);
  });

  it('retries after a network failure', async () => {
    show();
    await waitFor(() => expect(server.pending(LAUNCH)).toHaveLength(1));
    await server.fail(LAUNCH, new ApiError('NETWORK', 'offline'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network abnormal, please try again');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(server.pending(LAUNCH)).toHaveLength(1));
  });
});
