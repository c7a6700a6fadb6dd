import { useSyncExternalStore } from 'react';
import { LoadingOverlay } from '@mantine/core';

/**
 * The global loading backdrop (spec 000 §2 "loading backdrop"): wrap any promise in `withLoading`
 * and the whole screen is covered until every wrapped promise settles.
 */
let pending = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function withLoading<T>(work: Promise<T>): Promise<T> {
  pending += 1;
  emit();
  return work.finally(() => {
    pending -= 1;
    emit();
  });
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const isBusy = () => pending > 0;

export function GlobalLoading() {
  const busy = useSyncExternalStore(subscribe, isBusy, isBusy);
  return (
    <LoadingOverlay
      visible={busy}
      pos="fixed"
      zIndex={400}
      overlayProps={{ blur: 1 }}
      loaderProps={{ 'aria-label': 'Loading' }}
    />
  );
}
