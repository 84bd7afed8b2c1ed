import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import {
  type AgentContract,
  actOnContract,
  agentContracts,
  type ContractKind,
  proposeContract,
} from '../../../../contract/agent.ts';
import type { ActRequest, ProposeRequest } from '../../../../machines/contractNegotiation.machine.ts';
import { call } from '../../../api/client.ts';

/** Server data of the contract pages (spec §2 bonus, daily wages, hourly salary, real-time salary). */

export const contractsQuery = (kind: ContractKind) =>
  queryOptions({
    queryKey: ['agent', 'contracts', kind],
    queryFn: async () => (await call(agentContracts, { query: { kind } })).value,
  });

/**
 * The negotiation's calls. After each answer the contracts of that kind are read again, so the other side of the
 * page (the agent's own contract, its downline's rows) shows the server's word.
 */
export const negotiationActors = (queryClient: QueryClient, kind: ContractKind) => {
  const reread = () => void queryClient.invalidateQueries({ queryKey: contractsQuery(kind).queryKey });
  return {
    propose: fromPromise<AgentContract, ProposeRequest>(async ({ input }) => {
      const { period, ...rest } = input;
      const reply = await call(proposeContract, { body: { ...rest, ...(period ? { period } : {}) } });
      reread();
      return reply.value;
    }),
    act: fromPromise<AgentContract, ActRequest>(async ({ input }) => {
      try {
        return (await call(actOnContract, { params: { id: input.id }, body: { action: input.action } }))
          .value;
      } finally {
        // A refusal (409: the contract changed meanwhile) is news too.
        reread();
      }
    }),
  };
};
