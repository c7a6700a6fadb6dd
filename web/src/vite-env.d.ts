/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the API when the SPA is served from elsewhere; empty = same origin (default). */
  readonly VITE_API_ORIGIN?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
