import { createContext, useContext } from 'react';
import type { Operator, OpsMerchant } from '../../contract/backoffice.ts';
import type { AnyCall } from '../../contract/call.ts';
import { mayCall } from './roles.ts';

/** The signed-in operator and the merchant the per-merchant pages work on (the shell's picker). */
export interface OpsContext {
  operator: Operator;
  /** The picked merchant; every merchant for the pages that list across them. */
  merchant: OpsMerchant;
  merchants: OpsMerchant[];
  signOut: () => void;
}

/** Who the token belongs to (`opsMe`, or the login's reply), per token. */
export interface Me {
  operator: Operator;
  totpRequired: boolean;
}
export const meKey = (token: string) => ['ops', 'me', token];

/** The merchants' settings: the picker's list, and what the merchants page changes. */
export const merchantsKey = ['ops', 'merchants'];

export const OpsSession = createContext<OpsContext | null>(null);

export function useOps(): OpsContext {
  const context = useContext(OpsSession);
  if (!context) throw new Error('useOps outside the back office');
  return context;
}

/** Whether the operator's role may make a call: buttons it may not use are not shown. */
export function useMay(): (c: AnyCall) => boolean {
  const { operator } = useOps();
  return (c) => mayCall(operator.role, c);
}
