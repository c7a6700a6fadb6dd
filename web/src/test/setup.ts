import { afterAll, afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { cleanNotifications, cleanNotificationsQueue } from '@mantine/notifications';
import * as React from 'react';

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

// React reports markup the browser would rebuild (an <h2> inside an <h2>, a <div> inside a <p>) only as a
// console error: a test that renders such markup fails.
const NESTING = /cannot be a (child|descendant) of|cannot contain a nested/;
const nestingErrors: string[] = [];
const consoleError = console.error;
console.error = (...args: unknown[]) => {
  let i = 1;
  const text = String(args[0]).replace(/%s/g, () => String(args[i++]));
  if (NESTING.test(text)) nestingErrors.push(text.split('\n')[0]!);
  consoleError.apply(console, args);
};
// The console outlives this file in a reused worker: the next file wraps the original again.
afterAll(() => {
  console.error = consoleError;
});

/**
 * React's development build captures a stack (`new Error()`) and a console task for every element it creates, so
 * that a warning can name the component that rendered the element. In this tier that was about a seventh of the
 * web tests' CPU (side by side: 182 → 157 CPU-s, docs/architecture.md). Its counter of recent captures is held past its limit, so React uses
 * its "unknown owner" placeholder instead; warnings still fail tests as before, only their owner stack is shorter.
 * REACT_OWNER_STACKS=1 keeps them when a warning needs the owner chain to be found.
 */
if (!process.env.REACT_OWNER_STACKS) {
  const internals = (React as unknown as Record<string, Record<string, unknown> | undefined>)
    .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
  if (internals && 'recentlyCreatedOwnerStacks' in internals)
    Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
      configurable: true,
      get: () => Number.POSITIVE_INFINITY,
      set: () => undefined,
    });
}

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
  const nested = nestingErrors.splice(0);
  if (nested.length) throw new Error(`React warned about invalid HTML nesting:\n${nested.join('\n')}`);
});
