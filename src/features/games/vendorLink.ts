/**
 * Vendor links of a lobby. The URL holds the vendor filter: a link sets (or, with `undefined`, clears) it and keeps
 * the other search parameters. The links set `aria-current` from the chosen vendor themselves (the chosen vendor's
 * link clears the filter, so the router would not call it current); `EXACT` stops the router from marking "All"
 * current as well, which its default partial search match would do whatever vendor is chosen.
 */
export const withVendor =
  (vendor: string | undefined) =>
  (prev: Record<string, unknown>): { vendor?: string } => ({ ...prev, vendor });

export const EXACT = { exact: true } as const;
