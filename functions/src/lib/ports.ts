/**
 * A port: something a domain needs from a domain that depends on it (which it must not import), plugged
 * in by each Lambda's entry, the composition root. Using a port no entry plugged fails loudly at the
 * first call instead of silently doing nothing.
 */
export interface Port<T> {
  plug(impl: T): void;
  get(): T;
}

export function port<T>(name: string): Port<T> {
  let impl: T | undefined;
  return {
    plug: (value) => void (impl = value),
    get() {
      if (impl === undefined) throw new Error(`port '${name}' is not plugged in by this Lambda's entry`);
      return impl;
    },
  };
}
