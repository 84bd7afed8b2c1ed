/**
 * Spec §7: pictures and game launches come from one of the merchant's CDNs. The choice is spread over the list by
 * the path (FNV-1a), not drawn per page load: one picture always comes from the same host, so browsers and the CDNs
 * cache it once, and a page the server drew names the same hosts the app then renders (no redraw, no second fetch).
 */
export function cdnUrl(path: string, origins: readonly string[]): string {
  if (!path.startsWith('/') || path.startsWith('//')) return path;
  const usable = origins.filter(isCdnOrigin);
  if (usable.length === 0) return path;
  let hash = 0x811c9dc5;
  for (let i = 0; i < path.length; i++) hash = Math.imul(hash ^ path.charCodeAt(i), 0x01000193) >>> 0;
  return `${usable[hash % usable.length]!.replace(/\/+$/, '')}${path}`;
}

/** An https origin (no path, query or credentials): what a CDN list may hold; anything else is ignored. */
export function isCdnOrigin(value: string): boolean {
  try {
    const u = new URL(value);
    return (
      u.protocol === 'https:' &&
      !u.username &&
      !u.password &&
      u.search === '' &&
      u.hash === '' &&
      (u.pathname === '/' || u.pathname === '') &&
      !value.includes('?')
    );
  } catch {
    return false;
  }
}
