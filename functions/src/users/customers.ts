/**
 * The staff customer screens (list, search, details dialog, block, Change Details, look-to-book
 * exemption, per-user flight switches, monthly counts, agent quick create), plus the user's own legal
 * entity and billing details. Side effects come in as `deps` so unit tests pass plain fakes.
 */
import {
  ACTIVITY_MONTHS,
  changeDetailsIssues,
  CUSTOMER_MSG,
  CUSTOMERS_PAGE_SIZE,
  nationalNumber,
  USER_SEARCH_LIMIT,
  type TChangeDetails,
  type TCustomer,
  type TQuickCustomer,
} from '@tp/contracts/endpoints/customers';
import * as MSG from '@tp/contracts/messages';
import type { TUser } from '@tp/contracts/endpoints/users';
import { auditActor, auditPut, recordChange, unchanged, type AuditAction } from '#lib/audit';
import { fail } from '#lib/errors';
import type { Principal } from '#lib/principal';
import * as customersRepo from './customers-repo.ts';
import { saveBilling } from './kyc.ts';
import type { FlightActivityKind } from './customers-repo.ts';
import { lastMonths, monthKey, toMonthYear } from './flight-activity.ts';
import type { UserRecord } from './repo.ts';
import {
  createAccount,
  defaultDeps as accountDeps,
  sendPasswordMail,
  sendVerificationMail,
  toUser,
  type NewAccount,
  type Scope,
  type UsersDeps,
} from './accounts/index.ts';
import type { SiteId } from '#lib/keys';
import * as api from '@tp/contracts/endpoints/customers';
import { answers, reply } from '#lib/answers';

export interface CustomersDeps {
  /** Account creation, sessions and mail (the sign-in service's dependencies). */
  accounts: UsersDeps;
  customers: Pick<
    typeof customersRepo,
    | 'userCount'
    | 'listUsersPage'
    | 'listSubscribersPage'
    | 'searchUserIds'
    | 'getUsers'
    | 'userIdByCustomerNo'
    | 'setUserFields'
    | 'replaceDetails'
    | 'addFlightActivity'
    | 'flightActivity'
    | 'getLegalEntity'
  >;
  /** The billing save with its PAN / GSTIN review items (kyc.ts); a fake in unit tests. */
  saveBilling?: typeof saveBilling;
}

/** A legal entity's customer group as the markup domain answers it. */
export interface LegalEntityGroupView {
  groupId: string;
  groupName: string;
  isDefault: boolean;
  isMapped: boolean;
}

/**
 * Other domains' answers about a legal entity: its customer group and its TDS config. Markup and suppliers depend
 * on users, so the users entry wires them in (an incomplete wiring fails tsc).
 */
export interface CustomersWiring {
  legalEntityGroup: (site: Scope['site'], leId: string) => Promise<LegalEntityGroupView | null>;
  isTdsDeductable: (siteId: SiteId, leId: string) => Promise<boolean>;
}

export const defaultDeps: CustomersDeps = {
  accounts: accountDeps,
  customers: customersRepo,
};

/** A row of the staff list: what the spec's Customer carries, from the user item alone. */
export function toCustomer(u: UserRecord): TCustomer {
  return {
    id: u.userId,
    users_id: u.customerNo ?? 0,
    firstName: u.firstName,
    lastName: u.lastName,
    companyName: u.companyName ?? '',
    email: u.email,
    userType: u.userType,
    status: u.status,
    isBlocked: u.isBlocked,
    createdAt: u.createdAt,
    groupName: u.leGroupName ?? MSG.defaultGroupApplicable,
    userGroupName: u.rbacUserGroupName ?? '',
    userGroup: { groupId: u.leGroupId ?? null },
    rbacUserGroupId: u.rbacUserGroupId ?? null,
    legalEntityId: u.legalEntityId,
    flightLookToBook: { is_exempted: u.l2bExempted === true },
    panNumber: u.panNumber ?? '',
    gstNumber: u.gstNumber ?? '',
    phoneNumbers: u.phoneNumbers,
    isFlightHoldAllowed: u.isFlightHoldAllowed,
    isFlightSearchAllowed: u.isFlightSearchAllowed,
    isUserSuperAdmin: u.isUserSuperAdmin,
    emailSubscribed: u.emailSubscribed === true,
  };
}

