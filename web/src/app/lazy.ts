import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Module<T> = { default: T };
// Same constraint as React.lazy: any props.
type AnyComponent = ComponentType<any>;

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
  const preload = () => (loading ??= load().then((m) => (loaded = m)));
  const component = lazy(() =>
    loaded ? ({ then: (resolve: (m: Module<T>) => void) => resolve(loaded!) } as Promise<Module<T>>) : preload(),
  );
  return Object.assign(component, { preload });
}
