// `use-sync-external-store/shim` for React 18+ (vite.config.ts aliases it here): React's own hook, without the shim's
// copy for older Reacts that the first page would download and evaluate for nothing.
export { useSyncExternalStore } from 'react';