async function requireUser(siteId: SiteId, userId: string, deps: CustomersDeps): Promise<UserRecord> {
  const user = await deps.accounts.repo.getUser(siteId, userId);
  if (!user) throw fail.notFound();
  return user;
}

async function requireCustomer(siteId: SiteId, customerNo: number, deps: CustomersDeps): Promise<UserRecord> {
  const userId = await deps.customers.userIdByCustomerNo(siteId, customerNo);
  if (!userId) throw fail.notFound();
  return requireUser(siteId, userId, deps);
}

// ---------------------------------------------------------------------------------------------------
// List, search, details

export async function listCustomers(
  { site }: Scope,
  input: { page: number; userId?: string | undefined; cursor?: string | undefined },
  deps: CustomersDeps = defaultDeps,
): Promise<{
  records: TCustomer[];
  totalRecords: number;
  totalPages: number;
  page: number;
  nextCursor: string | null;
}> {
  if (input.userId) {
    const user = await deps.accounts.repo.getUser(site.siteId, input.userId);
    return {
      records: user ? [toCustomer(user)] : [],
      totalRecords: user ? 1 : 0,
      totalPages: user ? 1 : 0,
      page: 1,
      nextCursor: null,
    };
  }
  // With the previous page's cursor, page N reads only itself; a page number alone steps over the pages before it.
  const [total, { users, nextCursor }] = await Promise.all([
    deps.customers.userCount(site.siteId),
    deps.customers.listUsersPage(site.siteId, input.page, CUSTOMERS_PAGE_SIZE, input.cursor),
  ]);
  return {
    records: users.map(toCustomer),
    totalRecords: total,
    totalPages: Math.ceil(total / CUSTOMERS_PAGE_SIZE),
    page: input.page,
    nextCursor,
  };
}

export async function searchCustomers(
  { site }: Scope,
  query: string,
  deps: CustomersDeps = defaultDeps,
): Promise<TCustomer[]> {
  const ids = await deps.customers.searchUserIds(site.siteId, query, USER_SEARCH_LIMIT);
  return (await deps.customers.getUsers(site.siteId, ids)).map(toCustomer);
}

export async function getCustomer(
  { site }: Scope,
  userId: string,
  deps: CustomersDeps = defaultDeps,
): Promise<TCustomer> {
  return toCustomer(await requireUser(site.siteId, userId, deps));
}

// ---------------------------------------------------------------------------------------------------
// Switches

/**
 * Sets a customer's switches (block, look-to-book exemption, flight hold and search) with the audit entry of
 * the change in the same write. The entry names the account (its email: the user id alone says little in the
 * log) and the switches before and after; a switch set to what it already is writes no entry.
 */
async function setSwitches(
  scope: Scope,
  staff: Principal,
  user: UserRecord,
  fields: Omit<customersRepo.UserSwitches, 'billing'>,
  deps: CustomersDeps,
  action?: AuditAction,
): Promise<TCustomer> {
  const state = (values: Partial<customersRepo.UserSwitches>) => ({
    email: user.email,
    userType: user.userType,
    ...values,
  });
  // An unset switch is off (l2bExempted is written only once someone sets it).
  const before = state(Object.fromEntries(Object.keys(fields).map((k) => [k, user[k as keyof UserRecord] ?? false])));
  const after = state(fields);
  const audit = unchanged({ before, after })
    ? undefined
    : auditPut(
        scope.site.siteId,
        recordChange('user', user.userId, before, after, action),
        auditActor(staff),
        scope.now,
      );
  const written = await deps.customers.setUserFields(scope.site.siteId, user.userId, fields, scope.now, audit);
  if (!written) throw fail.notFound();
  return toCustomer(written);
}

/**
 * Blocks or unblocks a customer. Blocking ends every session of the user at once (the request preset
 * would refuse them on their next call anyway; this also frees the session items). Nobody blocks
 * themselves or a super admin.
 */
