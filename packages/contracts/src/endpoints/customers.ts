/**
 * The staff customer screen (spec 000 §2, §3 "Customer", §5 Change Details and agent quick create):
 * schemas and the validation rules the server and the screens share.
 */
import * as z from 'zod/mini';
import { endpoint, USER_TYPES, type UserType } from '../endpoint.ts';
import { INVALID_EMAIL, zEmpty, zIntFromText } from '../common.ts';
import { zCursor, zEmailText, zId, zName, zOptionalEmail, zPhoneCountry, zPhoneText, zShortText } from '../fields.ts';
import { type TPhoneEntry, ZPhoneEntry, ZUser, ZValidPhoneEntry } from './users.ts';
import { lazy } from '../lazy.ts';
import { isValidPhone, phoneCountries, PREFERRED_PHONE_COUNTRY } from '@tp/domain/phone';
import { isValidGstin, isValidPan } from '@tp/domain/tax-ids';
import * as MSG from '../messages.ts';

/** Page size of the staff customer list (the spec does not show one). */
export const CUSTOMERS_PAGE_SIZE = 20;
/** Users a search answers at most. */
export const USER_SEARCH_LIMIT = 20;
/** The month selector offers 10 months (spec 000 §9). */
export const ACTIVITY_MONTHS = 10;

/** Our own wording for situations the specs do not quote. */
export const CUSTOMER_MSG = {
  cannotBlockSelf: 'You cannot block your own account',
  cannotBlockSuperAdmin: 'A super admin cannot be blocked',
  staffDetailsSuperAdminOnly: 'Only a super admin can change the details of a staff account',
  changedMeanwhile: 'This customer was changed by someone else. Please reload and try again.',
  invalidGstin: 'Please enter a valid GSTIN',
  invalidPan: 'Please enter a valid PAN',
  gstinPanMismatch: 'The GSTIN does not belong to this PAN',
  customerNumber: 'Please enter a valid customer id',
} as const;

const zPositiveInt = (message: string) =>
  z.pipe(
    zIntFromText(),
    z.number().check(z.int()).check(z.positive(message)).check(z.maximum(Number.MAX_SAFE_INTEGER, message)),
  );

/** Page numbers start at 1; absent means the first page. */
const zPage = () =>
  z._default(z.pipe(zIntFromText(), z.number().check(z.int()).check(z.minimum(1, 'Page must be 1 or more'))), 1);
/** An optional id: absent is fine, blank is not. */
export const zOptionalId = () => z.optional(zId());

/** Optional one-line text (codes, company names): absent reads as empty. */
const zText = (max?: number) => z._default(zShortText({ required: false, max }), '');
/** An optional name: absent reads as empty. */
const zOptionalName = () => z._default(zName({ required: false }), '');

/** A row of the staff customer list and the customer-details dialog (spec 000 §3 "Customer"). */
export const ZCustomer = lazy(() =>
  z.object({
    /** The user id every other call takes as `userId`. */
    id: z.string(),
    /** Per-site customer number, the `customerId` of block, exemption and Change Details. */
    users_id: z.number().check(z.int()),
    firstName: z.string(),
    lastName: z.string(),
    companyName: z.string(),
    email: z.string(),
    userType: z.enum(USER_TYPES),
    status: z.enum(['verified', 'pending']),
    isBlocked: z.boolean(),
    createdAt: z.string(),
    /** Customer (markup) group name, or 'Default Group Applicable' when none is mapped. */
    groupName: z.string(),
    /** Permission (RBAC) group name of a staff user; empty when none. */
    userGroupName: z.string(),
    /** The mapped customer group, for the Change Group dialog. */
    userGroup: z.object({ groupId: z.nullable(z.string()) }),
    rbacUserGroupId: z.nullable(z.string()),
    legalEntityId: z.string(),
    flightLookToBook: z.object({ is_exempted: z.boolean() }),
    panNumber: z.string(),
    gstNumber: z.string(),
    phoneNumbers: z.array(ZPhoneEntry),
    isFlightHoldAllowed: z.boolean(),
    isFlightSearchAllowed: z.boolean(),
    isUserSuperAdmin: z.boolean(),
    emailSubscribed: z.boolean(),
  }),
);
export type TCustomer = z.infer<typeof ZCustomer>;

