import { createHash } from 'node:crypto';
import sharp from 'sharp';

/**
 * Art as WebP, drawn from its SVG. A browser draws every SVG picture as a document of its own, parsed, laid out and
 * painted on the page's main thread: a lobby's dozens of tiles were most of a phone's blocked time on first load
 * (npm run bench: Lighthouse's TBT on `/` ~470 → ~180 ms). A raster picture is decoded off the main thread.
 * Text is drawn with the server's fonts (fontconfig): a language whose script they lack needs its fonts installed.
 */
const KEPT = 2_000; // ~6 KB a tile: ~12 MB at most
const drawn = new Map<string, Promise<Buffer>>();

export function webpOf(svg: string): Promise<Buffer> {
  const key = createHash('sha1').update(svg).digest('base64');
  const hit = drawn.get(key);
  if (hit) {
    // Most recently used last: the oldest goes first when full.
    drawn.delete(key);
    drawn.set(key, hit);
    return hit;
  }
  const picture = sharp(Buffer.from(svg)).webp({ quality: 75 }).toBuffer();
  if (drawn.size >= KEPT) drawn.delete(drawn.keys().next().value!);
  drawn.set(key, picture);
  picture.catch(() => drawn.delete(key));
  return picture;
}
