import { seamlessBet } from '../../../contract/seamless.ts';
import type { Merchant } from '../../http/merchant.ts';
import { inMaintenance, passwordChangeOf, refuse } from '../../http/standing.ts';
import type { Member } from '../auth/sessions.ts';

/** A vendor's bet is play, whoever sends it: the member's standing decides it as it decides a launch. */
const PLAY = { ...seamlessBet, class: 'play' as const };

/**
 * A vendor's bet for a member who may not play, by the one standing rule (contract/standing.ts): merchant
 * maintenance, a locked account, a password change due. Breaks and loss limits are the responsible-gambling
 * guard's, which the wallet runs after this. The vendor's server calls from anywhere: no region applies.
 */
export function playRefusal(merchant: Merchant, member: Member, at: Date): void {
  const down = inMaintenance(merchant, at);
  refuse(
    {
      site: {
        status: down ? 1 : 0,
        maintenanceEnd: down ? (merchant.maintenanceEnd?.toISOString() ?? null) : null,
      },
      member: {
        locked: member.lockedAt !== null,
        passwordChange: passwordChangeOf(merchant, member, at),
        break: null,
      },
    },
    PLAY,
  );
}
