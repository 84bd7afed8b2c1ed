import type { FastifyRequest } from 'fastify';
import type { AnyCall } from '../../contract/call.ts';
import { breakMatters, type Refusal, refusalOf, type Standing } from '../../contract/standing.ts';
import type { Member } from '../modules/auth/sessions.ts';
import type { GeoPort } from '../ports/geo.ts';
import { DomainError } from './errors.ts';
import type { Merchant } from './merchant.ts';

/** A break in force, as the responsible-gambling module keeps it. */
export type ActiveBreak = NonNullable<NonNullable<Standing['member']>['break']>;

export interface StandingDeps {
  geo: GeoPort;
  /** The member's break in force, if any (looked up only for calls a break refuses). */
  breakOf(memberId: number): Promise<ActiveBreak | null>;
  now?: () => Date;
}

export const inMaintenance = (m: Merchant, at: Date) =>
  m.maintenance && (!m.maintenanceEnd || m.maintenanceEnd > at);

/** Spec §4 site status of a visitor: 1 in maintenance, else 2 from a restricted country, else 0. */
export function siteOf(m: Merchant, country: string, at: Date): Standing['site'] {
  if (inMaintenance(m, at)) return { status: 1, maintenanceEnd: m.maintenanceEnd?.toISOString() ?? null };
  return { status: m.restrictedCountries.includes(country) ? 2 : 0, maintenanceEnd: null };
}

/** Spec §4: the default password, or an expired one where the merchant has password expiry, must be changed. */
export function passwordChangeOf(m: Merchant, member: Member, at: Date): 'default' | 'expired' | null {
  if (member.mustChangePassword) return 'default';
  const maxAge = m.settings.passwordMaxAgeDays * 86_400_000;
  if (m.settings.features.PASSWORD_EXPIRY && at.getTime() - member.passwordChangedAt.getTime() > maxAge)
    return 'expired';
  return null;
}

/** A standing's refusal as the error the route answers with (the break's or maintenance's end as `until`). */
export const refusalError = (refusal: Refusal) =>
  new DomainError(
    refusal.status,
    refusal.code,
    refusal.message,
    undefined,
    refusal.until === undefined ? {} : { until: refusal.until },
  );

/** Throws when `standing` may not make `call` (contract/standing.ts `refusalOf`). */
export const refuse = (standing: Standing, call: Pick<AnyCall, 'method' | 'path' | 'class'>) => {
  const refusal = refusalOf(standing, call);
  if (refusal) throw refusalError(refusal);
};

const OPEN_SITE: Standing['site'] = { status: 0, maintenanceEnd: null };

/**
 * The one standing check every call goes through before its handler (server/http/route.ts): the site's status for
 * everyone before the caller is even identified, then the member's lock, password change and break. Only a call
 * that a break refuses costs a query.
 */
export function createStandingCheck({ geo, breakOf, now = () => new Date() }: StandingDeps) {
  return {
    site(req: FastifyRequest, call: AnyCall): void {
      if (call.class === undefined || call.class === 'open') return;
      refuse({ site: siteOf(req.merchant, geo.country(req.ip), now()) }, call);
    },

    /** `breakInHandler`: the call's handler refuses a break itself (route.ts RouteOptions), so none is read here. */
    async member(req: FastifyRequest, call: AnyCall, member: Member, breakInHandler = false): Promise<void> {
      if (call.class === undefined || call.class === 'open') return;
      refuse(
        {
          site: OPEN_SITE,
          member: {
            locked: member.lockedAt !== null,
            passwordChange: passwordChangeOf(req.merchant, member, now()),
            break: breakMatters(call) && !breakInHandler ? await breakOf(member.id) : null,
          },
        },
        call,
      );
    },
  };
}
export type StandingCheck = ReturnType<typeof createStandingCheck>;
