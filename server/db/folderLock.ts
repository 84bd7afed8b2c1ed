import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, realpathSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** The lock file in a PGlite data folder: who writes to it now. */
export const LOCK_FILE = 'portico.pid';

/** The owner a lock file names. `boot` and `ticks` (Linux) tell a live owner from a later process with its pid. */
interface Owner {
  pid: number;
  hostname: string;
  startedAt: string;
  /** The folder locked: a lock copied with the folder (a backup, `cp -r`) names another one. */
  dir: string;
  boot?: string;
  ticks?: string;
}

/** A second writer on a PGlite data folder: its message names the folder and the owner. */
export class FolderLockedError extends Error {
  override name = 'FolderLockedError';
}

export interface FolderLock {
  readonly file: string;
  /** Removes the lock file if it is still this process's. Idempotent. */
  release(): void;
}

/** Folders this process holds: a second open in the same process is a second writer too. */
const held = new Set<string>();

const readOrUndefined = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

const BOOT_ID = readOrUndefined('/proc/sys/kernel/random/boot_id')?.trim();

/** Linux: a process's start time in clock ticks since boot (field 22 of /proc/<pid>/stat), unique with its pid. */
function startTicks(pid: number | 'self'): string | undefined {
  const stat = readOrUndefined(`/proc/${pid}/stat`);
  // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

const unlinkIfThere = (path: string) => {
  try {
    unlinkSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
};

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the owner a lock names can still be writing to `dir`; false for a lock left behind. */
function ownerLives(owner: Owner, dir: string): boolean {
  if (owner.dir !== dir) return false;
  // Another host's processes cannot be seen from here (a shared volume): believe the lock.
  if (owner.hostname !== hostname()) return true;
  // This pid, not held here: an earlier life of this container, whose pid the new one got again.
  if (owner.pid === process.pid) return held.has(dir);
  if (owner.boot && BOOT_ID && owner.boot !== BOOT_ID) return false;
  if (!isAlive(owner.pid)) return false;
  // The pid is alive but may be a later process that got it (after a kill -9): the start time tells them apart.
  const ticks = owner.ticks && startTicks(owner.pid);
  return !ticks || ticks === owner.ticks;
}

function parseOwner(text: string): Owner | undefined {
  try {
    const o = JSON.parse(text) as Owner;
    return Number.isInteger(o.pid) && typeof o.hostname === 'string' && typeof o.dir === 'string'
      ? o
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the one-writer lock of a PGlite data folder, or throws FolderLockedError naming the owner. PGlite has no
 * lock of its own, and two processes on one folder lose acknowledged writes. A lock left by a process that is gone
 * (killed, crashed, the host rebooted) is taken over. The file appears whole or not at all: written aside, then
 * hard-linked into place, which fails if another process got there first.
 */
export function lockFolder(folder: string): FolderLock {
  mkdirSync(folder, { recursive: true });
  const dir = realpathSync(folder);
  const file = join(dir, LOCK_FILE);
  const me: Owner = {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date().toISOString(),
    dir,
    boot: BOOT_ID,
    ticks: startTicks('self'),
  };
  const text = `${JSON.stringify(me)}\n`;
  const aside = join(dir, `.${LOCK_FILE}.${process.pid}.${randomBytes(4).toString('hex')}`);
  writeFileSync(aside, text, { mode: 0o644 });
  try {
    for (let attempt = 1; ; attempt += 1) {
      try {
        linkSync(aside, file);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const found = readOrUndefined(file);
      if (found === undefined) continue; // released meanwhile: try again
      const owner = parseOwner(found);
      if (owner && ownerLives(owner, dir)) {
        const where = owner.hostname === me.hostname ? '' : ` on host ${owner.hostname}`;
        throw new FolderLockedError(
          `the data folder ${dir} is in use by process ${owner.pid}${where} (since ${owner.startedAt}): stop it first or use another PORTICO_DATA_DIR` +
            (where ? `; if that process is gone, delete ${file}` : ''),
        );
      }
      if (attempt >= 5) throw new FolderLockedError(`could not take over the stale lock ${file}`);
      // Left behind: remove it unless another process has just taken it over (then its content differs).
      if (readOrUndefined(file) === found) unlinkIfThere(file);
    }
  } finally {
    unlinkIfThere(aside);
  }
  held.add(dir);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    held.delete(dir);
    process.off('exit', release);
    if (readOrUndefined(file) === text) unlinkIfThere(file);
  };
  // An exit without close (an uncaught error, process.exit) still frees the folder; a kill -9 leaves a stale lock.
  process.on('exit', release);
  return { file, release };
}
