import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../http/errors.ts';
import { bearerOf, type OpsAuth } from '../../http/route.ts';
import type { Operators } from './operators.ts';
import type { ScopeCheck } from './scope.ts';

/** What an operator who must enrol in two-factor login may still call. */
export const ENROLMENT = new Set(['/ops/me', '/ops/logout', '/ops/totp/enrol', '/ops/totp/confirm']);

/**
 * Resolves the operator of an ops call (`app.authenticateOps`): the session or environment token, then two-factor
 * enrolment where it is required, then the merchants the call reaches against the operator's grant.
 */
export function opsGate(operators: Operators, checkScope: ScopeCheck) {
  return async (req: FastifyRequest): Promise<OpsAuth> => {
    const { tokenHash, ...operator } = await operators.resolve(bearerOf(req));
    if (operators.mustEnrol(operator) && !ENROLMENT.has(req.routeOptions.url ?? ''))
      throw new DomainError(
        403,
        'TOTP_REQUIRED',
        'Set up two-factor login first (Two-factor in the back office)',
      );
    await checkScope(req, operator);
    return { operator, tokenHash };
  };
}
