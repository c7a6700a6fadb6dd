import type { ApiBase, Endpoint } from '@tp/contracts/endpoint';
import type {
  CRM_MODULES as ContractCrmModules,
  detectSite as DetectSite,
  POLICY_PAGES as ContractPolicyPages,
} from '@tp/contracts/endpoints/site';
import type { getPermissionsFromSession as GetPermissionsFromSession } from '@tp/contracts/endpoints/rbac';
import type {
  facebookLogin as FacebookLogin,
  getUserBySessionId as GetUserBySessionId,
  googleLogin as GoogleLogin,
  login as Login,
  logout as Logout,
} from '@tp/contracts/endpoints/users';

/**
 * The boot path's view of the contract, without zod. Every contract module that defines a schema
 * pulls zod (~24 KB gzipped), and the users contract also pulls the phone metadata (~25 KB); the
 * shell and the login screen only need where to send a call and a few constants, because the client
 * never validates answers. These are copies: boot.test.ts checks each against the contract itself.
 */

/** What the client reads of an endpoint: where and how to call it, and who may (the error catalogue). */
export type CallTarget = Pick<Endpoint, 'id' | 'api' | 'method' | 'path' | 'auth' | 'envelope'>;

/** A schema-free copy of an endpoint that still types its input and payload as the real one `E`. */
export interface EndpointShape<E extends Endpoint> extends CallTarget {
  /** Types only; never set. */
  readonly types?: E;
}

/** The endpoint behind a call target, for its request and response types. */
export type EndpointOf<T> = T extends Endpoint ? T : T extends EndpointShape<infer E> ? E : never;

const shape = <E extends Endpoint>(target: CallTarget): EndpointShape<E> => target;

/** Same as the contract's API_BASES (checked by boot.test.ts). */
export const API_BASES: Record<ApiBase, string> = { site: '/api/', flight: '/flight-api/', partner: '/partner-api/' };

/** Full URL path of an endpoint, as the contract's `urlPath`. */
export const urlPath = (e: Pick<Endpoint, 'api' | 'path'>): string => `${API_BASES[e.api]}${e.path}`;

export const detectSite = shape<typeof DetectSite>({
  id: 'site.detect',
  api: 'site',
  method: 'POST',
  path: 'whitelabel/detetct',
  auth: 'public',
});

export const getUserBySessionId = shape<typeof GetUserBySessionId>({
  id: 'users.getUserBySessionId',
  api: 'site',
  method: 'POST',
  path: 'wl/user/getUserBySessionId',
  auth: 'user',
});

export const login = shape<typeof Login>({
  id: 'users.login',
  api: 'site',
  method: 'POST',
  path: 'wl/user/login',
  auth: 'public',
});

/** The login screen's social buttons (their rules are the server's: nothing to validate here). */
export const googleLogin = shape<typeof GoogleLogin>({
  id: 'users.googleLogin',
  api: 'site',
  method: 'POST',
  path: 'wl/user/googleLogin',
  auth: 'public',
});

export const facebookLogin = shape<typeof FacebookLogin>({
  id: 'users.facebookLogin',
  api: 'site',
  method: 'POST',
  path: 'wl/user/facebookLogin',
  auth: 'public',
});

export const logout = shape<typeof Logout>({
  id: 'users.logout',
  api: 'site',
  method: 'POST',
  path: 'wl/user/logout',
  auth: 'public',
});

/** The shell loads the user's permissions with the session check, to hide what their group lacks. */
export const getPermissionsFromSession = shape<typeof GetPermissionsFromSession>({
  id: 'rbac.getPermissionsFromSession',
  api: 'site',
  method: 'POST',
  path: 'rbac/getPermissionsFromSession',
  auth: 'user',
});

export const POLICY_PAGES: typeof ContractPolicyPages = [
  'terms_and_conditions',
  'privacy_policy',
  'cancellation_return_refund_policy',
  'api-partner-program',
];

export const CRM_MODULES: typeof ContractCrmModules = [
  'FlightsForm',
  'VisaEnquiry',
  'OtherEnquiry',
  'Insurance',
  'Bus',
  'Hotels',
  'Cruise',
  'Train',
];
