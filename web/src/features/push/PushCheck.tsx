import { lazy, Suspense, useEffect, useState } from 'react';
import { TIMING } from '@tp/contracts/platform';
import type { TUser } from '@tp/contracts/endpoints/users';

const PushPrompt = lazy(() => import('./PushPrompt.tsx'));

/** Staff only: TIMING.pushPromptDelayMs (3 s) after load, offers browser notifications (the prompt decides if it applies). */
export function PushCheck({ user }: { user: TUser | null }) {
  const isStaff = user?.userType === 'staff';
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (!isStaff) return;
    const timer = window.setTimeout(() => setDue(true), TIMING.pushPromptDelayMs);
    return () => window.clearTimeout(timer);
  }, [isStaff]);
  if (!isStaff || !due) return null;
  return (
    <Suspense fallback={null}>
      <PushPrompt />
    </Suspense>
  );
}
