/**
 * Ours: the platform operator's console (the company that runs the platform, above the sites). Operators sign in
 * on the console's own host (`console.localhost` locally, the stage's console domain when deployed), never on a
 * reseller's site; their accounts and sessions live under the platform's partition, not under a site. Calls:
 *
 * - `console/login`, `console/logout`, `console/session`: the operator's sign-in (auth 'console': the console
 *   host, no session needed) and session (auth 'operator');
 * - `console/resellers` (list, paged, with this month's counters), `console/reseller` (one), `console/onboard`
 *   (one call creates the site, its default customer group, markups and policy pages; idempotent);
 * - `console/reseller/inviteAdmin`, `…/resendAdminInvite`, `…/revokeAdminInvite`: the site's first super admin;
 * - `console/reseller/suspend`, `…/reactivate`;
 * - `console/audit`: the operators' audit log (who, what, when, before / after), newest first.
 */
import * as z from 'zod/mini';
import { gstStateOf } from '@tp/domain/gst';
import { isValidGstin, isValidPan, panOfGstin } from '@tp/domain/tax-ids';
import { endpoint } from '../endpoint.ts';
import {
  zAddress,
  zCursor,
  zDomain,
  zEmail,
  zId,
  zName,
  zPhoneText,
  zRemarks,
  zSecret,
  zShortText,
} from '../fields.ts';
import { lazy } from '../lazy.ts';
import { zEmpty, ZOk } from '../common.ts';
import * as MSG from '../messages.ts';
import { SITE_STATUSES } from './site.ts';

export const CONSOLE_MSG = {
  operatorDisabled: 'This operator account is disabled',
  /** An account whose MFA is on and no code (or a wrong one) came with the password. */
  mfaCodeRequired: 'Enter the 6-digit code from your authenticator app',
  mfaCodeWrong: 'The authenticator code is not correct',
  signedOut: 'Signed out',
  domainTaken: (domain: string) => `The domain ${domain} is already used by another site`,
  domainRepeated: 'Each domain may be given once',
  /** An idempotency key sent again with a different request. */
  keyReused: 'This request key was already used for a different reseller; reload the form and submit again',
  onboarded: (company: string) => `${company} is onboarded`,
  resellerNotFound: 'No such reseller',
  invalidGstin: 'Please enter a valid GSTIN',
  invalidPan: 'Please enter a valid PAN',
  gstinPanMismatch: 'The GSTIN does not belong to this PAN',
  unknownState: 'Please choose a state',
  stateMismatch: "The state does not match the GSTIN's state code",
  colour: 'Colour must be #rrggbb',
  adminInvited: (email: string) => `Invitation sent to ${email}`,
  adminInviteResent: (email: string) => `Invitation sent again to ${email}`,
  adminInviteRevoked: 'Invitation revoked',
  adminAlreadyInvited: 'This reseller already has a super admin invitation: resend or revoke it',
  noAdminInvite: 'This reseller has no super admin invitation',
  adminAlreadyActive: 'The super admin has already set a password',
  suspended: (company: string) => `${company} is suspended`,
  reactivated: (company: string) => `${company} is active again`,
  alreadySuspended: 'This reseller is already suspended',
  notSuspended: 'This reseller is not suspended',
  /** The public notice a suspended site's pages show. */
  siteSuspendedNotice: 'This site is temporarily unavailable. Please contact the travel company for help.',
  sandboxNotAllowed: 'This stage does not allow sandbox payments',
} as const;

// ---------------------------------------------------------------------------------------------------
// Operators

/** An operator's second factor: 'totp' asks for an authenticator code at sign-in. */
export const OPERATOR_MFA = ['off', 'totp'] as const;
export type OperatorMfa = (typeof OPERATOR_MFA)[number];

export const ZOperator = lazy(() =>
  z.object({
    operatorId: z.string(),
    email: z.string(),
    name: z.string(),
    mfa: z.enum(OPERATOR_MFA),
  }),
);
export type TOperator = z.infer<typeof ZOperator>;

export const ZOperatorLogin = lazy(() =>
  z.object({
    email: zEmail(),
    password: zSecret(),
    /** The authenticator code, when the account's MFA is on. */
    otp: z.optional(z.string().check(z.trim(), z.regex(/^\d{6}$/, CONSOLE_MSG.mfaCodeWrong))),
  }),
);