export async function setBlocked(
  scope: Scope,
  staff: Principal,
  input: { customerId: number; isBlocked: boolean },
  deps: CustomersDeps = defaultDeps,
): Promise<TCustomer> {
  const user = await requireCustomer(scope.site.siteId, input.customerId, deps);
  if (input.isBlocked && user.userId === staff.userId) throw fail.forbidden(CUSTOMER_MSG.cannotBlockSelf);
  if (input.isBlocked && user.isUserSuperAdmin) throw fail.forbidden(CUSTOMER_MSG.cannotBlockSuperAdmin);
  const action = input.isBlocked ? 'block' : 'unblock';
  const customer = await setSwitches(scope, staff, user, { isBlocked: input.isBlocked }, deps, action);
  if (input.isBlocked) await deps.accounts.repo.endSessions(user.siteId, user.userId);
  return customer;
}

export async function setSearchExemption(
  scope: Scope,
  staff: Principal,
  input: { customerId: number; exempt: boolean },
  deps: CustomersDeps = defaultDeps,
): Promise<TCustomer> {
  const user = await requireCustomer(scope.site.siteId, input.customerId, deps);
  return setSwitches(scope, staff, user, { l2bExempted: input.exempt }, deps);
}

/** A per-user flight switch set by staff (spec 000 §5 customer actions), audited like the others. */
const flightSwitch =
  (field: 'isFlightHoldAllowed' | 'isFlightSearchAllowed') =>
  async (scope: Scope, staff: Principal, userId: string, allowed: boolean, deps: CustomersDeps = defaultDeps) =>
    setSwitches(scope, staff, await requireUser(scope.site.siteId, userId, deps), { [field]: allowed }, deps);

export const setFlightHold = flightSwitch('isFlightHoldAllowed');
export const setFlightSearch = flightSwitch('isFlightSearchAllowed');

// ---------------------------------------------------------------------------------------------------
// Change Details

/** Request field carrying the email / primary phone, for 409 messages. */
const conflictField = (taken: string, phones: TChangeDetails['phoneNumbers']): string =>
  taken === 'phone' ? `phoneNumbers.${phones.findIndex((p) => p.label === 'Primary')}.phoneNumber` : 'email';

/**
 * Change Details (spec 000 §5), checked against the customer's stored type. Only a super admin edits
 * a staff account: an email change would otherwise let any staff member take over a colleague's
 * (or the super admin's) login through a password mail. A new email address is not verified yet:
 * the customer shows as Not Verified and gets a verification mail at the new address.
 */
export async function changeDetails(
  scope: Scope,
  staff: Principal,
  input: TChangeDetails,
  deps: CustomersDeps = defaultDeps,
): Promise<TCustomer> {
  const user = await requireCustomer(scope.site.siteId, input.customerId, deps);
  if (user.userType === 'staff' && !staff.isSuperAdmin) throw fail.forbidden(CUSTOMER_MSG.staffDetailsSuperAdminOnly);
  const issues = changeDetailsIssues(input, user.userType);
  if (issues.length)
    throw fail.validation(issues[0]!.message, Object.fromEntries(issues.map((i) => [i.path.join('.'), i.message])));
  const phoneNumbers = input.phoneNumbers.map((p) => ({ ...p, phoneCountryCode: p.phoneCountryCode.toLowerCase() }));
  const companyName = input.companyName;
  const emailChanged = input.email !== user.email;
  const change: customersRepo.DetailsChange = {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phoneNumbers,
    panNumber: input.panNumber,
    gstNumber: input.gstNumber,
    companyName,
    ...(user.company ? { company: { ...user.company, companyName } } : {}),
    // The legal entity is named as at creation: the company, else the person.
    legalEntityName:
      companyName || `${input.firstName} ${input.lastName}`.trim() || input.email || user.legalEntityName,
    ...(emailChanged ? { status: 'pending' as const } : {}),
  };
  // Change Details as the log keeps it: each replaced field before and after, in the write's transaction.
  const was = Object.fromEntries(Object.keys(change).map((k) => [k, user[k as keyof UserRecord] ?? null]));
  // A save that changes nothing writes no entry.
  const audit = unchanged({ before: was, after: change })
    ? undefined
    : auditPut(scope.site.siteId, recordChange('user', user.userId, was, change), auditActor(staff), scope.now);
  const written = await deps.customers.replaceDetails(user, change, scope.now, audit);
  if (!written.ok) {
    if (written.taken.includes('stale')) throw fail.conflict(CUSTOMER_MSG.changedMeanwhile);
    const field = conflictField(written.taken[0]!, phoneNumbers);
    const message = written.taken[0] === 'phone' ? MSG.phoneTaken : MSG.emailTaken;
    throw fail.conflict(message, { [field]: message });
  }
  if (emailChanged && written.user.email) await sendVerificationMail(scope, written.user, deps.accounts);
  return toCustomer(written.user);
}

