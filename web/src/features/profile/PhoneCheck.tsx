import { lazy, Suspense, useEffect, useState } from 'react';
import { TIMING } from '@tp/contracts/platform';
import type { TUser } from '@tp/contracts/endpoints/users';

// The check and the modal (with the phone metadata) load only when the delay has passed.
const PhoneVerificationModal = lazy(() => import('./PhoneVerificationModal.tsx'));

/** TIMING.phoneModalDelayMs (5 s) after sign-in, asks for a valid primary phone when it lacks a country code. */
export function PhoneCheck({ user }: { user: TUser | null }) {
  const userId = user?.id;
  const [dueFor, setDueFor] = useState<string | null>(null);
  useEffect(() => {
    if (!userId) return;
    const timer = window.setTimeout(() => setDueFor(userId), TIMING.phoneModalDelayMs);
    return () => window.clearTimeout(timer);
  }, [userId]);
  if (!user || dueFor !== user.id) return null;
  return (
    <Suspense fallback={null}>
      <PhoneVerificationModal user={user} />
    </Suspense>
  );
}