export const consoleLogin = endpoint({
  id: 'console.login',
  api: 'site',
  method: 'POST',
  path: 'console/login',
  domain: 'console',
  auth: 'console',
  request: ZOperatorLogin,
  response: ZOperator,
  summary: "Operator sign-in on the console host; sets the console's HttpOnly session cookie.",
});

export const consoleLogout = endpoint({
  id: 'console.logout',
  api: 'site',
  method: 'POST',
  path: 'console/logout',
  domain: 'console',
  auth: 'console',
  request: zEmpty,
  response: ZOk,
  summary: "Ends the operator's session and clears the cookie (works when already signed out).",
});

export const consoleSession = endpoint({
  id: 'console.session',
  api: 'site',
  method: 'GET',
  path: 'console/session',
  domain: 'console',
  auth: 'operator',
  request: zEmpty,
  response: ZOperator,
  summary: 'The signed-in operator (401 when signed out).',
});

// ---------------------------------------------------------------------------------------------------
// Resellers

/** What a reseller sells (the SPA's site modules follow from it). */
export const SOLD_MODULES = ['flights', 'activities', 'packages', 'visas', 'fixedDepartures', 'DMC'] as const;
export type SoldModule = (typeof SOLD_MODULES)[number];
export const SOLD_MODULE_LABELS: Record<SoldModule, string> = {
  flights: 'Flights',
  activities: 'Activities',
  packages: 'Holiday packages',
  visas: 'Visas',
  fixedDepartures: 'Fixed departures',
  DMC: 'DMC',
};

/**
 * Where flights come from: the simulator (test stages only), the reseller's own TBO account (its staff enter the
 * credentials in flight settings), or not yet chosen (flights show as not yet available).
 */
export const SUPPLIER_MODES = ['simulator', 'tbo', 'none'] as const;
export type SupplierMode = (typeof SUPPLIER_MODES)[number];
/** How visitors pay: the sandbox gateway (stages that allow it), PhonePe (credentials entered by staff), or none yet. */
export const GATEWAY_MODES = ['sandbox', 'phonepe', 'none'] as const;
export type GatewayMode = (typeof GATEWAY_MODES)[number];

/** Whether the reseller's domains serve it yet (the go-live checklist says what is pending). */
export const GO_LIVE_STATES = ['pending', 'live'] as const;
export type GoLiveState = (typeof GO_LIVE_STATES)[number];

const zHexColour = () => z.string().check(z.trim(), z.regex(/^#[0-9a-fA-F]{6}$/, CONSOLE_MSG.colour));
const zUpper = (max: number) =>
  z.pipe(
    zShortText({ max }),
    z.transform((s) => s.toUpperCase()),
  );

export const ZResellerLegalEntity = lazy(() =>
  z
    .object({
      legalName: zName(),
      gstin: zUpper(20),
      /** The state of registration: GST code (`27`), letter code (`MH`) or name. */
      state: zShortText({ max: 60 }),
      pan: zUpper(20),
      address: z._default(zAddress({ required: false }), ''),
    })
    .check(
      z.superRefine((v, ctx) => {
        if (!isValidGstin(v.gstin))
          ctx.addIssue({ code: 'custom', message: CONSOLE_MSG.invalidGstin, path: ['gstin'] });
        if (!isValidPan(v.pan)) ctx.addIssue({ code: 'custom', message: CONSOLE_MSG.invalidPan, path: ['pan'] });
        else if (isValidGstin(v.gstin) && panOfGstin(v.gstin) !== v.pan)
          ctx.addIssue({ code: 'custom', message: CONSOLE_MSG.gstinPanMismatch, path: ['gstin'] });
        const state = gstStateOf(v.state);
        if (!state) ctx.addIssue({ code: 'custom', message: CONSOLE_MSG.unknownState, path: ['state'] });
        else if (isValidGstin(v.gstin) && v.gstin.slice(0, 2) !== state.code)
          ctx.addIssue({ code: 'custom', message: CONSOLE_MSG.stateMismatch, path: ['state'] });
      }),
    ),
);

export const ZResellerBranding = lazy(() =>
  z.object({
    primary: zHexColour(),
    secondary: zHexColour(),
  }),
);

export const ZOnboardReseller = lazy(() =>
  z
    .object({
      /** One per submit of the form: a retried request answers the site it made, never a second one. */
      idempotencyKey: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, MSG.invalidReference)),
      companyName: zName(),
      /** The first is the site's main domain; all answer for it. */
      domains: z.array(zDomain()).check(z.minLength(1, MSG.required), z.maxLength(5, MSG.tooManyItems(5))),
      legalEntity: ZResellerLegalEntity,
      adminContact: zPhoneText(),
      /** The reseller's public support address (the site's admin email). */
      adminEmail: zEmail(),
      modules: z
        .array(z.enum(SOLD_MODULES))
        .check(z.minLength(1, MSG.required), z.maxLength(SOLD_MODULES.length, MSG.tooManyItems(SOLD_MODULES.length))),
      supplierMode: z.enum(SUPPLIER_MODES),
      gatewayMode: z.enum(GATEWAY_MODES),
      branding: ZResellerBranding,
    })
    .check(
      z.superRefine((v, ctx) => {
        const seen = new Set<string>();
        v.domains.forEach((d, i) => {
          const bare = d.replace(/:\d+$/, '').replace(/^www\./, '');
          if (seen.has(bare))
            ctx.addIssue({ code: 'custom', message: CONSOLE_MSG.domainRepeated, path: ['domains', i] });
          seen.add(bare);
        });
      }),
    ),
);
export type TOnboardReseller = z.input<typeof ZOnboardReseller>;

