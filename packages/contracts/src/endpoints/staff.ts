/**
 * Ours: a reseller's own team (docs/architecture.md "Staff and invites"). A super admin, or staff holding
 * `users.manage`, invites staff by mail (a single-use, expiring set-password link; a permission group chosen at
 * invite on sites with the permission menu), lists them with their state and last sign-in, re-sends or revokes
 * an open invite, deactivates (every session ends at once; the audit trail stays) and reactivates, and changes
 * their group. Served by the users Lambda; every change is audited.
 */
import * as z from 'zod/mini';
import { endpoint, type Endpoint } from '../endpoint.ts';
import { zCursor, zEmail, zId, zName } from '../fields.ts';
import { lazy } from '../lazy.ts';
import { pageOf } from './dmc-common.ts';

export const STAFF_MSG = {
  invited: 'Invitation sent',
  inviteResent: 'Invitation sent again',
  inviteRevoked: 'Invitation withdrawn',
  deactivated: 'Staff member deactivated',
  reactivated: 'Staff member reactivated',
  cannotManageSelf: 'You cannot change your own access',
  onlySuperAdminsManageSuperAdmins: 'Only a super admin can manage super admins',
  changedMeanwhile: 'This staff member was changed by someone else. Please reload and try again.',
} as const;

export const STAFF_ROLES = ['staff', 'superAdmin'] as const;
export const STAFF_STATUSES = ['invited', 'active', 'deactivated'] as const;
export type TStaffStatus = (typeof STAFF_STATUSES)[number];

export const STAFF_STATUS_LABELS: Record<TStaffStatus, string> = {
  invited: 'Invited',
  active: 'Active',
  deactivated: 'Deactivated',
};

export const ZStaffMember = lazy(() =>
  z.object({
    userId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    role: z.enum(STAFF_ROLES),
    status: z.enum(STAFF_STATUSES),
    group: z.nullable(z.object({ id: z.string(), groupName: z.string() })),
    lastSignInAt: z.nullable(z.string()),
    invitedAt: z.nullable(z.string()),
    /** An open invite's link expiry. */
    inviteExpiresAt: z.nullable(z.string()),
  }),
);
export type TStaffMember = z.infer<typeof ZStaffMember>;

const staff = { api: 'site', domain: 'users', auth: 'staff', permission: 'users.manage' } as const;
const ZStaffRef = lazy(() => z.object({ userId: zId() }));

export const ZStaffInvite = lazy(() =>
  z.object({
    email: zEmail(),
    name: zName(),
    role: z._default(z.enum(STAFF_ROLES), 'staff'),
    groupId: z.optional(zId()),
  }),
);

export const listStaff = endpoint({
  ...staff,
  id: 'staff.listStaff',
  method: 'GET',
  path: 'wl/staff/list',
  request: lazy(() =>
    z.object({
      cursor: z.optional(zCursor()),
      limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 25),
    }),
  ),
  response: lazy(() => pageOf(ZStaffMember)),
  summary:
    "Ours: the site's staff users (invited, active, deactivated) with their group and last sign-in, cursor pages.",
});

export const inviteStaff = endpoint({
  ...staff,
  id: 'staff.inviteStaff',
  method: 'POST',
  path: 'wl/staff/invite',
  request: ZStaffInvite,
  response: ZStaffMember,
  summary:
    'Ours: opens a staff account without a password and mails its set-password link (super admins: also a super admin).',
});

export const resendStaffInvite = endpoint({
  ...staff,
  id: 'staff.resendStaffInvite',
  method: 'POST',
  path: 'wl/staff/resendInvite',
  request: ZStaffRef,
  response: ZStaffMember,
  summary: 'Ours: mails an open invite again with a new link; the previous link stops working.',
});

export const revokeStaffInvite = endpoint({
  ...staff,
  id: 'staff.revokeStaffInvite',
  method: 'POST',
  path: 'wl/staff/revokeInvite',
  request: ZStaffRef,
  response: lazy(() => z.object({ userId: z.string() })),
  summary: 'Ours: withdraws an open invite; the pending account and its link are removed.',
});

export const setStaffActive = endpoint({
  ...staff,
  id: 'staff.setStaffActive',
  method: 'POST',
  path: 'wl/staff/setActive',
  request: lazy(() => z.object({ userId: zId(), active: z.boolean() })),
  response: ZStaffMember,
  summary:
    'Ours: deactivates (every session ends at once, sign-in refused, audit trail kept) or reactivates a staff member.',
});

export const changeStaffGroup = endpoint({
  ...staff,
  id: 'staff.changeStaffGroup',
  method: 'POST',
  path: 'wl/staff/changeGroup',
  request: lazy(() => z.object({ userId: zId(), groupId: z.nullable(zId()) })),
  response: ZStaffMember,
  summary:
    'Ours: puts a staff member in a permission group, or back on the staff defaults (null); permission-menu sites.',
});

export const staffEndpoints: readonly Endpoint[] = [
  listStaff,
  inviteStaff,
  resendStaffInvite,
  revokeStaffInvite,
  setStaffActive,
  changeStaffGroup,
];
