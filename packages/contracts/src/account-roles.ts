/**
 * Roles inside an agency or company account (endpoints/agency.ts), without zod: the SPA's route guard and menus
 * read them on the boot path, the server's list scoping in every domain.
 */
import type { UserType } from './endpoint.ts';

/**
 * A user's role in their agency or company account. `admin` holds the account (signed up, or created by staff);
 * an agency's `booker` and a company's `traveller` book and see their own bookings; a company's `approver` sees
 * all of the company's bookings, as its admin does, without managing its members.
 */
export const ACCOUNT_ROLES = ['admin', 'booker', 'traveller', 'approver'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** Who an admin may invite, by the account's kind; other user types have no members. */
export const INVITABLE_ROLES: Partial<Record<UserType, readonly AccountRole[]>> = {
  travelAgent: ['booker'],
  corporate: ['traveller', 'approver'],
};

export const ACCOUNT_ROLE_LABELS: Record<AccountRole, string> = {
  admin: 'Admin',
  booker: 'Booker',
  traveller: 'Traveller',
  approver: 'Approver',
};

/** A stored user without a role is the admin of a one-member account (every account before members existed). */
export const accountRoleOf = (user: { accountRole?: AccountRole | undefined }): AccountRole =>
  user.accountRole ?? 'admin';

/** The account's admin, of an agency or company (the only ones who manage members). */
export const isAccountAdmin = (user: { userType: UserType; accountRole?: AccountRole | undefined }): boolean =>
  INVITABLE_ROLES[user.userType] !== undefined && accountRoleOf(user) === 'admin';

/** Sees every booking and invoice of the legal entity, not only their own: its admin and a company's approver. */
export const seesWholeAccount = (user: { userType: UserType; accountRole?: AccountRole | undefined }): boolean =>
  INVITABLE_ROLES[user.userType] !== undefined && ['admin', 'approver'].includes(accountRoleOf(user));

/** A member who books for the account but reads only their own records, not its money: a booker, a traveller. */
export const readsOwnRecordsOnly = (user: { accountRole?: AccountRole | undefined }): boolean =>
  user.accountRole === 'booker' || user.accountRole === 'traveller';
