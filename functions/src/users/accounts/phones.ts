/** A user's own phone numbers. */
import * as MSG from '@tp/contracts/messages';
import { type TPhoneEntry, type TUser } from '@tp/contracts/endpoints/users';
import { fail } from '#lib/errors';
import type { Principal } from '#lib/principal';
import { primaryPhone } from '../phone.ts';
import { type Scope, type UsersDeps, defaultDeps } from './deps.ts';
import { conflict, toUser } from './accounts.ts';
import { requireUser } from './sessions.ts';
import * as api from '@tp/contracts/endpoints/users';
import { answers, reply } from '#lib/answers';

/** Replaces the signed-in user's phones (the phone-verification modal); the primary number stays unique per site. */
export async function changeMyPhones(
  scope: Scope,
  principal: Principal,
  input: TPhoneEntry[],
  deps: UsersDeps = defaultDeps,
): Promise<TUser> {
  const phones = input.map((p) => ({ ...p, phoneCountryCode: p.phoneCountryCode.toLowerCase() }));
  const primaryIndex = phones.findIndex((p) => p === primaryPhone(phones));
  if (primaryIndex < 0) throw fail.validation(MSG.phoneRequired, { phoneNumbers: MSG.phoneRequired });
  const user = await requireUser(principal.siteId, principal.userId, deps);
  const written = await deps.repo.replacePhones(user, phones, scope.now);
  if (!written.ok) throw conflict(written.taken, { phone: `phoneNumbers.${primaryIndex}.phoneNumber` });
  return toUser({ ...user, phoneNumbers: phones, updatedAt: scope.now.toISOString() });
}

// The users Lambda's answers (gathered into answered.generated.ts by `npm run derive`).
export const answerChangeMyPhoneDetails = answers(api.changeMyPhoneDetails, async (input, scope) =>
  reply(await changeMyPhones(scope, scope.principal, input.phoneNumbers), {
    message: MSG.phoneUpdated,
  }),
);
