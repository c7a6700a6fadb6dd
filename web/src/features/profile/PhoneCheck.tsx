import { lazy, Suspense, useEffect, useState } from 'react';
import { TIMING } from '@tp/contracts/platform';
import type { TUser } from '@tp/contracts/endpoints/users';

// The modal (its form, the users contract, the phone input's country list) loads only for a user it is for.
const PhoneVerificationModal = lazy(() => import('./PhoneVerificationModal.tsx'));

/**
 * TIMING.phoneModalDelayMs (5 s) after sign-in, asks for a valid primary phone when it lacks a country code. The
 * check itself (phone-check.ts, with the phone metadata) loads when the delay has passed; the modal only when the
 * check says it is due: for everyone else, loading it built the phone input's sorted list of ~240 country names (a
 * 50 ms task on this VM, ~200 ms on a 4x-slowed phone) on every page, five seconds in, to show nothing.
 */
export function PhoneCheck({ user }: { user: TUser | null }) {
  const userId = user?.id;
  const phones = user?.phoneNumbers;
  const [dueFor, setDueFor] = useState<string | null>(null);
  useEffect(() => {
    if (!userId || !phones) return;
    let live = true;
    const timer = window.setTimeout(() => {
      void import('./phone-check.ts')
        .then(({ needsPhoneUpdate }) => {
          if (live && needsPhoneUpdate({ phoneNumbers: phones })) setDueFor(userId);
        })
        .catch(() => undefined);
    }, TIMING.phoneModalDelayMs);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [userId, phones]);
  if (!user || dueFor !== user.id) return null;
  return (
    <Suspense fallback={null}>
      <PhoneVerificationModal user={user} />
    </Suspense>
  );
}
