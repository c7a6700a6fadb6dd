/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the API when the SPA is served from elsewhere; empty = same origin (default). */
  readonly VITE_API_ORIGIN?: string;
  /** VAPID public key for staff push subscriptions; without it the push prompt is not offered. */
  readonly VITE_VAPID_PUBLIC_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
