import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

/** Spec §2 Modals of the account area; which one is open is view state, the flows live in the machines. */
export type AuthModal =
  /** `agent`: the agent login (spec §2 "Agent", §6: non-agents cannot log in), which goes on to the agent centre. */
  | { name: 'login'; agent?: boolean }
  | { name: 'register' }
  /** `resetCode` (and `username`): opened from the e-mailed reset link, at the code step. */
  | { name: 'forgot'; resetCode?: string; username?: string }
  | { name: 'changePassword' }
  | { name: 'registerSuccess'; account: string; mode: 'username' | 'mobile' }
  | { name: 'realAccount' };

interface ModalsApi {
  modal: AuthModal | null;
  open(modal: AuthModal): void;
  close(): void;
}

const ModalsContext = createContext<ModalsApi | null>(null);

export function AuthModalsProvider({ children }: { children: ReactNode }) {
  const [modal, setModal] = useState<AuthModal | null>(null);
  const api = useMemo<ModalsApi>(() => ({ modal, open: setModal, close: () => setModal(null) }), [modal]);
  return <ModalsContext.Provider value={api}>{children}</ModalsContext.Provider>;
}

export function useAuthModals(): ModalsApi {
  const api = useContext(ModalsContext);
  if (!api) throw new Error('useAuthModals needs AuthModalsProvider');
  return api;
}
