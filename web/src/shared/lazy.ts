import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Module<T> = { default: T };
// Same constraint as React.lazy: any props.
type AnyComponent = ComponentType<any>;

const started = new Set<Promise<unknown>>();

/**
 * Settles once every preload started so far has, including those their modules start in turn (a
 * nested router preloading its own screen). main.tsx waits for it before React's first render, so
 * that render has the opened screen: rendered in slices with the shell, not after it, in one go.
 */
export async function preloadsSettled(): Promise<void> {
  for (let seen = -1; seen !== started.size;) {
    seen = started.size;
    await Promise.allSettled(started);
  }
}

/** A lazy component whose code can be asked for before it first renders. */
export type Preloadable<T extends AnyComponent> = LazyExoticComponent<T> & { preload(): Promise<unknown> };

/**
 * React.lazy plus `preload()`. Once the module has loaded, rendering does not suspend: the factory
 * answers with an already-settled thenable, which React reads at once. So the screen of the URL being
 * opened (preloaded by index.html and main.tsx) appears in the shell's first commit, not a loader
 * frame later, and site html above it does not push it down when it arrives.
 */
export function preloadable<T extends AnyComponent>(load: () => Promise<Module<T>>): Preloadable<T> {
  let loaded: Module<T> | undefined;
  let loading: Promise<Module<T>> | undefined;
  const preload = () => {
    if (!loading) started.add((loading = load().then((m) => (loaded = m))));
    return loading;
  };
  const component = lazy(() =>
    loaded ? ({ then: (resolve: (m: Module<T>) => void) => resolve(loaded!) } as Promise<Module<T>>) : preload(),
  );
  return Object.assign(component, { preload });
}
