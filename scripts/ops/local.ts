// Commands that work here rather than through the server's operator API: on a database, or on files.
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { defaultServer, opsToken, request } from './http.ts';
import { readPassphrase } from './passphrase.ts';
import type { Input } from './types.ts';

const str = (v: string | boolean | undefined) => (typeof v === 'string' ? v : undefined);
const dataDirOf = (opts: Input['opts']) =>
  resolve(str(opts['data-dir']) ?? process.env.PORTICO_DATA_DIR ?? './data');
const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

/** `init`: the first merchant and ADMIN of an empty database (server/db/bootstrap.ts). */
export async function init({ opts }: Input): Promise<void> {
  const { initInput, initialize } = await import('../../server/db/bootstrap.ts');
  const input = {
    merchant: str(opts.merchant)!,
    name: str(opts.name)!,
    domains: str(opts.domain)!
      .split(',')
      .map((d) => d.trim()),
    admin: str(opts.admin)!,
    passphrase: '',
  };
  // The names are checked before the passphrase is asked, and the passphrase before the database is opened.
  const names = initInput.omit({ passphrase: true }).safeParse(input);
  if (!names.success)
    throw new Error(names.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join('; '));
  input.passphrase = await readPassphrase(`Passphrase of ${input.admin}`);
  const weak = initInput.shape.passphrase.safeParse(input.passphrase);
  if (!weak.success) throw new Error(`passphrase: ${weak.error.issues[0]?.message}`);

  const { migrateDatabase, openDatabase } = await import('../../server/db/client.ts');
  const url = process.env.DATABASE_URL;
  const dir = dataDirOf(opts);
  // openDatabase takes the folder's one-writer lock: a server holding it makes this fail, naming the server.
  const database = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: dir });
  try {
    await migrateDatabase(database);
    const done = await initialize(database, input);
    console.log(
      `Merchant ${done.merchantCode} is served on ${done.domains.join(', ')} (${url ? 'PostgreSQL' : dir}).\n` +
        `${done.operator.username} (ADMIN, every merchant) can sign in to the back office at /ops` +
        `${process.env.NODE_ENV === 'production' ? ' and sets up two-factor login at once' : ''}.`,
    );
  } finally {
    await database.close();
  }
}

/** `backup FILE`: the running server's dump, written aside then renamed, so FILE is never half a backup. */
export async function backup({ args, opts }: Input): Promise<void> {
  const file = resolve(args[0]!);
  if (existsSync(file) && !opts.force) throw new Error(`${file} exists: give another name, or --force`);
  const token = opsToken();
  const server = str(opts.server) ?? defaultServer();
  const { BACKUP_PATH } = await import('../../server/modules/ops/backup.ts');
  const res = await request(server, token, { method: 'GET', path: BACKUP_PATH });
  const partial = `${file}.partial-${process.pid}`;
  mkdirSync(dirname(file), { recursive: true });
  try {
    await pipeline(Readable.fromWeb(res.body as ReadableStream), createWriteStream(partial));
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  console.log(`Backup written to ${file} (${statSync(file).size} bytes)`);
}

/**
 * `restore FILE`: a new data folder from a backup. PGlite unpacks it beside the target, the copy is opened once
 * (a bad file fails here, not at the server's start), then it takes the target's place; a folder in place is kept
 * aside, never deleted.
 */
export async function restore({ args, opts }: Input): Promise<void> {
  if (process.env.DATABASE_URL && !str(opts['data-dir']))
    throw new Error(
      'DATABASE_URL is set: restore a PostgreSQL database with pg_restore (or give --data-dir)',
    );
  const file = resolve(args[0]!);
  if (!existsSync(file)) throw new Error(`${file}: no such file`);
  const dir = dataDirOf(opts);
  const { LOCK_FILE, lockFolder } = await import('../../server/db/folderLock.ts');
  // The one-writer lock, taken first, so a running server is named whatever else is wrong.
  const lock = existsSync(dir) ? lockFolder(dir) : undefined;
  try {
    const inPlace = lock ? readdirSync(dir).filter((f) => f !== LOCK_FILE) : [];
    if (inPlace.length > 0 && !opts.force)
      throw new Error(
        `${dir} is not empty: restore into another --data-dir, or --force (the folder is kept aside)`,
      );
    const copy = `${dir}.restoring-${process.pid}`;
    rmSync(copy, { recursive: true, force: true });
    mkdirSync(dirname(dir), { recursive: true });
    let summary: string;
    try {
      summary = await unpack(file, copy);
      // The lock of the server the backup was taken from came along in the dump.
      rmSync(join(copy, LOCK_FILE), { force: true });
    } catch (err) {
      rmSync(copy, { recursive: true, force: true });
      throw err;
    }
    let aside = '';
    if (existsSync(dir)) {
      if (inPlace.length > 0) {
        aside = `${dir}.replaced-${stamp()}`;
        renameSync(dir, aside);
        rmSync(join(aside, LOCK_FILE), { force: true });
      } else rmSync(dir, { recursive: true, force: true });
    }
    renameSync(copy, dir);
    console.log(
      `Restored ${file} into ${dir} (${summary}).` +
        `${aside ? ` The folder it replaced is ${aside}: delete it once the restore is checked.` : ''}` +
        ' Start the server: it migrates the copy if it is older than the code.',
    );
  } finally {
    lock?.release();
  }
}

/** Unpacks a backup into `dir` and opens it: what it holds, for the operator to recognise it. */
async function unpack(file: string, dir: string): Promise<string> {
  const { PGlite } = await import('@electric-sql/pglite');
  let client: InstanceType<typeof PGlite>;
  try {
    client = new PGlite({ dataDir: dir, loadDataDir: new Blob([readFileSync(file)]) });
    await client.waitReady;
  } catch (err) {
    throw new Error(`${file} is not a PGlite backup (${(err as Error).message})`);
  }
  try {
    const count = async (table: string) => {
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${table}`);
      return rows[0]?.n ?? 0;
    };
    return `${await count('merchants')} merchants, ${await count('members')} members, ${await count('audit_log')} audit rows`;
  } catch (err) {
    throw new Error(`${file} is not a Portico backup (${(err as Error).message})`);
  } finally {
    await client.close();
  }
}
