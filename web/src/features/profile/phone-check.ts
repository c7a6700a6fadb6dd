import type { TPhoneEntry, TUser } from '@tp/contracts/endpoints/users';
import { hasValidCountryCode } from '@tp/domain/phone';

export const primaryPhone = (user: Pick<TUser, 'phoneNumbers'>): TPhoneEntry | undefined =>
  user.phoneNumbers.find((p) => p.label === 'Primary');

/** The phone-verification modal is due when the primary phone is missing or has no valid country code. */
export function needsPhoneUpdate(user: Pick<TUser, 'phoneNumbers'>): boolean {
  const primary = primaryPhone(user);
  return !primary || !hasValidCountryCode(primary.phoneCountryCode);
}
