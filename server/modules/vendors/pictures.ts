import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { StoragePort } from '../../ports/storage.ts';

/** A feed's picture is refused past this size: a tile is a few dozen kilobytes. */
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
/** Stored tiles are at most this wide (lobby tiles show at ~240 px on a 2× screen). */
const WIDTH = 480;

/**
 * Downloads a game's picture from its feed address, checks it is a picture by decoding it, and stores it re-encoded
 * as WebP (so nothing but pixels reaches members: no script in an SVG, no oversized original). The key carries the
 * content's hash: the same picture is stored once, and a new one gets a new address past any cache.
 */
export function createPictureStore(storage: StoragePort, fetcher: typeof fetch = fetch) {
  return {
    async fetch(merchantCode: string, nodeId: string, url: string): Promise<string> {
      const res = await fetcher(url, { signal: AbortSignal.timeout(15_000), redirect: 'follow' });
      if (!res.ok) throw new Error(`picture of ${nodeId}: ${url} answered ${res.status}`);
      const length = Number(res.headers.get('content-length') ?? 0);
      if (length > MAX_PICTURE_BYTES) throw new Error(`picture of ${nodeId}: larger than 5 MB`);
      const bytes = Buffer.from(await res.arrayBuffer());
      if (bytes.length > MAX_PICTURE_BYTES) throw new Error(`picture of ${nodeId}: larger than 5 MB`);
      let webp: Buffer;
      try {
        webp = await sharp(bytes, { limitInputPixels: 40_000_000 })
          .resize({ width: WIDTH, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer();
      } catch {
        throw new Error(`picture of ${nodeId}: ${url} is not a picture`);
      }
      const hash = createHash('sha256').update(webp).digest('hex').slice(0, 16);
      const key = `games/${merchantCode}/${nodeId}-${hash}.webp`;
      if (!(await storage.exists(key))) await storage.put(key, webp);
      return key;
    },
    get: (key: string) => storage.get(key),
  };
}
export type PictureStore = ReturnType<typeof createPictureStore>;

/** Where a stored picture is served: the hash in its key keeps caches right. */
export const pictureUrl = (merchantCode: string, nodeId: string, key: string) =>
  `/art/${merchantCode}/pictures/${encodeURIComponent(nodeId)}.webp?v=${key.slice(-21, -5)}`;
