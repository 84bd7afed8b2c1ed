import { createHash } from 'node:crypto';
import sharp from 'sharp';

/**
 * Art as WebP (or PNG, for the brand's icon: every browser shows a PNG as a tab's icon), drawn from its SVG. A
 * browser draws every SVG picture as a document of its own, parsed, laid out and painted on the page's main thread
 * (a banner with its text: ~45 ms on a fast desktop): a lobby's dozens of tiles were most of a phone's blocked time
 * on first load (npm run bench: Lighthouse's TBT on `/` ~470 → ~180 ms). A raster picture is decoded off the main
 * thread. Text is drawn with the server's fonts (fontconfig): a language whose script they lack needs its fonts.
 */
const KEPT = 2_000; // ~6 KB a tile: ~12 MB at most
const drawn = new Map<string, Promise<Buffer>>();

export type RasterFormat = 'webp' | 'png';

export function rasterOf(svg: string, format: RasterFormat): Promise<Buffer> {
  const key = `${format}:${createHash('sha1').update(svg).digest('base64')}`;
  const hit = drawn.get(key);
  if (hit) {
    // Most recently used last: the oldest goes first when full.
    drawn.delete(key);
    drawn.set(key, hit);
    return hit;
  }
  const drawing = sharp(Buffer.from(svg));
  const picture = (format === 'png' ? drawing.png() : drawing.webp({ quality: 75 })).toBuffer();
  if (drawn.size >= KEPT) drawn.delete(drawn.keys().next().value!);
  drawn.set(key, picture);
  picture.catch(() => drawn.delete(key));
  return picture;
}
