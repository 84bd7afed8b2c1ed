/**
 * Where generated art is served; the merchant is in the path so plain <img> requests need no header. A lobby's many
 * pictures (tiles, vendor logos) come as WebP (raster.ts: cheaper for a phone to show); each is also served as SVG.
 */
export const artPath = {
  tile: (merchant: string, nodeId: string) => `/art/${merchant}/tiles/${encodeURIComponent(nodeId)}.webp`,
  banner: (merchant: string, bannerId: number) => `/art/${merchant}/banners/${bannerId}.svg`,
  vendor: (merchant: string, vassalage: string) =>
    `/art/${merchant}/vendors/${encodeURIComponent(vassalage)}.webp`,
  icon: (merchant: string) => `/art/${merchant}/icon.svg`,
  logo: (merchant: string) => `/art/${merchant}/logo.svg`,
};
