/** Users and legal entities as stored. */
import type { UserType } from '@tp/contracts/endpoint';
import type { TPhoneEntry, TUser } from '@tp/contracts/endpoints/users';
import type { SiteId } from '#lib/keys';

/**
 * A user as stored (item type 'User'). Attribute names are shared with lib/principal.ts and with the
 * staff customer screens, which read and toggle the same item.
 */
export interface UserRecord {
  siteId: SiteId;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  gender?: 1 | 2;
  phoneNumbers: TPhoneEntry[];
  userType: UserType;
  /** 'verified' once the email address is proven. */
  status: 'verified' | 'pending';
  isBlocked: boolean;
  isUserSuperAdmin: boolean;
  companyName?: string;
  panNumber?: string;
  gstNumber?: string;
  company?: TUser['company'];
  billing?: TUser['billing'];
  isFlightHoldAllowed: boolean;
  isFlightSearchAllowed: boolean;
  taLogoUrl?: string;
  referralCode: string;
  legalEntityId: string;
  legalEntityName: string;
  /** argon2id PHC string; absent until the user sets a password (social sign-up). */
  passwordHash?: string;
  /**
   * The one live password link: the SHA-256 of its secret and its expiry (epoch seconds). A newer link replaces
   * it; a password change by any path removes it (repo.setPassword).
   */
  resetLink?: { id: string; expiresAt: number };
  /**
   * Set on a supplier site's partner (link) account: the consumer site it belongs to. Such an account
   * is found by the link (keys.partnerAccount), never by its email, and has no password.
   */
  partnerOfSiteId?: SiteId;
  /** Per-site customer number (users_id of the staff screens); set at creation. */
  customerNo?: number;
  /** Accepts marketing mail (the email-subscriber list). */
  emailSubscribed?: boolean;
  /** Exempt from the look-to-book search limit. */
  l2bExempted?: boolean;
  /** Customer group of the user's legal entity, copied here for the customer list. */
  leGroupId?: string;
  leGroupName?: string;
  /** Permission group of a staff user (read by lib/principal.ts) and its name for the list. */
  rbacUserGroupId?: string;
  rbacUserGroupName?: string;
  /** A staff invite: when it was (last) mailed and by whom; the account has no password until the link is used. */
  invitedAt?: string;
  invitedBy?: { userId: string; name: string; email: string };
  /** The last successful sign-in (any method), for the staff list. */
  lastSignInAt?: string;
  createdAt: string;
  updatedAt: string;
}

/** The company or person a user books and pays as (item type 'LegalEntity'). */
export interface LegalEntityRecord {
  siteId: SiteId;
  legalEntityId: string;
  name: string;
  kind: 'individual' | 'company';
  /** The site owner's legal entity: whose customer this is. */
  ownerLegalEntityId: string;
  address?: { address1: string; address2?: string; city: string; state: string; country: string; pincode: string };
  createdAt: string;
}

export type UniqueField = 'email' | 'phone' | 'social' | 'partner';
export type UniqueWrite = { ok: true } | { ok: false; taken: UniqueField[] };
