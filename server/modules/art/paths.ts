/** Where generated art is served; the merchant is in the path so plain <img> requests need no header. */
export const artPath = {
  tile: (merchant: string, nodeId: string) => `/art/${merchant}/tiles/${encodeURIComponent(nodeId)}.svg`,
  banner: (merchant: string, bannerId: number) => `/art/${merchant}/banners/${bannerId}.svg`,
  vendor: (merchant: string, vassalage: string) =>
    `/art/${merchant}/vendors/${encodeURIComponent(vassalage)}.svg`,
  icon: (merchant: string) => `/art/${merchant}/icon.svg`,
  logo: (merchant: string) => `/art/${merchant}/logo.svg`,
};
