/** Accounts: creation (signup, agents, partner accounts), the user view and email verification. */
import type { ParsedRequestOf, UserType } from '@tp/contracts/endpoint';
import type { signup as signupEndpoint } from '@tp/contracts/endpoints/users';
import * as MSG from '@tp/contracts/messages';
import { SUPPLIER_MSG } from '@tp/contracts/endpoints/suppliers';
import { ZUser, type TPhoneEntry, type TUser } from '@tp/contracts/endpoints/users';
import { newId } from '#lib/crypto';
import { fail } from '#lib/errors';
import type { LegalEntityRecord, UniqueField, UserRecord } from '../repo.ts';
import { type SocialProvider } from '../social.ts';
import { referralCode } from '../referral.ts';
import { type Scope, type UsersDeps, defaultDeps, ok } from './deps.ts';
import { sendAccountExistsMail, sendVerificationMail, sendWelcomeMail } from './account-mail.ts';
import type { SiteId } from '#lib/keys';
import * as api from '@tp/contracts/endpoints/users';
import { answers } from '#lib/answers';

/** Everything needed to open an account, whoever opens it (signup, social sign-in, demo seed, staff). */
export interface NewAccount {
  userType: UserType;
  email: string;
  firstName: string;
  lastName: string;
  gender?: 1 | 2;
  phoneNumbers: TPhoneEntry[];
  status: UserRecord['status'];
  passwordHash?: string;
  companyName?: string;
  company?: UserRecord['company'];
  address?: LegalEntityRecord['address'];
  isUserSuperAdmin?: boolean;
  isBlocked?: boolean;
  isFlightHoldAllowed?: boolean;
  isFlightSearchAllowed?: boolean;
  /** Marketing mail; people who sign up themselves accept it unless they say otherwise. */
  emailSubscribed?: boolean;
  /** A supplier site's partner account for this consumer site: keyed by the link, no email guard. */
  partnerOfSiteId?: SiteId;
}

/** Request field that carries the email / primary phone, for field-level 409 messages. */
type ConflictFields = Partial<Record<UniqueField, string>>;
const TAKEN_MESSAGE: Record<UniqueField, string> = {
  email: MSG.emailTaken,
  phone: MSG.phoneTaken,
  social: MSG.emailTaken,
  partner: SUPPLIER_MSG.partnerAccountExists,
};

export function conflict(taken: UniqueField[], fields: ConflictFields) {
  const shortError = Object.fromEntries(taken.map((t) => [fields[t] ?? t, TAKEN_MESSAGE[t]]));
  return fail.conflict(TAKEN_MESSAGE[taken[0]!], shortError);
}

/**
 * Builds the user and its legal entity and writes them with their uniqueness guards in one
 * transaction. Defaults: everyone may search flights; holding seats (a GDS PNR without a ticket) is
 * for staff and travel agents only, since retail and corporate users pay at once.
 */
export async function createAccount(
  scope: Scope,
  account: NewAccount,
  options: { social?: { provider: SocialProvider; subject: string }; conflictFields?: ConflictFields } = {},
  deps: UsersDeps = defaultDeps,
): Promise<UserRecord> {
  const opened = await openAccount(scope, account, options.social, deps);
  if (!opened.ok) throw conflict(opened.taken, options.conflictFields ?? {});
  return opened.user;
}

/** createAccount without the 409: what was taken, for a caller that answers a taken address its own way. */
async function openAccount(
  scope: Scope,
  account: NewAccount,
  social: { provider: SocialProvider; subject: string } | undefined,
  deps: UsersDeps,
): Promise<{ ok: true; user: UserRecord } | { ok: false; taken: UniqueField[] }> {
  const { site, now } = scope;
  const createdAt = now.toISOString();
  const userId = newId();
  const le: LegalEntityRecord = {
    siteId: site.siteId,
    legalEntityId: newId(),
    // A social profile may carry no name at all; the address still identifies the person.
    name: account.companyName || `${account.firstName} ${account.lastName}`.trim() || account.email,
    kind: account.companyName ? 'company' : 'individual',
    ownerLegalEntityId: site.ownerLegalEntityId,
    ...(account.address ? { address: account.address } : {}),
    createdAt,
  };
  const { address: _address, ...fields } = account;
  const user: UserRecord = {
    ...fields,
    siteId: site.siteId,
    userId,
    email: account.email.toLowerCase(),
    isBlocked: account.isBlocked ?? false,
    isUserSuperAdmin: account.userType === 'staff' && account.isUserSuperAdmin === true,
    isFlightSearchAllowed: account.isFlightSearchAllowed ?? true,
    isFlightHoldAllowed:
      account.isFlightHoldAllowed ?? (account.userType === 'staff' || account.userType === 'travelAgent'),
    referralCode: referralCode(),
    customerNo: await deps.repo.nextCustomerNo(site.siteId),
    emailSubscribed: account.emailSubscribed ?? true,
    legalEntityId: le.legalEntityId,
    legalEntityName: le.name,
    createdAt,
    updatedAt: createdAt,
  };
  const written = await deps.repo.insertAccount(user, le, social);
  return written.ok ? { ok: true, user } : written;
}

