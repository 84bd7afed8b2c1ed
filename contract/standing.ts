import type { AnyCall, CallClass, ErrorCode } from './call.ts';

/**
 * Where a visitor or member stands, as the server sees it before a call's handler runs. One rule for every call:
 * `refusalOf` below; the server computes the standing (server/http/standing.ts), the SPA reads the same codes.
 */
export interface Standing {
  /** Spec §4 site status: 0 open, 1 merchant maintenance (until `maintenanceEnd`), 2 restricted country. */
  site: { status: 0 | 1 | 2; maintenanceEnd: string | null };
  /** Absent for a visitor (a call without a member). */
  member?: {
    locked: boolean;
    /** The default or an expired password is still in use: it must be changed before anything else. */
    passwordChange: 'default' | 'expired' | null;
    /** A cooling-off break or self-exclusion in force (`until` null: self-excluded without end). */
    break: { kind: 'COOLING_OFF' | 'SELF_EXCLUSION'; until: string | null } | null;
  };
}

export interface Refusal {
  status: number;
  code: ErrorCode;
  message: string;
  until?: string | null;
}

/** Calls a locked account may still make: only leaving. */
export const WHILE_LOCKED: readonly string[] = ['DELETE /wps/session/logout'];
/** Calls a member who must change the password may make: the change itself, who they are, and leaving. */
export const WHILE_PASSWORD_CHANGE: readonly string[] = [
  ...WHILE_LOCKED,
  'POST /wps/member/password',
  'GET /wps/member/info',
];
/** What a break (cooling-off or self-exclusion) refuses: putting money in, playing, and claiming rewards. */
export const REFUSED_ON_BREAK: readonly CallClass[] = ['money', 'play', 'claim'];

const key = (call: Pick<AnyCall, 'method' | 'path'>) => `${call.method} ${call.path}`;

/** Does a break matter to this call (so the server looks one up only then)? */
export const breakMatters = (call: Pick<AnyCall, 'class'>) =>
  call.class !== undefined && REFUSED_ON_BREAK.includes(call.class);

/** Why this call may not be made by this standing, or null when it may. */
export function refusalOf(
  standing: Standing,
  call: Pick<AnyCall, 'method' | 'path' | 'class'>,
): Refusal | null {
  if (call.class === undefined || call.class === 'open') return null;
  const { site, member } = standing;
  if (site.status === 1)
    return {
      status: 403,
      code: 'MAINTENANCE',
      message: 'The site is under maintenance, please come back later',
      until: site.maintenanceEnd,
    };
  if (site.status === 2)
    return { status: 403, code: 'REGION_RESTRICTED', message: 'This site is not available in your region' };
  if (!member) return null;
  if (member.locked && !WHILE_LOCKED.includes(key(call)))
    return {
      status: 403,
      code: 'ACCOUNT_LOCKED',
      message: 'This account is locked, please contact customer service',
    };
  if (member.passwordChange && !WHILE_PASSWORD_CHANGE.includes(key(call)))
    return {
      status: 403,
      code: 'PASSWORD_CHANGE_REQUIRED',
      message: 'Please change your password first',
    };
  if (member.break && breakMatters(call)) return breakRefusal(member.break.until);
  return null;
}

/** The refusal of a break in force (`until` null: self-excluded without end); the SPA words the date. */
export const breakRefusal = (until: string | null): Refusal => ({
  status: 403,
  code: 'SELF_EXCLUDED',
  message: until === null ? 'Your account is self-excluded' : 'You are taking a break from play',
  until,
});