export const ZCustomerPage = lazy(() =>
  z.object({
    records: z.array(ZCustomer),
    totalRecords: z.number().check(z.int()),
    totalPages: z.number().check(z.int()),
    /** The page answered (the customer console's list). */
    page: z.optional(z.number()),
    /** The customer list's next page (send it back as `cursor` with the next page number); null on the last. */
    nextCursor: z.optional(z.nullable(z.string())),
  }),
);

export const ZGetCustomers = lazy(() =>
  z.object({
    /** Sent by the screen; the server uses the session's user instead of trusting it. */
    staffId: z.optional(z.union([zId(), z.number()])),
    page: zPage(),
    /** Where the page starts: the previous page's `nextCursor`, so a deep page reads only itself. */
    cursor: z.optional(zCursor()),
    /** Narrows the list to one user (clicking a ticket's creator). */
    userId: zOptionalId(),
  }),
);

export const ZCustomerRef = lazy(() => z.object({ customerId: zPositiveInt(CUSTOMER_MSG.customerNumber) }));
export const ZUserRef = lazy(() => z.object({ userId: zId() }));

export const ZMonthlyFlightActivity = lazy(() =>
  z.object({
    /** `MM-YYYY`. */
    month_year: z.string(),
    look_count: z.number().check(z.int()),
    book_count: z.number().check(z.int()),
  }),
);

// ---------------------------------------------------------------------------------------------------
// Change Details (spec 000 §5)

export interface RuleIssue {
  path: string[];
  message: string;
}

const hasPrimaryPhone = (phones: readonly TPhoneEntry[]) =>
  phones.some((p) => p.label === 'Primary' && p.phoneNumber.trim() !== '');

/**
 * Change Details rules beyond field shapes: email or a Primary phone must remain, and a travel agent
 * keeps a company name. `userType` is the customer's stored type (the server) or the form's (the screen).
 */
export function changeDetailsIssues(
  v: { email: string; phoneNumbers: readonly TPhoneEntry[]; companyName: string },
  userType: UserType | undefined,
): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (!v.email.trim() && !hasPrimaryPhone(v.phoneNumbers))
    issues.push({ path: ['email'], message: MSG.emailOrPrimaryPhoneRequired });
  if (userType === 'travelAgent' && !v.companyName.trim())
    issues.push({ path: ['companyName'], message: MSG.required });
  return issues;
}

const addIssues = (ctx: z.core.$RefinementCtx, issues: RuleIssue[], prefix: string[] = []) => {
  for (const i of issues) ctx.addIssue({ code: 'custom', message: i.message, path: [...prefix, ...i.path] });
};

/** Change Details replaces the editable fields: an optional field left out is cleared. */
export const ZChangeDetails = lazy(() =>
  z
    .object({
      customerId: zPositiveInt(CUSTOMER_MSG.customerNumber),
      firstName: zName(),
      lastName: zOptionalName(),
      phoneNumbers: z._default(z.array(ZValidPhoneEntry).check(z.maxLength(10)), []),
      email: zOptionalEmail(),
      panNumber: z.pipe(
        zText(20),
        z.transform((s) => s.toUpperCase()),
      ),
      gstNumber: z.pipe(
        zText(20),
        z.transform((s) => s.toUpperCase()),
      ),
      companyName: zOptionalName(),
      /** The form's idea of the customer's type; the server checks against the stored one. */
      userType: z.optional(z.enum(USER_TYPES)),
    })
    .check(z.superRefine((v, ctx) => addIssues(ctx, changeDetailsIssues(v, v.userType)))),
);
export type TChangeDetails = z.output<typeof ZChangeDetails>;

// ---------------------------------------------------------------------------------------------------
// Agent quick create and the DMC pending customer (spec 000 §5)

export const QUICK_CREATE_TYPES = ['travelAgent', 'retail'] as const;

