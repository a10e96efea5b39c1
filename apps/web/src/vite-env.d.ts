/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base address of the API; `/api` (same origin) unless set at build time. */
  readonly VITE_API_BASE?: string;
}
