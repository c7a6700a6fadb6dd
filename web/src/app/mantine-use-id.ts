import { useId as useReactId } from 'react';

/**
 * Stands in for @mantine/hooks' `useId` (web/vite.config.ts `mantineStableIds`). Mantine's hook renders
 * React's id first and then, in a layout effect, swaps it for a random one, a leftover from server
 * rendering: every input, popover and portal of a screen renders a second time, synchronously, inside
 * the task that commits the screen (on the search form that cascade was most of its longest task). This
 * SPA renders only in the browser, where React's id is already unique and stable, so it is kept.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}
