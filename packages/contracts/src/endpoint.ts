import * as z from 'zod/mini';
// Type only (erased from bundles): every contract is on zod/mini, but a test may build an endpoint on classic.
import type { ZodType as ClassicType } from 'zod';
import * as MSG from './messages.ts';

// A missing value reads as the spec's required message everywhere, instead of zod's type jargon; every
// other default is a plain sentence too (a 400 says what to fix, never "expected string, received number").
// Messages a schema spells out itself take precedence over these. The config is zod's core one: classic and
// zod/mini schemas both read it.
z.config({
  customError: (issue) => {
    if (issue.input === undefined || issue.input === null) return MSG.required;
    const size = (n: unknown) => Number(n);
    switch (issue.code) {
      case 'too_big':
        if (issue.origin === 'string') return MSG.tooLong(size(issue.maximum));
        if (issue.origin === 'array' || issue.origin === 'set') return MSG.tooManyItems(size(issue.maximum));
        return MSG.tooLarge(size(issue.maximum));
      case 'too_small':
        if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
          return MSG.tooSmall(size(issue.minimum));
        return issue.origin === 'string' && size(issue.minimum) > 1 ? MSG.invalidValue : MSG.required;
      case 'invalid_value':
        return MSG.invalidOption;
      default:
        return MSG.invalidValue;
    }
  },
});

/** The three HTTP bases the specs name: the site API, the flight API and the partner mail service. */
export type ApiBase = 'site' | 'flight' | 'partner';

/**
 * URL prefix of each base. The site API lives under /api/ (spec: "POST /api/whitelabel/detetct");
 * the flight API has its own base so it can be moved to another host. Paths after the base are
 * exactly those of shared/contract/api.tsv.
 */
export const API_BASES: Record<ApiBase, string> = {
  site: '/api/',
  flight: '/flight-api/',
  partner: '/partner-api/',
};

/** One Lambda per domain (architecture.md). */
export const DOMAINS = [
  'site',
  'users',
  'rbac',
  'suppliers',
  'markup',
  'wallet',
  'flights',
  /** After the booking: queues, e-ticket, holds, change requests, Excel export, e-ticket mail. */
  'tickets',
  /** The staff flight back office: supply settings, supplier wallets, profit and loss, accounting export, refund import. */
  'flight-admin',
  /** Reference data (airports, airlines, countries, states, cities): big static tables in their own Lambda. */
  'master',
  'dmc',
  'kart',
  'activities',
  'areas',
  'visa',
  'packages',
  /** Fixed departures: group-seat inventory, its search and booking (orders through the flights machinery). */
  'fixed-departures',
  /** Visitors' enquiries (packages, visas, general) and the CRM inbox that works them. */
  'enquiries',
  'notifications',
  /** Staff site settings (SEO, branding, html, scripts, policies, logo uploads): kept out of the site Lambda. */
  'settings',
  /** GST tax invoices and credit notes, their numbering and the monthly GSTR-1 export. */
  'invoices',
  /** The platform operator's console: operators, reseller onboarding and lifecycle, the operators' audit log. */
  'console',
  /** Excel exports made in the background: a caller's export jobs and their signed download links. */
  'exports',
] as const;
export type Domain = (typeof DOMAINS)[number];

export const USER_TYPES = ['staff', 'travelAgent', 'retail', 'corporate'] as const;
export type UserType = (typeof USER_TYPES)[number];

/**
 * Who may call an endpoint.
 * - public: anyone; a session is still read when present (e.g. the e-ticket shows prices to logged-in users).
 * - user: any signed-in user of the site.
 * - staff / superAdmin: staff users; superAdmin additionally needs the super-admin flag.
 * - token: no session; the operation checks a secret token from the request itself (driver links).
 * - console: the platform console's host, no session needed (the operator's sign-in); never a site's call.
 * - operator: a signed-in platform operator on the console's host. Operators are not site users: their sessions
 *   live under the platform's partition, so a site user's session never passes this rule and an operator's
 *   session never passes a site rule.
 */
export type AuthRule = 'public' | 'user' | 'staff' | 'superAdmin' | 'token' | 'console' | 'operator';

/** The rules of the platform console: no site is resolved for them, and no site session is read. */
export const isConsoleRule = (rule: AuthRule): rule is 'console' | 'operator' =>
  rule === 'console' || rule === 'operator';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/** Which key of the success envelope carries the payload (the specs read `result` for most calls, `data` for a few). */
export type EnvelopeKey = 'result' | 'data';

/**
 * A request or response schema: classic zod or zod/mini (docs/benchmarks.md "Moving the contracts to
 * zod/mini"). Both parse the same way (`.parse` / `.safeParse`), so callers need not know which one.
 */
export type ContractSchema = ClassicType | z.ZodMiniType;

export interface Endpoint<
  Req extends ContractSchema = ContractSchema,
  Res extends ContractSchema = ContractSchema,
  A extends AuthRule = AuthRule,
> {
  /** Stable operation id, `<domain>.<verb>`; the handler registry is keyed by it. */
  id: string;
  api: ApiBase;
  method: HttpMethod;
  /** Path after the base, exactly as in api.tsv (typos included). `{name}` marks a path parameter. */
  path: string;
  domain: Domain;
  auth: A;
  /**
   * Optional RBAC permission key a staff caller must hold (checked server-side, not only in menus). On
   * 'user' endpoints non-staff callers are not bound by it (their own flight switches apply instead).
   */
  permission?: string;
  envelope?: EnvelopeKey;
  /**
   * Called by another server (a payment gateway's signed callback), never by a browser: exempt from the
   * cross-site (Origin / JSON) check, so the operation must prove the caller itself (a signature).
   */
  serverToServer?: true;
  /**
   * Still answered while the platform operator has the site suspended (its detection, which tells the SPA to show
   * the notice; signing out). Every other call of a suspended site is refused, but `serverToServer` callbacks:
   * work under way (a payment being verified) completes.
   */
  openWhenSuspended?: true;
  /**
   * The operation needs the request body exactly as it came (`scope.rawBody`), besides the parsed input: a
   * signature over the raw bytes (a supplier's webhook). Only the endpoints that declare it get it.
   */
  rawBody?: true;
  request: Req;
  response: Res;
  summary: string;
}

export function endpoint<Req extends ContractSchema, Res extends ContractSchema, A extends AuthRule>(
  e: Endpoint<Req, Res, A>,
): Endpoint<Req, Res, A> {
  return e;
}

/** Full URL path of an endpoint, e.g. `/api/whitelabel/detetct`. */
export function urlPath(e: Pick<Endpoint, 'api' | 'path'>): string {
  return `${API_BASES[e.api]}${e.path}`;
}

/** API Gateway v2 route key, e.g. `POST /api/whitelabel/detetct`. */
export function routeKey(e: Pick<Endpoint, 'api' | 'path' | 'method'>): string {
  return `${e.method} ${urlPath(e)}`;
}

export type RequestOf<E> = E extends Endpoint<infer Req, ContractSchema> ? z.input<Req> : never;
export type ParsedRequestOf<E> = E extends Endpoint<infer Req, ContractSchema> ? z.output<Req> : never;
export type ResponseOf<E> = E extends Endpoint<ContractSchema, infer Res> ? z.output<Res> : never;