export const ADMIN_INVITE_STATES = ['invited', 'active', 'revoked'] as const;
export type AdminInviteState = (typeof ADMIN_INVITE_STATES)[number];

/** The site's first super admin as the console tracks it. */
export const ZAdminInvite = lazy(() =>
  z.object({
    userId: z.string(),
    email: z.string(),
    name: z.string(),
    state: z.enum(ADMIN_INVITE_STATES),
    invitedAt: z.string(),
  }),
);
export type TAdminInvite = z.infer<typeof ZAdminInvite>;

/** This calendar month's business of a reseller (India time), read from counters. */
export const ZResellerMonth = lazy(() =>
  z.object({
    /** `YYYY-MM`. */
    month: z.string(),
    searches: z.number(),
    bookings: z.number(),
    /** Searches per booking; null before the first booking. */
    lookToBook: z.nullable(z.number()),
    /** Payments received (INR). */
    revenue: z.number(),
  }),
);

export const ZResellerRow = lazy(() =>
  z.object({
    siteId: z.string(),
    companyName: z.string(),
    domains: z.array(z.string()),
    status: z.enum(SITE_STATUSES),
    goLive: z.enum(GO_LIVE_STATES),
    createdAt: z.string(),
    month: ZResellerMonth,
  }),
);
export type TResellerRow = z.infer<typeof ZResellerRow>;

export const ZReseller = lazy(() =>
  z.object({
    siteId: z.string(),
    companyName: z.string(),
    domains: z.array(z.string()),
    status: z.enum(SITE_STATUSES),
    goLive: z.enum(GO_LIVE_STATES),
    legalEntity: z.object({
      legalName: z.string(),
      gstin: z.string(),
      state: z.string(),
      pan: z.string(),
      address: z.string(),
    }),
    adminContact: z.string(),
    adminEmail: z.string(),
    modules: z.array(z.enum(SOLD_MODULES)),
    supplierMode: z.enum(SUPPLIER_MODES),
    gatewayMode: z.enum(GATEWAY_MODES),
    branding: z.object({ primary: z.string(), secondary: z.string() }),
    createdAt: z.string(),
    createdBy: z.string(),
    /** Why and when it was suspended (null while active). */
    suspension: z.nullable(z.object({ at: z.string(), by: z.string(), reason: z.string() })),
    admin: z.nullable(ZAdminInvite),
    month: ZResellerMonth,
  }),
);
export type TReseller = z.infer<typeof ZReseller>;

export const onboardReseller = endpoint({
  id: 'console.onboard',
  api: 'site',
  method: 'POST',
  path: 'console/onboard',
  domain: 'console',
  auth: 'operator',
  request: ZOnboardReseller,
  response: ZReseller,
  summary:
    'Creates a reseller in one step (site, default customer group, default markups, policy pages); idempotent by key.',
});

export const listResellers = endpoint({
  id: 'console.resellers',
  api: 'site',
  method: 'GET',
  path: 'console/resellers',
  domain: 'console',
  auth: 'operator',
  request: lazy(() => z.object({ cursor: z.optional(zCursor()) })),
  response: lazy(() => z.object({ records: z.array(ZResellerRow), nextCursor: z.nullable(z.string()) })),
  summary: "Resellers, newest first, with status, domains, go-live state and this month's counters; a cursor page.",
});

const zSiteRef = lazy(() => z.object({ siteId: zId(CONSOLE_MSG.resellerNotFound) }));

