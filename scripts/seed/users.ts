/**
 * Demo users of every demo site, created through the users service (the code the API runs), so the
 * items can never drift from what signup writes. The password is hashed once: argon2id is slow by design.
 */
import { hashPassword } from '../../functions/src/users/password.ts';
import { createAccount, type NewAccount } from '../../functions/src/users/accounts/index.ts';
import { userIdByEmail } from '../../functions/src/users/repo.ts';
import { DEMO_SITES } from './sites.ts';
import { DEMO_PASSWORD, DEMO_PEOPLE, demoEmail, type DemoPerson } from './logins.ts';

function account(person: DemoPerson, domain: string, passwordHash: string): NewAccount {
  const company = person.companyName
    ? {
        companyName: person.companyName,
        company: {
          companyName: person.companyName,
          address1: '12 MG Road',
          address2: 'Fort',
          secondaryPhone: '2222000000',
        },
        address: {
          address1: '12 MG Road',
          address2: 'Fort',
          city: 'Mumbai',
          state: 'Maharashtra',
          country: 'India',
          pincode: '400001',
        },
      }
    : {};
  return {
    userType: person.userType,
    email: demoEmail(person, domain),
    firstName: person.firstName,
    lastName: person.lastName,
    phoneNumbers: [{ label: 'Primary', phoneNumber: person.phone, phoneCountryCode: person.phoneCountryCode ?? 'in' }],
    status: 'verified',
    passwordHash,
    isUserSuperAdmin: person.isUserSuperAdmin ?? false,
    isBlocked: person.isBlocked ?? false,
    ...company,
  };
}

/** Idempotent: people who already exist (a re-seed on top of older data) are left as they are. */
export async function seedUsers(): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date();
  for (const site of DEMO_SITES) {
    for (const person of DEMO_PEOPLE) {
      if (await userIdByEmail(site.siteId, demoEmail(person, site.domain))) continue;
      await createAccount({ site, now }, account(person, site.domain, passwordHash));
    }
  }
}
