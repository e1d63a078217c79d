/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the live channel (socket.io) listens; unset means the page's own origin. */
  readonly VITE_LIVE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
