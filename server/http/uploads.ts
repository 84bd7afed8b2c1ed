import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONTROL_MESSAGE, controlCharacterAt } from './controls.ts';
import { DomainError } from './errors.ts';

/** An uploaded picture, its type taken from its bytes. */
export interface Upload {
  ext: 'png' | 'jpg';
  data: Buffer;
}

/** What one upload form accepts: pictures (count, size each) and an optional remark. */
export interface UploadLimits {
  maxFiles: number;
  maxBytes: number;
  maxRemark: number;
  /** What to say when no picture came. */
  missing: string;
}

export const badUpload = (message: string) => new DomainError(400, 'VALIDATION', message, { files: message });

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The type of an image by its first bytes, whatever its name or declared type says. */
export function sniffImage(data: Buffer): Upload['ext'] | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  return null;
}

/**
 * Registers the multipart parser in `scope` with the form's limits: a file over the size, or one file too many,
 * fails the request instead of being cut short.
 */
export async function acceptUploads(scope: FastifyInstance, limits: UploadLimits): Promise<void> {
  await scope.register(multipart, {
    limits: {
      fileSize: limits.maxBytes,
      files: limits.maxFiles,
      fields: 4,
      fieldSize: 4096,
      parts: limits.maxFiles + 4,
    },
    throwFileSizeLimit: true,
  });
}

/**
 * Reads a multipart upload whole (files kept in memory, at most maxFiles × maxBytes) and checks every part before
 * the caller stores anything: pictures by their bytes, the remark's length, at least one picture.
 */
export async function readUploads(
  req: FastifyRequest,
  limits: UploadLimits,
): Promise<{ files: Upload[]; remark: string | null }> {
  if (!req.isMultipart()) throw badUpload('Send the form as multipart/form-data');
  const files: Upload[] = [];
  let remark: string | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (data.length === 0) throw badUpload(`${part.filename || 'A file'} is empty`);
        const ext = sniffImage(data);
        if (!ext) throw badUpload(`${part.filename || 'A file'} is not a png or jpg image`);
        files.push({ ext, data });
      } else if (part.fieldname === 'remark') {
        remark = String(part.value ?? '').trim() || null;
        // A multipart form is read here, past the request hook that refuses control characters elsewhere.
        if (controlCharacterAt(remark, true))
          throw new DomainError(400, 'VALIDATION', CONTROL_MESSAGE, { remark: CONTROL_MESSAGE });
        if (part.valueTruncated || (remark?.length ?? 0) > limits.maxRemark)
          throw new DomainError(400, 'VALIDATION', 'Remark is too long', {
            remark: `At most ${limits.maxRemark} characters`,
          });
      }
    }
  } catch (err) {
    if (err instanceof DomainError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw badUpload(`Each file is at most ${limits.maxBytes / (1024 * 1024)} MB`);
    if (code === 'FST_FILES_LIMIT') throw badUpload(`At most ${limits.maxFiles} files`);
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) throw badUpload('Malformed upload');
    throw err;
  }
  if (files.length === 0) throw badUpload(limits.missing);
  return { files, remark };
}