// ---------------------------------------------------------------------------------------------------
// Look-to-book counters

/** Counts one flight search ('look') or booking ('book') of a user in the current business month. */
export async function recordFlightActivity(
  siteId: SiteId,
  userId: string,
  kind: FlightActivityKind,
  now: Date,
  deps: CustomersDeps = defaultDeps,
): Promise<void> {
  await deps.customers.addFlightActivity(siteId, userId, kind, monthKey(now));
}

export async function monthlyFlightActivity(
  { site, now }: Scope,
  userId: string,
  deps: CustomersDeps = defaultDeps,
): Promise<{ month_year: string; look_count: number; book_count: number }[]> {
  await requireUser(site.siteId, userId, deps);
  const months = lastMonths(now, ACTIVITY_MONTHS);
  const counts = await deps.customers.flightActivity(site.siteId, userId, months.at(-1)!, months[0]!);
  return months.map((m) => ({ month_year: toMonthYear(m), look_count: 0, book_count: 0, ...counts.get(m) }));
}

// ---------------------------------------------------------------------------------------------------
// Staff-created customers

function quickAccount(c: TQuickCustomer, userType: 'travelAgent' | 'retail'): NewAccount {
  const national = nationalNumber(c.phone, c.phoneCode);
  return {
    userType,
    email: c.email,
    firstName: c.firstName,
    lastName: c.lastName,
    phoneNumbers: national ? [{ label: 'Primary', phoneNumber: national, phoneCountryCode: c.phoneCode }] : [],
    status: 'pending',
    ...(c.companyName ? { companyName: c.companyName } : {}),
    ...(userType === 'travelAgent' && c.companyName ? { company: { companyName: c.companyName, address1: '' } } : {}),
    // Marketing mail needs the person's own consent; a staff member cannot give it for them.
    emailSubscribed: false,
  };
}

/** Agent quick create: the new user has no password and gets a "set your password" mail. */
export async function createAgent(
  scope: Scope,
  input: { customer: TQuickCustomer; userType: 'travelAgent' | 'retail' },
  deps: CustomersDeps = defaultDeps,
): Promise<TCustomer> {
  const user = await createAccount(
    scope,
    quickAccount(input.customer, input.userType),
    {
      conflictFields: { email: 'userData.customer.email', phone: 'userData.customer.phone' },
    },
    deps.accounts,
  );
  if (user.email) await sendPasswordMail(scope, user, deps.accounts);
  return toCustomer(user);
}

/** A customer a DMC quotation is for, known by name and a phone or email; no password, no mail. */
export async function createPendingDmcCustomer(
  scope: Scope,
  input: TQuickCustomer,
  deps: CustomersDeps = defaultDeps,
): Promise<TCustomer> {
  const user = await createAccount(
    scope,
    quickAccount(input, 'retail'),
    { conflictFields: { email: 'email', phone: 'phone' } },
    deps.accounts,
  );
  return toCustomer(user);
}

export async function emailSubscribers({ site }: Scope, page: number, deps: CustomersDeps = defaultDeps) {
  const { users, hasMore } = await deps.customers.listSubscribersPage(site.siteId, page, CUSTOMERS_PAGE_SIZE);
  return {
    records: users.map((u) => ({
      id: u.userId,
      users_id: u.customerNo ?? 0,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      userType: u.userType,
      createdAt: u.createdAt,
    })),
    hasMore,
  };
}

