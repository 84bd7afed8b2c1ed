import { useLingui } from '@lingui/react/macro';
import type { TicketStatus, TicketType } from '../../../../../contract/rewards.ts';

/** The member's words for ticket types and states. */
export function useTicketWords() {
  const { t } = useLingui();
  const types: Record<TicketType, string> = {
    RED_ENVELOPE: t`Red envelope`,
    PRIZE_WHEEL: t`Prize wheel`,
    GOLDEN_EGG: t`Golden egg`,
  };
  const states: Record<TicketStatus, string> = {
    AVAILABLE: t`Available`,
    OPENED: t`Opened`,
    EXPIRED: t`Expired`,
  };
  return { typeName: (type: TicketType) => types[type], stateName: (s: TicketStatus) => states[s] };
}

/** Whether the page should skip animations (the member asked for reduced motion, or the browser cannot say). */
export const reducedMotion = (): boolean =>
  typeof window.matchMedia !== 'function' || window.matchMedia('(prefers-reduced-motion: reduce)').matches;
