import { useSyncExternalStore } from 'react';

/**
 * Client state persisted in localStorage (spec 000 §3 "Persisted client state"). Every key carries
 * this prefix so logout can clear the user's data without knowing every feature's keys.
 */
export const STORAGE_PREFIX = 'tp.';

/** Kept across logout: branding is not user data and paints the next visit instantly. */
const KEPT_ON_LOGOUT = new Set<string>();

export interface Persisted<T> {
  readonly key: string;
  get(): T | null;
  set(value: T): void;
  clear(): void;
  subscribe(listener: () => void): () => void;
}

// Private browsing and storage quotas can make localStorage throw; the app then keeps state in memory.
const memory = new Map<string, string>();
function readRaw(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
}
function writeRaw(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    if (value === null) memory.delete(key);
    else memory.set(key, value);
  }
}

const listeners = new Map<string, Set<() => void>>();
const emit = (key: string) => listeners.get(key)?.forEach((l) => l());

/**
 * A JSON value under `tp.<name>`. Reads are cached by the raw string so React's external-store
 * snapshot stays stable; other tabs' changes arrive through the `storage` event.
 */
export function persisted<T>(name: string, options: { keepOnLogout?: boolean } = {}): Persisted<T> {
  const key = STORAGE_PREFIX + name;
  if (options.keepOnLogout) KEPT_ON_LOGOUT.add(key);
  let lastRaw: string | null | undefined;
  let lastValue: T | null = null;
  return {
    key,
    get() {
      const raw = readRaw(key);
      if (raw !== lastRaw) {
        lastRaw = raw;
        try {
          lastValue = raw === null ? null : (JSON.parse(raw) as T);
        } catch {
          lastValue = null;
        }
      }
      return lastValue;
    },
    set(value) {
      const raw = JSON.stringify(value);
      // The same value again (a session check confirming the stored user) changes nothing and wakes
      // nobody: every subscriber would otherwise compare snapshots, and a whole shell re-render follows.
      if (raw === readRaw(key)) return;
      writeRaw(key, raw);
      emit(key);
    },
    clear() {
      writeRaw(key, null);
      emit(key);
    },
    subscribe(listener) {
      let set = listeners.get(key);
      if (!set) listeners.set(key, (set = new Set()));
      set.add(listener);
      const onStorage = (e: StorageEvent) => {
        if (e.key === key || e.key === null) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        set.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
  };
}

export function usePersisted<T>(store: Persisted<T>): T | null {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

function storedKeys(): string[] {
  const keys = new Set(memory.keys());
  try {
    for (let i = 0; i < window.localStorage.length; i++) keys.add(window.localStorage.key(i) ?? '');
  } catch {
    // memory only
  }
  return [...keys].filter((k) => k.startsWith(STORAGE_PREFIX));
}

/** Logout: removes every persisted value of the user (search, booking, ticket, permissions…), keeps branding. */
export function clearUserData(): void {
  for (const key of storedKeys()) {
    if (KEPT_ON_LOGOUT.has(key)) continue;
    writeRaw(key, null);
    emit(key);
  }
}