/** The browser's view of a user: no hash, no internal fields. */
export function toUser(record: UserRecord): TUser {
  const { passwordHash: _hash, resetLink: _link, ...rest } = record;
  return ZUser.parse({
    ...rest,
    id: record.userId,
    users_id: record.userId,
    legalEntity: { id: record.legalEntityId, name: record.legalEntityName },
  });
}

type SignupInput = ParsedRequestOf<typeof signupEndpoint>;

/** Self-registration. Only the retail and travel-agent shapes exist here: staff and corporate accounts are never self-made. */
function signupAccount(input: SignupInput): { account: NewAccount; conflictFields: ConflictFields } {
  if (input.userType === 'retail')
    return {
      account: {
        userType: 'retail',
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        gender: input.gender,
        phoneNumbers: [{ label: 'Primary', phoneNumber: input.phone, phoneCountryCode: input.phoneCode.toLowerCase() }],
        status: 'pending',
      },
      conflictFields: { email: 'email', phone: 'phone' },
    };
  return {
    account: {
      userType: 'travelAgent',
      email: input.primaryEmail,
      firstName: input.firstName,
      lastName: input.lastName ?? '',
      phoneNumbers: [
        { label: 'Primary', phoneNumber: input.primaryPhone, phoneCountryCode: input.primaryPhoneCode.toLowerCase() },
        {
          label: 'Secondary',
          phoneNumber: input.secondaryPhone,
          phoneCountryCode: input.secondaryPhoneCode.toLowerCase(),
        },
      ],
      status: 'pending',
      companyName: input.companyName,
      company: {
        companyName: input.companyName,
        address1: input.address1,
        ...(input.address2 ? { address2: input.address2 } : {}),
        secondaryPhone: input.secondaryPhone,
      },
      address: {
        address1: input.address1,
        ...(input.address2 ? { address2: input.address2 } : {}),
        city: input.city,
        state: input.state,
        country: input.country,
        pincode: input.pincode,
      },
    },
    conflictFields: { email: 'primaryEmail', phone: 'primaryPhone' },
  };
}

/**
 * Self-registration. An address that already has an account gets the same answer as a new one, and its owner a
 * mail saying someone tried: the page never tells whether an address is registered. A taken
 * phone number on a new address is still refused on its field (the owner of a number cannot be mailed).
 */
export async function signup(
  scope: Scope,
  input: SignupInput,
  deps: UsersDeps = defaultDeps,
): Promise<{ userId: string; email: string }> {
  const { account, conflictFields } = signupAccount(input);
  const passwordHash = await deps.hashPassword(input.password);
  const opened = await openAccount(scope, { ...account, passwordHash }, undefined, deps);
  if (opened.ok) {
    await sendVerificationMail(scope, opened.user, deps);
    return { userId: opened.user.userId, email: opened.user.email };
  }
  if (!opened.taken.includes('email')) throw conflict(opened.taken, conflictFields);
  const email = account.email.toLowerCase();
  const ownerId = await deps.repo.userIdByEmail(scope.site.siteId, email);
  const owner = ownerId ? await deps.repo.getUser(scope.site.siteId, ownerId) : null;
  if (owner) await sendAccountExistsMail(scope, owner, deps);
  // An id like a new account's, of no account: the answer is the same shape and tells nothing.
  return { userId: newId(), email };
}

export async function verifyEmail(scope: Scope, token: string, deps: UsersDeps = defaultDeps): Promise<void> {
  const { site, now } = scope;
  const userId = await deps.repo.consumeToken(site.siteId, 'verify', token, now);
  const user = userId ? await deps.repo.getUser(site.siteId, userId) : null;
  if (!user) throw fail.validation(MSG.verifyLinkInvalid, { token: MSG.verifyLinkInvalid });
  if (user.status === 'verified') return;
  await deps.repo.updateUser(site.siteId, user.userId, { status: 'verified' }, now);
  await sendWelcomeMail(scope, user, deps);
}

// The users Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerSignup = answers(api.signup, (input, scope) => signup(scope, input));
export const answerVerifyEmail = answers(api.verifyEmail, async (input, scope) => {
  await verifyEmail(scope, input.token);
  return ok;
});
