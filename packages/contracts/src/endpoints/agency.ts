/**
 * Ours: agencies and companies with several users (docs/architecture.md "Agencies and companies"). A travel agency
 * or a corporate customer is one legal entity: its wallet, credit line, customer group and invoices are the legal
 * entity's. The account that signed up (or that staff created) is its admin; the admin invites the others by mail
 * (bookers of an agency; travellers and approvers of a company), lists them, and deactivates or reactivates them.
 *
 * - `agency/getMembers`: the members of the caller's legal entity, cursor pages.
 * - `agency/inviteMember`: a new member, mailed a set-password link (the password-link rules).
 * - `agency/resendInvite`: a new link for a member who has not set a password yet (the old one dies).
 * - `agency/deactivateMember` / `agency/reactivateMember`: a deactivated member's sessions end at once and they
 *   cannot sign in; everything they booked stays the agency's.
 *
 * Served by the users Lambda; every call is the admin's of an agency or company account (403 for anyone else).
 */
import * as z from 'zod/mini';
import { ACCOUNT_ROLES } from '../account-roles.ts';
import { endpoint, type Endpoint } from '../endpoint.ts';
import { zCursor, zEmail, zId, zName } from '../fields.ts';
import { lazy } from '../lazy.ts';
import { pageOf } from './dmc-common.ts';

export const MEMBER_STATUSES = ['invited', 'active', 'deactivated'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const AGENCY_MSG = {
  adminsOnly: "Only your account's admin manages its members",
  roleNotInvitable: 'This role cannot be invited to this account',
  memberNotFound: 'This member is not part of your account',
  notYourself: 'You cannot deactivate your own account',
  notAdmin: "The account's admin cannot be deactivated here",
  alreadyActive: 'This member has already set a password',
  invited: 'Invitation sent',
  inviteResent: 'Invitation sent again',
  deactivated: 'Member deactivated',
  reactivated: 'Member reactivated',
  /** A booker's or traveller's call for the account's wallet statement. */
  statementAdminsOnly: "Your account's wallet statement is kept by its admin",
  /** Sign-in refused for a member their account's admin deactivated. */
  memberDeactivated: "Your account's admin has deactivated this sign-in",
} as const;

export const ZMember = lazy(() =>
  z.object({
    userId: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: z.enum(ACCOUNT_ROLES),
    status: z.enum(MEMBER_STATUSES),
    createdAt: z.string(),
  }),
);
export type TMember = z.infer<typeof ZMember>;

const member = { api: 'site', domain: 'users', auth: 'user' } as const;
const memberRef = lazy(() => z.object({ userId: zId() }));

export const getMembers = endpoint({
  ...member,
  id: 'users.agencyMembers',
  method: 'POST',
  path: 'agency/getMembers',
  request: lazy(() =>
    z.object({
      cursor: z.optional(zCursor()),
      limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 20),
    }),
  ),
  response: lazy(() => pageOf(ZMember)),
  summary: "The members of the caller's agency or company account, in the order they joined.",
});

export const ZInviteMember = lazy(() =>
  z.object({
    email: zEmail(),
    /** Their full name: the first word is their first name (as staff invites read it). */
    name: zName(),
    role: z.enum(ACCOUNT_ROLES),
  }),
);
export type TInviteMember = z.infer<typeof ZInviteMember>;

export const inviteMember = endpoint({
  ...member,
  id: 'users.agencyInvite',
  method: 'POST',
  path: 'agency/inviteMember',
  request: ZInviteMember,
  response: ZMember,
  summary: 'Invites a member by mail: the account shares the legal entity; the link sets their password.',
});

export const resendInvite = endpoint({
  ...member,
  id: 'users.agencyResendInvite',
  method: 'POST',
  path: 'agency/resendInvite',
  request: memberRef,
  response: ZMember,
  summary: 'A new set-password link for an invited member; the previous link stops working.',
});

export const deactivateMember = endpoint({
  ...member,
  id: 'users.agencyDeactivate',
  method: 'POST',
  path: 'agency/deactivateMember',
  request: memberRef,
  response: ZMember,
  summary: "Deactivates a member: their sessions end at once, sign-in is refused; their bookings stay the account's.",
});

export const reactivateMember = endpoint({
  ...member,
  id: 'users.agencyReactivate',
  method: 'POST',
  path: 'agency/reactivateMember',
  request: memberRef,
  response: ZMember,
  summary: 'Lets a deactivated member sign in again.',
});

export const agencyEndpoints: Endpoint[] = [getMembers, inviteMember, resendInvite, deactivateMember, reactivateMember];
