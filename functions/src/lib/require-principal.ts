import { fail } from './errors.ts';
import type { RequestContext } from './http.ts';
import type { Principal } from './principal.ts';

/**
 * The caller of an endpoint whose auth rule is 'user', 'staff' or 'superAdmin'. The preset has already
 * refused anyone else, so this only narrows the type (and fails closed should a rule be loosened).
 */
export function requirePrincipal(ctx: Pick<RequestContext, 'principal'>): Principal {
  if (!ctx.principal) throw fail.unauthenticated();
  return ctx.principal;
}
