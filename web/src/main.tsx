import './app/zod-jitless.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import './app/app.css';
import { App } from './app/App.tsx';
import { preloadsSettled } from './shared/lazy.ts';
import { preloadEntry } from './app/router.tsx';
import { earlySite } from './shared/site.tsx';
import { siteStore } from './lib/state.ts';

/**
 * The built index.html only preloads the shell's stylesheets (its static boot shell paints without
 * them); they are applied here, in order and before the opened screen's (which index.html applies as
 * they arrive), and React renders once all of them have loaded, so no screen is ever seen unstyled.
 * The dev server injects styles itself and has no such links.
 */
function appStyles(): Promise<unknown> {
  const settled = (link: HTMLLinkElement) =>
    new Promise<void>((resolve) => {
      if (link.hasAttribute('data-done')) return resolve();
      link.addEventListener('load', () => resolve());
      link.addEventListener('error', () => resolve());
    });
  const screen = [...document.querySelectorAll<HTMLLinkElement>('link[data-screen-styles]')];
  const preloads = [...document.querySelectorAll<HTMLLinkElement>('link[data-app-styles]')];
  return Promise.all([
    ...screen.map(settled),
    ...preloads.map((preload) => {
      const sheet = document.createElement('link');
      sheet.rel = 'stylesheet';
      sheet.crossOrigin = '';
      sheet.href = preload.href;
      const done = settled(sheet);
      document.head.insertBefore(sheet, screen[0] ?? null);
      return done;
    }),
  ]);
}

const root = createRoot(document.getElementById('root')!);

/**
 * The platform console's host: the served page says so (functions/src/site/page-html.ts), from the stage's
 * configured console domain. It boots the console's own app (its chunk), never a site's: no branding call, no
 * site's screens, menus or data.
 */
function bootConsole(): void {
  void Promise.all([appStyles(), import('./app/ConsoleApp.tsx')]).then(([, { ConsoleApp }]) =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <ConsoleApp />
        </StrictMode>,
      ),
    ),
  );
}

function bootSite(): void {
  preloadEntry(window.location.pathname);
  // The first render also waits for the opened screen's code (index.html's boot shell is on screen
  // meanwhile), and on a first visit for its branding (asked for by index.html), so React's first frame
  // is the branded page with its screen, not a blank shell or a loader in place of the painted one.
  void Promise.all([appStyles(), siteStore.get() ? null : earlySite(), preloadsSettled()]).then(() =>
    // A transition renders in slices, so the first render (shell and screen) does not block input as one long task.
    startTransition(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    ),
  );
}

if (document.documentElement.dataset.app === 'console') bootConsole();
else bootSite();
