import { selectIsLoggedIn, selectIsStarting, selectIsTrial } from '../../../machines/session.connect.ts';
import { useAuthModals } from '../../session/authModals.tsx';
import { SessionContext } from '../../session/sessionContext.ts';
import { useMoney } from '../../ui/records/useMoney.ts';

/** Who looks at a promotion: a visitor may read, a trial account (spec §6) may not take part, a member may. */
export type Audience = 'starting' | 'visitor' | 'trial' | 'member';

export function useAudience(): Audience {
  const starting = SessionContext.useSelector(selectIsStarting);
  const loggedIn = SessionContext.useSelector(selectIsLoggedIn);
  const trial = SessionContext.useSelector(selectIsTrial);
  if (starting) return 'starting';
  if (!loggedIn) return 'visitor';
  return trial ? 'trial' : 'member';
}

/** What an action does for those who may not take it: the login popup, or "Please Register An Account First". */
export function useGate() {
  const { open } = useAuthModals();
  return {
    login: () => open({ name: 'login' }),
    register: () => open({ name: 'realAccount' }),
  };
}

/** Money in the viewer's currency; a visitor's page asks no balance (it would answer 401). */
export function usePromotionMoney() {
  const audience = useAudience();
  return useMoney({ member: audience === 'member' || audience === 'trial' });
}
