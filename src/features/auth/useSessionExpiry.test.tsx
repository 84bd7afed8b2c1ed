import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { MemberInfo } from '../../../contract/member.ts';
import { sessionMachine } from '../../../machines/session.machine.ts';
import { ApiError } from '../../api/client.ts';
import { SessionContext } from '../../session/sessionContext.ts';
import { useSessionExpiry } from './useSessionExpiry.ts';

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

function Probe() {
  useSessionExpiry();
  useQuery({
    queryKey: ['balance'],
    queryFn: async () => {
      throw new ApiError('UNAUTHORIZED', 'Not logged in, please login', {}, 401);
    },
    retry: false,
  });
  return null;
}

describe('session expiry', () => {
  it('a refused call ends a logged-in session', async () => {
    let loads = 0;
    const logic = sessionMachine.provide({
      actors: {
        loadMemberInfo: fromPromise(async () => {
          loads += 1;
          return member;
        }),
        logOut: fromPromise(async () => {}),
      },
    });

    let snapshot: () => { value: unknown } = () => ({ value: null });
    function Spy() {
      const ref = SessionContext.useActorRef();
      snapshot = () => ref.getSnapshot();
      return null;
    }
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SessionContext.Provider logic={logic} options={{ input: { storedToken: 'token' } }}>
          <Spy />
          <Probe />
        </SessionContext.Provider>
      </QueryClientProvider>,
    );
    // It was logged in (member info loaded) before the refused call ended it.
    await waitFor(() => expect(snapshot().value).toBe('loggedOut'));
    expect(loads).toBe(1);
  });
});
