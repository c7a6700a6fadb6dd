import { lazy, Suspense, useState } from 'react';
import type { SearchFormType } from './useSearchForm.ts';

// The fare calendar (Modal, its own Select and the fares call) loads when first opened, not with the form.
const CalendarFare = lazy(() => import('./CalendarFare.tsx').then((m) => ({ default: m.CalendarFare })));

/**
 * The fare calendar of the first flight's route: `open` shows it, `dialog` is its place in the form (not
 * rendered before it is first opened; once opened it stays mounted, so its month survives closing). A day
 * picked becomes the first departure.
 */
export function useFareCalendar(form: SearchFormType) {
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  const first = form.values.legs[0]!;
  const open = () => {
    setUsed(true);
    setOpened(true);
  };
  const dialog = used && first.origin && first.destination && (
    <Suspense fallback={null}>
      <CalendarFare
        opened={opened}
        onClose={() => setOpened(false)}
        origin={first.origin.value}
        destination={first.destination.value}
        onPick={(date) => form.setFieldValue('legs.0.date', date)}
      />
    </Suspense>
  );
  return { open, dialog };
}
