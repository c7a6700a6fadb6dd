/**
 * What an operation module needs to answer its endpoints, and nothing of the HTTP preset (lib/http.ts): the scope
 * an operation runs in, `reply` and `answers`. Modules that workers import too (holds, orders, payments) carry
 * answers; importing them from here keeps middy and the preset out of the workers' bundles.
 */
import type { AuthRule, ContractSchema, Endpoint, ParsedRequestOf, ResponseOf } from '@tp/contracts/endpoint';
import type { Logger } from './logger.ts';
import type { Principal } from './principal.ts';
import type { SessionRecord } from './sessions.ts';
import type { SiteRecord } from './tenancy.ts';
import type { OperatorMfa } from '@tp/contracts/endpoints/console';

/**
 * What an operation gets besides its parsed input, built by the preset: the calling site, the clock,
 * a logger carrying the request id, and the caller already narrowed to the endpoint's auth rule.
 */
export interface Scope {
  site: SiteRecord;
  now: Date;
  log: Logger;
  ip: string;
  requestId: string;
  headers: Record<string, string | undefined>;
  /** The cookies the request carried (API Gateway passes them apart from the headers). */
  cookies?: Record<string, string>;
  /** The session token the request carried, if any (for logout). */
  token: string | undefined;
  /** The request body as it came, only on endpoints that declare `rawBody` (a signature over the bytes). */
  rawBody?: string;
}
/** 'user', 'staff' and 'superAdmin' endpoints: the caller is signed in (and allowed). */
export interface SignedInScope extends Scope {
  principal: Principal;
  session: SessionRecord;
}
/** 'public' endpoints: a session is read when present. */
export interface PublicScope extends Scope {
  principal: Principal | undefined;
  session: SessionRecord | undefined;
}

/** A platform operator (the console's caller): not a site user, stored under the platform's partition. */
export interface OperatorPrincipal {
  operatorId: string;
  email: string;
  name: string;
  mfa: OperatorMfa;
}
/** Console calls: no site is resolved (the console is above the sites), no site session is read. */
export type PlatformScope = Omit<Scope, 'site'>;
/** 'console' endpoints (the operator's sign-in): the operator when a console session came along. */
export interface ConsoleScope extends PlatformScope {
  operator: OperatorPrincipal | undefined;
}
/** 'operator' endpoints: a signed-in operator. */
export interface OperatorScope extends PlatformScope {
  operator: OperatorPrincipal;
}
export type ScopeFor<A extends AuthRule> = A extends 'public'
  ? PublicScope
  : A extends 'token'
    ? Scope
    : A extends 'console'
      ? ConsoleScope
      : A extends 'operator'
        ? OperatorScope
        : SignedInScope;
export type AuthOf<E> = E extends Endpoint<ContractSchema, ContractSchema, infer A> ? A : never;

/** Set cookies or a message alongside the payload. */
export class Reply<T> {
  constructor(
    readonly payload: T,
    readonly options: { message?: string; cookies?: string[]; status?: number } = {},
  ) {}
}
export const reply = <T>(payload: T, options: Reply<T>['options'] = {}): Reply<T> => new Reply(payload, options);

export interface Operation<E extends Endpoint = Endpoint> {
  endpoint: E;
  run(input: ParsedRequestOf<E>, scope: ScopeFor<AuthOf<E>>): Promise<ResponseOf<E> | Reply<ResponseOf<E>>>;
}

/** How an endpoint is answered, as a domain's wiring asks its entry for it (a domain above answers it). */
export type OperationRun<E extends Endpoint> = Operation<E>['run'];

/**
 * An endpoint answered beside its operation: `export const answerX = answers(api.x, (input, scope) => …)` in the
 * operation's module. `npm run derive` gathers every exported answer of a domain folder into its
 * `answered.generated.ts` (scripts/derive/bindings.ts), which binds each one to its module loaded on first use;
 * the domain's bindings.ts spreads that list. `W` is the domain's wiring when the answer needs one.
 */
export interface Answer<E extends Endpoint = Endpoint, W = void> {
  endpoint: E;
  run(
    input: ParsedRequestOf<E>,
    scope: ScopeFor<AuthOf<E>>,
    wiring: W,
  ): Promise<ResponseOf<E> | Reply<ResponseOf<E>>> | ResponseOf<E> | Reply<ResponseOf<E>>;
}

export function answers<E extends Endpoint, W = void>(endpoint: E, run: Answer<E, W>['run']): Answer<E, W> {
  return { endpoint, run };
}
