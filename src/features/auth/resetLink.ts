import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { RESET_LINK_PARAMS } from '../../../contract/constants.ts';
import { useAuthModals } from '../../session/authModals.tsx';

/**
 * The e-mailed reset link (`/?resetCode=…&username=…`) opens Forgot password at its code step, and the code leaves
 * the address bar (and so the history and any referrer) at once.
 */
export function useResetLink(): void {
  const { open } = useAuthModals();
  const navigate = useNavigate();
  const search = useRouterState({ select: (s) => s.location.searchStr });
  useEffect(() => {
    const params = new URLSearchParams(search);
    const resetCode = params.get(RESET_LINK_PARAMS.code)?.trim();
    if (!resetCode) return;
    open({ name: 'forgot', resetCode, username: params.get(RESET_LINK_PARAMS.username) ?? undefined });
    void navigate({
      to: '.',
      search: (prev: Record<string, unknown>) => {
        const { [RESET_LINK_PARAMS.code]: _code, [RESET_LINK_PARAMS.username]: _username, ...rest } = prev;
        return rest;
      },
      replace: true,
    });
  }, [search, open, navigate]);
}
