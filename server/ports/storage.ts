import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Where uploaded files live (proofs of withdrawals not received, promotion applications' pictures), by key: a
 * relative path such as `promotions/<uuid>.png`. The built-in driver is a local folder; several API processes share
 * files by pointing it at one shared volume, or by a driver for an object store with the same four calls.
 */
export interface StoragePort {
  /** Stores a new file; a key that exists already is refused (keys are random, so that is a bug, not a race). */
  put(key: string, data: Buffer): Promise<void>;
  /** The file's bytes, or undefined when there is none. */
  get(key: string): Promise<Buffer | undefined>;
  /** Removes the file; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

/** The key's segments, or an error: no absolute path, no `..`, nothing a driver could read outside its root. */
export function keySegments(key: string): string[] {
  const segments = key.split('/');
  if (segments.length > 8 || !segments.every((s) => SEGMENT.test(s) && !s.includes('..')))
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  return segments;
}

/**
 * Files under `root` (PORTICO_UPLOADS_DIR): folders are made on demand. A file is written before the transaction
 * that records its key commits, so no reader on any process asks for a key whose file is still being written.
 */
export function localFolderStorage(root: string): StoragePort {
  const pathOf = (key: string) => join(root, ...keySegments(key));
  const missing = (err: unknown) => (err as { code?: string }).code === 'ENOENT';
  return {
    async put(key, data) {
      const file = pathOf(key);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, data, { flag: 'wx' });
    },
    async get(key) {
      return readFile(pathOf(key)).catch((err) => {
        if (missing(err)) return undefined;
        throw err;
      });
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async exists(key) {
      return stat(pathOf(key)).then(
        (s) => s.isFile(),
        (err) => {
          if (missing(err)) return false;
          throw err;
        },
      );
    },
  };
}

/** A module's storage: the one given, else the local folder `uploadsDir` (default ./data/uploads). */
export const uploadsStorage = (opts: { storage?: StoragePort; uploadsDir?: string }): StoragePort =>
  opts.storage ?? localFolderStorage(opts.uploadsDir ?? join(process.cwd(), 'data', 'uploads'));
