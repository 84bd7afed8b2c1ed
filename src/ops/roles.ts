import type { OpsRole } from '../../contract/backoffice.ts';
import type { AnyCall } from '../../contract/call.ts';

/** The server's rule (contract/call.ts `opsRoles`): ADMIN may make every operator call, another role those naming it. */
export const mayCall = (role: OpsRole, c: AnyCall): boolean =>
  role === 'ADMIN' || (c.opsRoles ?? []).includes(role as never);

/** The roles that may make at least one of `calls`: who sees a page whose work is those calls. */
export const rolesOf = (...calls: AnyCall[]): readonly OpsRole[] => {
  const roles = new Set<OpsRole>(['ADMIN']);
  for (const c of calls) for (const r of c.opsRoles ?? []) roles.add(r);
  return [...roles];
};