export const ZQuickCustomer = lazy(() =>
  z.object({
    firstName: zName(),
    lastName: zOptionalName(),
    /** Checked by quickCreateIssues (an email or a phone is required). */
    email: z._default(zEmailText(), ''),
    /** As the phone input holds it: national digits, or `+<dial code><digits>`. */
    phone: z._default(zPhoneText({ required: false, message: MSG.invalidPhoneNumber }), ''),
    phoneCode: z.pipe(
      z._default(zPhoneCountry({ required: false }), ''),
      z.transform((s) => s.toLowerCase()),
    ),
    companyName: zOptionalName(),
  }),
);
export type TQuickCustomer = z.output<typeof ZQuickCustomer>;

let dialCodes: Map<string, string> | undefined;
/** Dial code digits of a country (`in` → `91`); empty for an unknown or excluded country. */
function dialCode(country: string): string {
  dialCodes ??= new Map(phoneCountries().map((c) => [c.code, c.dial_code.slice(1)]));
  return dialCodes.get(country.toLowerCase()) ?? '';
}

/** The national number typed into a phone input; the input may hold the dial code alone. */
export function nationalNumber(phone: string, phoneCode: string): string {
  const trimmed = phone.replace(/[\s()-]/g, '');
  if (!trimmed.startsWith('+')) return trimmed;
  const dial = dialCode(phoneCode || PREFERRED_PHONE_COUNTRY);
  const digits = trimmed.slice(1);
  return dial && digits.startsWith(dial) ? digits.slice(dial.length) : digits;
}

/**
 * Quick-create rules: an email or a phone; a phone input holding only its country code asks for the
 * number; a number must be valid for its country; a travel agent needs a company name.
 */
export function quickCreateIssues(c: TQuickCustomer, userType: UserType): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const national = nationalNumber(c.phone, c.phoneCode);
  if (c.email && !z.email().safeParse(c.email).success) issues.push({ path: ['email'], message: INVALID_EMAIL });
  if (!c.email && !national) {
    if (c.phone) issues.push({ path: ['phone'], message: MSG.phoneRequired });
    else
      issues.push(
        { path: ['email'], message: MSG.phoneOrEmailRequired },
        { path: ['phone'], message: MSG.phoneOrEmailRequired },
      );
  } else if (national && !isValidPhone(national, c.phoneCode)) {
    issues.push({ path: ['phone'], message: MSG.invalidPhoneNumber });
  }
  if (userType === 'travelAgent' && !c.companyName) issues.push({ path: ['companyName'], message: MSG.required });
  return issues;
}

export const ZCreateAgent = lazy(() =>
  z.object({
    userData: z
      .object({ customer: ZQuickCustomer, userType: z.enum(QUICK_CREATE_TYPES) })
      .check(z.superRefine((v, ctx) => addIssues(ctx, quickCreateIssues(v.customer, v.userType), ['customer']))),
  }),
);

/** A customer a staff member starts a DMC quotation for: a name and a phone or an email. */
export const ZPendingDmcCustomer = lazy(() =>
  ZQuickCustomer.check(z.superRefine((v, ctx) => addIssues(ctx, quickCreateIssues(v, 'retail')))),
);

// ---------------------------------------------------------------------------------------------------
// Billing details (the /user/billing-details screen)

// Format rules live in the domain package (pure, unit-tested there); re-exported for existing callers.
export { isValidGstin, isValidPan } from '@tp/domain/tax-ids';

export const ZBillingDetails = lazy(() =>
  z
    .object({
      billingName: zName(),
      gstNumber: z.pipe(
        zText(20),
        z.transform((s) => s.toUpperCase()),
      ),
      gstState: zText(),
      panNumber: z.pipe(
        zText(20),
        z.transform((s) => s.toUpperCase()),
      ),
    })
    .check(
      z.superRefine((v, ctx) => {
        if (v.gstNumber && !isValidGstin(v.gstNumber))
          ctx.addIssue({ code: 'custom', message: CUSTOMER_MSG.invalidGstin, path: ['gstNumber'] });
        if (v.gstNumber && !v.gstState) ctx.addIssue({ code: 'custom', message: MSG.required, path: ['gstState'] });
        if (v.panNumber && !isValidPan(v.panNumber))
          ctx.addIssue({ code: 'custom', message: CUSTOMER_MSG.invalidPan, path: ['panNumber'] });
        else if (v.panNumber && isValidGstin(v.gstNumber) && v.gstNumber.slice(2, 12) !== v.panNumber)
          ctx.addIssue({ code: 'custom', message: CUSTOMER_MSG.gstinPanMismatch, path: ['gstNumber'] });
      }),
    ),
);

