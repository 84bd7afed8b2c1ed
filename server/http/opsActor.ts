import { AsyncLocalStorage } from 'node:async_hooks';

const actor = new AsyncLocalStorage<string>();

/**
 * Runs an operator call so that what it audits as 'ops' names the operator ('ops:<username>'); the environment
 * token's calls (`npm run ops`, id 0) stay 'ops'.
 */
export const asOperator = <T>(operator: { id: number; username: string }, work: () => T): T =>
  operator.id === 0 ? work() : actor.run(`ops:${operator.username}`, work);

/** The audit actor of the operator call in progress, if any. */
export const currentOperator = (): string | undefined => actor.getStore();
