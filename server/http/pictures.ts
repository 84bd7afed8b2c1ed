import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import {
  MAX_PICTURE_BYTES,
  MAX_PICTURE_SIDE,
  PICTURE_SLOTS,
  type PictureSlot,
} from '../../contract/catalogue.ts';
import { merchantCode } from '../../contract/merchant.ts';
import type { StoragePort } from '../ports/storage.ts';
import { DomainError } from './errors.ts';

/**
 * Operators' pictures, one pipeline for every slot: the bytes must be a png, jpg or webp whatever the name says; the
 * picture is decoded (a decompression bomb stops at the pixel limit), turned upright, re-encoded without its
 * metadata (EXIF, GPS, ICC comments) and sized for its slot, then stored under its content's hash and served as
 * immutable: a new picture has a new address, so no cache ever shows an old one.
 */

type Kind = 'png' | 'jpg' | 'webp';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The picture's type by its first bytes, or null for anything else (gif, svg, html…). */
export function sniffPicture(data: Buffer): Kind | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(PNG)) return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  if (
    data.length >= 12 &&
    data.toString('latin1', 0, 4) === 'RIFF' &&
    data.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  return null;
}

const refuse = (message: string, status = 400) =>
  new DomainError(status, 'VALIDATION', message, { file: message });

/** Stored as PNG for the site icon (home screens and QR codes want it), WebP for everything else. */
const formatOf = (slot: PictureSlot) => (slot === 'icon' ? 'png' : 'webp');

/** Re-encodes an upload for its slot; refuses what is not a png, jpg or webp picture of sane dimensions. */
export async function encodePicture(
  data: Buffer,
  slot: PictureSlot,
): Promise<{ bytes: Buffer; ext: string }> {
  if (data.length === 0) throw refuse('The file is empty');
  if (data.length > MAX_PICTURE_BYTES) throw refuse('The picture is larger than 5 MB', 413);
  if (!sniffPicture(data)) throw refuse('The file is not a png, jpg or webp picture');
  const input = () => sharp(data, { limitInputPixels: MAX_PICTURE_SIDE * MAX_PICTURE_SIDE, failOn: 'error' });
  const tooLarge = () =>
    refuse(`The picture is larger than ${MAX_PICTURE_SIDE} × ${MAX_PICTURE_SIDE} pixels`);
  const unreadable = (err: unknown) =>
    /pixel limit/i.test(String((err as Error).message)) ? tooLarge() : refuse('The picture cannot be read');
  let meta: Awaited<ReturnType<ReturnType<typeof input>['metadata']>>;
  try {
    meta = await input().metadata();
  } catch (err) {
    throw unreadable(err);
  }
  if ((meta.width ?? 0) > MAX_PICTURE_SIDE || (meta.height ?? 0) > MAX_PICTURE_SIDE) throw tooLarge();
  const size = PICTURE_SLOTS[slot];
  const ext = formatOf(slot);
  try {
    // sharp writes no metadata unless asked (withMetadata): EXIF, GPS and comments stay behind.
    const resized = input()
      .rotate()
      .resize({ width: size.width, height: size.height, fit: size.fit, withoutEnlargement: true });
    const bytes = await (ext === 'png' ? resized.png() : resized.webp({ quality: 82 })).toBuffer();
    return { bytes, ext };
  } catch (err) {
    throw unreadable(err);
  }
}

const FILE = /^([a-zA-Z]+)-([0-9a-f]{32})\.(webp|png)$/;

/** Where a stored picture is served (the merchant's code and the picture's hash are its address). */
export const pictureUrl = (key: string) => `/${key}`;

export function createPictures(storage: StoragePort) {
  return {
    /** Stores the re-encoded picture once per content and merchant; returns its storage key. */
    async store(merchant: string, slot: PictureSlot, data: Buffer): Promise<string> {
      const { bytes, ext } = await encodePicture(data, slot);
      const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
      const key = `pictures/${merchant}/${slot}-${hash}.${ext}`;
      if (!(await storage.exists(key)))
        await storage.put(key, bytes).catch(async (err) => {
          // Two uploads of the same picture at once: the other one stored it.
          if (!(await storage.exists(key))) throw err;
        });
      return key;
    },
    get: (merchant: string, file: string) => storage.get(`pictures/${merchant}/${file}`),
  };
}
export type Pictures = ReturnType<typeof createPictures>;

/** Registers the multipart parser for picture uploads in `scope`: one file, at most the size a picture may be. */
export async function acceptPicture(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, {
    limits: { fileSize: MAX_PICTURE_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3 },
    throwFileSizeLimit: true,
  });
}

/** The one picture of a multipart upload (field `file`): 413 past 5 MB, 400 when none came or the form is broken. */
export async function readPicture(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw refuse('Send the picture as multipart/form-data');
  let data: Buffer | undefined;
  try {
    for await (const part of req.parts()) if (part.type === 'file') data = await part.toBuffer();
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw refuse('The picture is larger than 5 MB', 413);
    if (code === 'FST_FILES_LIMIT') throw refuse('Send one picture');
    // The parser's own errors (a form cut short: "Unexpected end of multipart data") carry no status: the
    // request is at fault, as with its 4xx ones.
    const status = (err as { statusCode?: number }).statusCode;
    if (status === undefined || (status >= 400 && status < 500)) throw refuse('Malformed upload');
    throw err;
  }
  if (!data) throw refuse('Choose a picture');
  return data;
}

/** Serves stored pictures: immutable for a year, the hash as a strong ETag (a revalidation answers 304). */
export function pictureRoutes(app: FastifyInstance, pictures: Pictures): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/pictures/:merchant/:file',
    {
      schema: {
        hide: true,
        params: z.object({ merchant: merchantCode, file: z.string().regex(FILE) }),
      },
    },
    async (req, reply) => {
      const [, , hash, ext] = FILE.exec(req.params.file)!;
      const etag = `"${hash}"`;
      const bytes = await pictures.get(req.params.merchant, req.params.file);
      if (!bytes) throw new DomainError(404, 'NOT_FOUND', 'No such picture');
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        // Drawn through the merchant's image CDNs too (contract/cdn.ts): another origin than the page's.
        .header('cross-origin-resource-policy', 'cross-origin');
      if (req.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) return reply.code(304).send();
      return reply.type(ext === 'png' ? 'image/png' : 'image/webp').send(bytes);
    },
  );
}
