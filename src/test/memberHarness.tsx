import { screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import type { MemberInfo } from '../../contract/member.ts';
import type { PaymentOrder } from '../../contract/payments.ts';
import { sessionMachine } from '../../machines/session.machine.ts';
import { AuthModalsProvider, useAuthModals } from '../session/authModals.tsx';
import { SessionContext } from '../session/sessionContext.ts';
import { mount, server, type ViewOptions } from './authHarness.tsx';

/**
 * The member centre's tests: a session (visitor, member or trial account) around the view, the fake server of the
 * auth harness behind `call` (each test file mocks src/api/client.ts with it), and a probe of the open auth modal.
 * Must not import src/api/client.ts.
 */

export const member: MemberInfo = {
  id: 7,
  account: 'player01',
  nickname: 'Lucky',
  type: 'member',
  agentType: 0,
  toUpline: true,
  clubLabel: { labelName: 'Bronze', color: '#aa5500', color2: '#ffcc88', rankLevel: 1 },
  memberLabel: [],
};

function ModalProbe() {
  const { modal } = useAuthModals();
  // The agent login is the login modal in agent mode ('login agent').
  const agent = modal?.name === 'login' && modal.agent ? ' agent' : '';
  return <p data-testid="modal">{modal ? `${modal.name}${agent}` : 'none'}</p>;
}

export function show(
  ui: ReactNode,
  who: 'visitor' | 'member' | 'trial' = 'member',
  info: Partial<MemberInfo> = {},
  queryData: ViewOptions['queryData'] = [],
) {
  const logic = sessionMachine.provide({
    actors: {
      loadMemberInfo: fromPromise(async () => ({
        ...member,
        ...(who === 'trial' ? { agentType: 4 } : {}),
        ...info,
      })),
      logOut: fromPromise(async () => {}),
    },
  });
  mount(
    <SessionContext.Provider
      logic={logic}
      options={{ input: { storedToken: who === 'visitor' ? null : 'token' } }}
    >
      <AuthModalsProvider>
        <ModalProbe />
        {ui}
      </AuthModalsProvider>
    </SessionContext.Provider>,
    { router: true, queryData },
  );
}

/** Waits for the view's request to `path` and answers it with `value` (the contract's `value`). */
export async function answer(path: string, value: unknown): Promise<void> {
  await waitFor(() => expect(server.pending(path).length).toBeGreaterThan(0));
  await server.reply(path, value);
}

const BANK = { bankName: 'Portico Bank', accountName: 'Portico Ltd', accountNo: '0012 3456 789' };

/** A merchant without configured channels: the built-in bank transfer and the demo gateway. */
export const SETTINGS = {
  deposit: {
    min: 1000,
    max: 5_000_000,
    channels: ['BANK', 'DEMO_GATEWAY'],
    methods: [
      { id: null, kind: 'BANK', label: '', bank: BANK },
      { id: null, kind: 'DEMO_GATEWAY', label: '', bank: null },
    ],
  },
  withdrawal: { min: 5000, max: 2_000_000, maxCount: 3, forceReceiveMinutes: 60 },
  hasPaymentPassword: true,
  bank: BANK,
};

export const order = (o: Partial<PaymentOrder> = {}): PaymentOrder => ({
  id: 1,
  kind: 'DEPOSIT',
  channel: 'BANK',
  amount: 10_000,
  status: 'PENDING',
  details: {},
  proofs: 0,
  remark: null,
  createdAt: '2030-01-02T03:04:05.000Z',
  updatedAt: '2030-01-02T03:04:05.000Z',
  disbursedAt: null,
  forcedReceiveAt: null,
  ...o,
});

export const byLabel = (name: string | RegExp) => screen.getByLabelText(name);
