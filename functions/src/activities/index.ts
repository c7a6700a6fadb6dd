/** The activities domain's public entry: the cart as stored and the after-status port (the GST invoice). */
export type { CartRecord } from './repo.ts';
export { cartStatusHooks, type CartStatusHook } from './hooks.ts';
