import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { FolderLockedError, LOCK_FILE, lockFolder } from './folderLock.ts';

const folders: string[] = [];
const folder = () => {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'portico-lock-')));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** A pid no process has now: a child's, once it has exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid!;

const owner = (dir: string, over: object = {}) =>
  `${JSON.stringify({ pid: deadPid(), hostname: hostname(), startedAt: '2026-01-01T00:00:00.000Z', dir, ...over })}\n`;

describe('one writer per PGlite data folder', () => {
  it('refuses a second open of a folder, naming it and the owner; the first close frees it', async () => {
    const dir = folder();
    const first = await openDatabase({ kind: 'pglite', dataDir: dir });
    const lock = JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'));
    expect(lock).toMatchObject({ pid: process.pid, hostname: hostname(), dir });
    const second = openDatabase({ kind: 'pglite', dataDir: dir });
    await expect(second).rejects.toThrow(FolderLockedError);
    await expect(second).rejects.toThrow(`the data folder ${dir} is in use by process ${process.pid}`);
    await first.close();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    const again = await openDatabase({ kind: 'pglite', dataDir: dir });
    await again.close();
  });

  it('takes over the lock of a process that is gone, or one copied with the folder', () => {
    const left = [
      owner('DIR'),
      // This process's pid, not held here: an earlier life of the container.
      owner('DIR', { pid: process.pid }),
      // A live pid that a later process got, after a reboot or with another start time.
      ...(existsSync('/proc/sys/kernel/random/boot_id')
        ? [owner('DIR', { pid: 1, boot: 'an-earlier-boot' })]
        : []),
      ...(existsSync('/proc/1/stat') ? [owner('DIR', { pid: 1, ticks: 'another-start' })] : []),
      owner('/elsewhere', { pid: 1 }),
      '{',
    ];
    for (const text of left) {
      const dir = folder();
      writeFileSync(join(dir, LOCK_FILE), text.replace('"DIR"', JSON.stringify(dir)));
      const lock = lockFolder(dir);
      expect(JSON.parse(readFileSync(lock.file, 'utf8')).pid).toBe(process.pid);
      lock.release();
      expect(existsSync(lock.file)).toBe(false);
    }
  });

  it('believes a live owner, and a lock of another host', () => {
    const dir = folder();
    // pid 1 lives as long as the machine (or container) does.
    writeFileSync(join(dir, LOCK_FILE), owner(dir, { pid: 1, ticks: undefined }));
    expect(() => lockFolder(dir)).toThrow(`in use by process 1 (since 2026-01-01T00:00:00.000Z)`);
    writeFileSync(join(dir, LOCK_FILE), owner(dir, { hostname: 'other-host' }));
    expect(() => lockFolder(dir)).toThrow(
      /on host other-host .*; if that process is gone, delete .*portico\.pid$/,
    );
  });

  it('leaves a lock that is no longer its own', () => {
    const dir = folder();
    const lock = lockFolder(dir);
    writeFileSync(lock.file, owner(dir, { pid: 1 }));
    lock.release();
    expect(existsSync(lock.file)).toBe(true);
  });
});