// ---------------------------------------------------------------------------------------------------
// Email subscribers and the user's own legal entity

export const ZEmailSubscribers = lazy(() =>
  z.object({
    records: z.array(
      z.object({
        id: z.string(),
        users_id: z.number().check(z.int()),
        firstName: z.string(),
        lastName: z.string(),
        email: z.string(),
        userType: z.enum(USER_TYPES),
        createdAt: z.string(),
      }),
    ),
    hasMore: z.boolean(),
  }),
);

export const ZMyLegalEntity = lazy(() =>
  z.object({
    legalEntityId: z.string(),
    name: z.string(),
    kind: z.enum(['individual', 'company']),
    address: z.optional(
      z.object({
        address1: z.string(),
        address2: z.optional(z.string()),
        city: z.string(),
        state: z.string(),
        country: z.string(),
        pincode: z.string(),
      }),
    ),
    /** The customer group whose markups apply: the mapped one, else the site's default (null when none). */
    group: z.nullable(
      z.object({ groupId: z.string(), groupName: z.string(), isDefault: z.boolean(), isMapped: z.boolean() }),
    ),
    /** Relation config set by the site owner (TDS withheld on commission). */
    tds: z.object({ isTdsDeductable: z.boolean() }),
  }),
);

// The staff customer screen (spec 000 §2 "Staff customer screen", §7 "User and customer calls").

export const getCustomers = endpoint({
  id: 'users.getCustomers',
  api: 'site',
  method: 'POST',
  path: 'wl/user/getCustomers',
  domain: 'users',
  auth: 'staff',
  permission: 'customers.view',
  envelope: 'data',
  request: ZGetCustomers,
  response: ZCustomerPage,
  summary: 'Users of the site, newest first, 20 a page, with the site total.',
});

export const searchWlUser = endpoint({
  id: 'users.searchWlUser',
  api: 'site',
  method: 'POST',
  path: 'wl/user/searchWlUser',
  domain: 'users',
  auth: 'staff',
  permission: 'customers.view',
  request: lazy(() => z.object({ searchQuery: zShortText() })),
  response: lazy(() => z.array(ZCustomer)),
  summary: 'Up to 20 users whose email, first or last name, company or phone starts with the query.',
});

export const getUserById = endpoint({
  id: 'users.getUserById',
  api: 'site',
  method: 'POST',
  path: 'wl/user/getUserById',
  domain: 'users',
  auth: 'staff',
  permission: 'customers.viewDetails',
  request: ZUserRef,
  response: ZCustomer,
  summary: 'One user of the site for the customer-details dialog.',
});

export const toggleBlock = endpoint({
  id: 'users.toggleBlock',
  api: 'site',
  method: 'POST',
  path: 'wl/user/toggleBlock',
  domain: 'users',
  auth: 'staff',
  permission: 'customers.block',
  request: lazy(() => z.extend(ZCustomerRef, { isBlocked: z.boolean() })),
  response: ZCustomer,
  summary: "Blocks (ending all the user's sessions at once) or unblocks a customer.",
});

export const updateDetails = endpoint({
  id: 'users.updateDetails',
  api: 'site',
  method: 'POST',
  path: 'wl/user/updateDetails',
  domain: 'users',
  auth: 'staff',
  permission: 'customers.changeDetails',
  request: ZChangeDetails,
  response: ZCustomer,
  summary: 'Change Details: names, phones, email, PAN, GST and company of a customer.',
});

export const toggleFlightSearchExemption = endpoint({
  id: 'users.toggleFlightSearchExemption',
  api: 'site',
  method: 'POST',
  path: 'wl/user/toggleFlightSearchExemption',
  domain: 'users',
  auth: 'staff',
  permission: 'customers.exemptL2B',
  request: lazy(() => z.extend(ZCustomerRef, { exempt: z.boolean() })),
  response: ZCustomer,
  summary: 'Exempts a customer from the look-to-book search limit, or removes the exemption.',
});