export const getReseller = endpoint({
  id: 'console.reseller',
  api: 'site',
  method: 'GET',
  path: 'console/reseller',
  domain: 'console',
  auth: 'operator',
  request: zSiteRef,
  response: ZReseller,
  summary: 'One reseller as the console shows it.',
});

export const inviteResellerAdmin = endpoint({
  id: 'console.inviteAdmin',
  api: 'site',
  method: 'POST',
  path: 'console/reseller/inviteAdmin',
  domain: 'console',
  auth: 'operator',
  request: lazy(() => z.object({ siteId: zId(CONSOLE_MSG.resellerNotFound), email: zEmail(), name: zName() })),
  response: ZReseller,
  summary: "Invites the site's first super admin by mail (a single-use, expiring set-password link).",
});

export const resendResellerAdminInvite = endpoint({
  id: 'console.resendAdminInvite',
  api: 'site',
  method: 'POST',
  path: 'console/reseller/resendAdminInvite',
  domain: 'console',
  auth: 'operator',
  request: zSiteRef,
  response: ZReseller,
  summary: "Sends the super admin's invitation again (a new link; the old one stops working).",
});

export const revokeResellerAdminInvite = endpoint({
  id: 'console.revokeAdminInvite',
  api: 'site',
  method: 'POST',
  path: 'console/reseller/revokeAdminInvite',
  domain: 'console',
  auth: 'operator',
  request: zSiteRef,
  response: ZReseller,
  summary: "Revokes the super admin's pending invitation (its link stops working).",
});

export const suspendReseller = endpoint({
  id: 'console.suspend',
  api: 'site',
  method: 'POST',
  path: 'console/reseller/suspend',
  domain: 'console',
  auth: 'operator',
  request: lazy(() => z.object({ siteId: zId(CONSOLE_MSG.resellerNotFound), reason: zRemarks({ max: 300 }) })),
  response: ZReseller,
  summary: 'Suspends a reseller: sign-in and new business refused, queued work completes, records kept.',
});

export const reactivateReseller = endpoint({
  id: 'console.reactivate',
  api: 'site',
  method: 'POST',
  path: 'console/reseller/reactivate',
  domain: 'console',
  auth: 'operator',
  request: zSiteRef,
  response: ZReseller,
  summary: 'Reactivates a suspended reseller.',
});

// ---------------------------------------------------------------------------------------------------
// The operators' audit log

export const CONSOLE_AUDIT_ACTIONS = [
  'signIn',
  'signOut',
  'onboard',
  'inviteAdmin',
  'resendAdminInvite',
  'revokeAdminInvite',
  'suspend',
  'reactivate',
  /** Going live started, or a check found the reseller's domains live (or no longer live). */
  'goLive',
] as const;
export type ConsoleAuditAction = (typeof CONSOLE_AUDIT_ACTIONS)[number];

export const ZConsoleAuditEntry = lazy(() =>
  z.object({
    id: z.string(),
    at: z.string(),
    operator: z.object({ operatorId: z.string(), email: z.string(), name: z.string() }),
    action: z.enum(CONSOLE_AUDIT_ACTIONS),
    /** The reseller it concerns (null for the operator's own sign-in and sign-out). */
    siteId: z.nullable(z.string()),
    before: z.nullable(z.record(z.string(), z.unknown())),
    after: z.nullable(z.record(z.string(), z.unknown())),
  }),
);
export type TConsoleAuditEntry = z.infer<typeof ZConsoleAuditEntry>;

export const consoleAuditLog = endpoint({
  id: 'console.audit',
  api: 'site',
  method: 'GET',
  path: 'console/audit',
  domain: 'console',
  auth: 'operator',
  request: lazy(() =>
    z.object({ cursor: z.optional(zCursor()), siteId: z.optional(zId(CONSOLE_MSG.resellerNotFound)) }),
  ),
  response: lazy(() => z.object({ records: z.array(ZConsoleAuditEntry), nextCursor: z.nullable(z.string()) })),
  summary: "The operators' audit log, newest first (one reseller's when siteId is given); a cursor page.",
});

export const consoleEndpoints = [
  consoleLogin,
  consoleLogout,
  consoleSession,
  onboardReseller,
  listResellers,
  getReseller,
  inviteResellerAdmin,
  resendResellerAdminInvite,
  revokeResellerAdminInvite,
  suspendReseller,
  reactivateReseller,
  consoleAuditLog,
];
