/**
 * Where generated art is served; the merchant is in the path so plain <img> requests need no header. Pictures come
 * as WebP, the brand's icon as PNG (raster.ts: cheaper for a phone to show than SVG); each is also served as SVG.
 */
export const artPath = {
  tile: (merchant: string, nodeId: string) => `/art/${merchant}/tiles/${encodeURIComponent(nodeId)}.webp`,
  banner: (merchant: string, bannerId: number) => `/art/${merchant}/banners/${bannerId}.webp`,
  vendor: (merchant: string, vassalage: string) =>
    `/art/${merchant}/vendors/${encodeURIComponent(vassalage)}.webp`,
  /** The vendor's logo variant of a category (spec §3: provider logos per category). */
  vendorLogo: (merchant: string, vassalage: string, category: string) =>
    `/art/${merchant}/vendors/${category}/${encodeURIComponent(vassalage)}.webp`,
  icon: (merchant: string) => `/art/${merchant}/icon.png`,
  logo: (merchant: string) => `/art/${merchant}/logo.webp`,
};
