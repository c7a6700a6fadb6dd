/**
 * The demo people of every demo site, as data: scripts/seed/users.ts creates them through the users
 * service, `npm start` prints DEMO_LOGINS. Kept free of service imports so printing stays cheap.
 */
import type { UserType } from '@tp/contracts/endpoint';
import { DEMO_SITES } from './sites.ts';

/** One memorable password for every demo account (hashed once by the seed). */
export const DEMO_PASSWORD = 'Demo@1234';

export interface DemoPerson {
  /** What the login is good for, as printed. */
  role: string;
  /** Local part; the address is `<local>@<site domain>`. */
  local: string;
  userType: UserType;
  firstName: string;
  lastName: string;
  /** Indian mobile number; the country code is 'in' unless `phoneCountryCode` says otherwise. */
  phone: string;
  phoneCountryCode?: string;
  companyName?: string;
  isUserSuperAdmin?: boolean;
  isBlocked?: boolean;
  /** Printed by `npm start`. */
  listed: boolean;
}

export const DEMO_PEOPLE: DemoPerson[] = [
  {
    role: 'super admin',
    local: 'admin',
    userType: 'staff',
    firstName: 'Asha',
    lastName: 'Admin',
    phone: '9810000001',
    isUserSuperAdmin: true,
    listed: true,
  },
  {
    role: 'staff',
    local: 'staff',
    userType: 'staff',
    firstName: 'Sameer',
    lastName: 'Staff',
    phone: '9810000002',
    listed: true,
  },
  {
    role: 'agent',
    local: 'agent',
    userType: 'travelAgent',
    firstName: 'Arjun',
    lastName: 'Mehta',
    phone: '9810000003',
    companyName: 'Mehta Tours & Travels',
    listed: true,
  },
  {
    role: 'agent 2',
    local: 'agent2',
    userType: 'travelAgent',
    firstName: 'Priya',
    lastName: 'Nair',
    phone: '9810000004',
    companyName: 'Coastal Holidays',
    listed: false,
  },
  {
    role: 'retail',
    local: 'retail',
    userType: 'retail',
    firstName: 'Rahul',
    lastName: 'Sharma',
    phone: '9810000005',
    listed: true,
  },
  {
    role: 'retail 2',
    local: 'retail2',
    userType: 'retail',
    firstName: 'Neha',
    lastName: 'Gupta',
    phone: '9810000006',
    listed: false,
  },
  {
    role: 'corporate',
    local: 'corporate',
    userType: 'corporate',
    firstName: 'Vikram',
    lastName: 'Rao',
    phone: '9810000007',
    companyName: 'Acme Industries Ltd',
    listed: true,
  },
  // No usable country code on the primary phone: the phone-verification modal opens 5 s after login.
  {
    role: 'phone modal',
    local: 'nophone',
    userType: 'retail',
    firstName: 'Kiran',
    lastName: 'Das',
    phone: '9810000008',
    phoneCountryCode: 'INVALID',
    listed: true,
  },
  {
    role: 'blocked',
    local: 'blocked',
    userType: 'retail',
    firstName: 'Blocked',
    lastName: 'User',
    phone: '9810000009',
    isBlocked: true,
    listed: true,
  },
];

export const demoEmail = (person: Pick<DemoPerson, 'local'>, domain: string): string => `${person.local}@${domain}`;

export const DEMO_LOGINS: { site: string; role: string; email: string; password: string }[] = DEMO_SITES.flatMap(
  (site) =>
    DEMO_PEOPLE.filter((p) => p.listed).map((p) => ({
      site: site.domain,
      role: p.role,
      email: demoEmail(p, site.domain),
      password: DEMO_PASSWORD,
    })),
);

/** The platform console's demo operator (scripts/seed/operators.ts), printed by `npm start` beside the sites. */
export const DEMO_OPERATOR = {
  email: 'operator@console.localhost',
  name: 'Priya Operator',
  password: DEMO_PASSWORD,
} as const;