// ---------------------------------------------------------------------------------------------------
// The user's own data

export async function myLegalEntity(
  { site }: Scope,
  principal: Principal,
  wiring: CustomersWiring,
  deps: CustomersDeps = defaultDeps,
) {
  const le = await deps.customers.getLegalEntity(site.siteId, principal.legalEntityId);
  if (!le) throw fail.notFound();
  const [group, isTdsDeductable] = await Promise.all([
    wiring.legalEntityGroup(site, le.legalEntityId),
    wiring.isTdsDeductable(site.siteId, le.legalEntityId),
  ]);
  return {
    legalEntityId: le.legalEntityId,
    name: le.name,
    kind: le.kind,
    ...(le.address ? { address: le.address } : {}),
    group,
    tds: { isTdsDeductable },
  };
}

export async function updateBilling(
  scope: Scope,
  principal: Principal,
  billing: NonNullable<UserRecord['billing']>,
  deps: CustomersDeps = defaultDeps,
): Promise<TUser> {
  // Billing numbers are reviewed by staff (kyc.ts): the review items are written with the details.
  const user = await (deps.saveBilling ?? saveBilling)(principal.siteId, principal.userId, billing, scope.now);
  if (!user) throw fail.unauthenticated();
  return toUser(user);
}

// The users Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
// Staff customer screens and the user's own data.
export const answerGetCustomers = answers(api.getCustomers, (input, scope) => listCustomers(scope, input));
export const answerSearchWlUser = answers(api.searchWlUser, (input, scope) =>
  searchCustomers(scope, input.searchQuery),
);
export const answerGetUserById = answers(api.getUserById, (input, scope) => getCustomer(scope, input.userId));
export const answerToggleBlock = answers(api.toggleBlock, async (input, scope) =>
  reply(await setBlocked(scope, scope.principal, input), {
    message: input.isBlocked ? MSG.customerBlocked : MSG.customerUnblocked,
  }),
);
export const answerUpdateDetails = answers(api.updateDetails, async (input, scope) =>
  reply(await changeDetails(scope, scope.principal, input), { message: MSG.settingSaved }),
);
export const answerToggleFlightSearchExemption = answers(api.toggleFlightSearchExemption, async (input, scope) =>
  reply(await setSearchExemption(scope, scope.principal, input), {
    message: input.exempt ? MSG.customerExempted : MSG.customerExemptionRemoved,
  }),
);
export const answerSetFlightHoldSettingForUser = answers(api.setFlightHoldSettingForUser, async (input, scope) =>
  reply(await setFlightHold(scope, scope.principal, input.userId, input.isFlightHold), {
    message: MSG.settingSaved,
  }),
);
export const answerSetFlightSearchSettingForUser = answers(api.setFlightSearchSettingForUser, async (input, scope) =>
  reply(await setFlightSearch(scope, scope.principal, input.userId, input.isFlightSearchAllowed), {
    message: MSG.settingSaved,
  }),
);
export const answerGetCustomerMonthlyFlightDetails = answers(api.getCustomerMonthlyFlightDetails, (input, scope) =>
  monthlyFlightActivity(scope, input.userId),
);
export const answerCreateAgent = answers(api.createAgent, async (input, scope) =>
  reply(await createAgent(scope, input.userData), { message: MSG.agentCreated }),
);
export const answerGetEmailSubscribers = answers(api.getEmailSubscribers, (input, scope) =>
  emailSubscribers(scope, input.page),
);
export const answerGetMyLegalEntity = answers(api.getMyLegalEntity, (_input, scope, wiring: CustomersWiring) =>
  myLegalEntity(scope, scope.principal, wiring),
);
export const answerCreateDetailPendingCustomerForDmc = answers(api.createDetailPendingCustomerForDmc, (input, scope) =>
  createPendingDmcCustomer(scope, input),
);
export const answerUpdateBillingDetails = answers(api.updateBillingDetails, async (input, scope) =>
  reply(await updateBilling(scope, scope.principal, input), { message: MSG.settingSaved }),
);
