import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, reset, server, signedIn } from '../test/opsHarness.tsx';

/** The live stream the server would send, opened and fed by the test. */
const wire: { push?: (data: string) => void } = {};

vi.mock('../api/client.ts', async (original) => ({
  ...(await (await import('../test/opsClientMock.ts')).opsClientMock(original)),
  openStream: async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start: (c) => {
          wire.push = (data) => c.enqueue(new TextEncoder().encode(data));
        },
      }),
    ),
}));

afterEach(reset);

const LIST = '/ops/payments';
const order = (id: number) => ({
  id,
  kind: 'DEPOSIT' as const,
  channel: 'BANK' as const,
  amount: 150_000,
  status: 'PENDING' as const,
  details: {},
  proofs: 0,
  remark: null,
  createdAt: '2030-01-02T03:04:05.000Z',
  updatedAt: '2030-01-02T03:04:05.000Z',
  disbursedAt: null,
  forcedReceiveAt: null,
  merchantCode: 'PORTICO',
  memberId: 7,
  account: `player${id}`,
  next: ['approve', 'reject'] as ('approve' | 'reject')[],
});

describe('Pending deposits, live', () => {
  it('shows a new deposit when the server says payments changed, without a reload', async () => {
    await signedIn('FINANCE', '/ops?page=deposits');
    await answer(LIST, { list: [order(1)] });
    expect(await screen.findByText('player1')).toBeInTheDocument();
    expect(await screen.findByText('Live')).toBeInTheDocument();
    expect(server.sent(LIST)).toHaveLength(1);
    wire.push!('data: {"merchant":"PORTICO","queues":["payments","dashboard"]}\n\n');
    await waitFor(() => expect(server.pending(LIST)).toHaveLength(1));
    await server.reply(LIST, { list: [order(1), order(2)] });
    expect(await screen.findByText('player2')).toBeInTheDocument();
  });
});
