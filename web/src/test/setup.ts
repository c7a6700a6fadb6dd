import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { cleanNotifications, cleanNotificationsQueue } from '@mantine/notifications';

// Screens are lazy-loaded: on a busy 2-core CI machine the first render of one can take more than the
// default second, so findBy*/waitFor wait up to 5 s (they still fail when the thing never appears).
configure({ asyncUtilTimeout: 5000 });

// Browser APIs Mantine uses that happy-dom lacks or leaves out.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollIntoView ??= () => undefined;

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  cleanNotifications();
  cleanNotificationsQueue();
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
