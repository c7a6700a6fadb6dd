/**
 * The users Lambda: accounts and sessions (./accounts: sign-up, sign-in, passwords, social sign-in, phones), the
 * staff customer screens and the user's own data (./customers.ts), tax-id reviews (./kyc.ts), a reseller's own
 * team (./staff.ts) and the members of an agency or company account (./accounts/members.ts), each answered beside
 * its operation and gathered by `npm run derive` (answered.generated.ts).
 */
import type { Operation } from '#lib/answers';
import { answered } from './answered.generated.ts';
import type { CustomersWiring } from './customers.ts';
import type { StaffWiring } from './staff.ts';

/**
 * What the users Lambda needs from the entry: the customer views' answers of markup and suppliers; rbac's
 * permission groups for the staff screen.
 */
export type UsersWiring = CustomersWiring & StaffWiring;

export const operations = (wiring: UsersWiring): Operation[] => answered(wiring);