export const setFlightHoldSettingForUser = endpoint({
  id: 'users.setFlightHoldSettingForUser',
  api: 'site',
  method: 'POST',
  path: 'wl/user/setFlightHoldSettingForUser',
  domain: 'users',
  auth: 'staff',
  permission: 'customers.flightSwitches',
  request: lazy(() => z.extend(ZUserRef, { isFlightHold: z.boolean() })),
  response: ZCustomer,
  summary: 'Allows or forbids holding flight bookings for one user.',
});

export const setFlightSearchSettingForUser = endpoint({
  id: 'users.setFlightSearchSettingForUser',
  api: 'site',
  method: 'POST',
  path: 'wl/user/setFlightSearchSettingForUser',
  domain: 'users',
  auth: 'staff',
  permission: 'customers.flightSwitches',
  request: lazy(() => z.extend(ZUserRef, { isFlightSearchAllowed: z.boolean() })),
  response: ZCustomer,
  summary: 'Allows or forbids flight search for one user.',
});

export const getCustomerMonthlyFlightDetails = endpoint({
  id: 'users.getCustomerMonthlyFlightDetails',
  api: 'site',
  method: 'POST',
  path: 'wl/user/getCustomerMonthlyFlightDetails',
  domain: 'users',
  auth: 'staff',
  permission: 'customers.viewDetails',
  request: ZUserRef,
  response: lazy(() => z.array(ZMonthlyFlightActivity)),
  summary: "A user's flight searches and bookings per month, the last 10 months, newest first.",
});

/** Our own call: the spec shows the create-agent dialog and its payload, not its path. */
export const createAgent = endpoint({
  id: 'users.createAgent',
  api: 'site',
  method: 'POST',
  path: 'wl/user/createAgent',
  domain: 'users',
  auth: 'staff',
  permission: 'customers.createAgent',
  request: ZCreateAgent,
  response: ZCustomer,
  summary: 'Agent quick create (B2B or B2C); mails the new user a link to set a password.',
});

export const getEmailSubscribers = endpoint({
  id: 'users.getEmailSubscribers',
  api: 'site',
  method: 'POST',
  path: 'wl/user/getEmailSubscribers',
  domain: 'users',
  auth: 'staff',
  permission: 'customers.view',
  request: lazy(() => z.object({ page: zPage() })),
  response: ZEmailSubscribers,
  summary: 'Users who accept marketing mail, newest first, 20 a page.',
});

export const getMyLegalEntity = endpoint({
  id: 'users.getMyLegalEntity',
  api: 'site',
  method: 'GET',
  path: 'wl/user/getMyLegalEntity',
  domain: 'users',
  auth: 'user',
  request: zEmpty,
  response: ZMyLegalEntity,
  summary: "The signed-in user's legal entity with its customer group and TDS config.",
});

export const createDetailPendingCustomerForDmc = endpoint({
  id: 'users.createDetailPendingCustomerForDmc',
  api: 'site',
  method: 'POST',
  path: 'user/createDetailPendingCustomerForDmc',
  domain: 'users',
  auth: 'staff',
  permission: 'dmc.karts',
  request: ZPendingDmcCustomer,
  response: ZCustomer,
  summary: 'A minimal pending customer (no password) for a DMC quotation.',
});

/** Our own call: the billing-details screen exists, its call is not shown. */
export const updateBillingDetails = endpoint({
  id: 'users.updateBillingDetails',
  api: 'site',
  method: 'POST',
  path: 'user/updateBillingDetails',
  domain: 'users',
  auth: 'user',
  request: ZBillingDetails,
  response: ZUser,
  summary: "Sets the signed-in user's billing name, GSTIN, GST state and PAN.",
});

export const customersEndpoints = [
  getCustomers,
  searchWlUser,
  getUserById,
  toggleBlock,
  updateDetails,
  toggleFlightSearchExemption,
  setFlightHoldSettingForUser,
  setFlightSearchSettingForUser,
  getCustomerMonthlyFlightDetails,
  createAgent,
  getEmailSubscribers,
  getMyLegalEntity,
  createDetailPendingCustomerForDmc,
  updateBillingDetails,
];
