import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, OPS, player, promotionInput } from '../modules/promotions/testing.ts';
import { type TestApp, testApp } from '../test/app.ts';
import { form, PNG } from '../test/multipart.ts';
import { localFolderStorage, type StoragePort } from './storage.ts';

const roots: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'portico-storage-'));
  roots.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of roots) rmSync(dir, { recursive: true, force: true });
});

/** What every storage driver does; a driver for an object store runs the same against its fake. */
function storageContract(name: string, make: () => StoragePort) {
  describe(`${name}: the storage port`, () => {
    it('puts, gets, tells and deletes by key; a key is stored once', async () => {
      const s = make();
      const key = 'PORTICO/withdrawals/7/a1b2.png';
      expect(await s.exists(key)).toBe(false);
      expect(await s.get(key)).toBeUndefined();
      await s.put(key, PNG);
      expect(await s.exists(key)).toBe(true);
      expect((await s.get(key))?.equals(PNG)).toBe(true);
      await expect(s.put(key, Buffer.from('other'))).rejects.toThrow();
      expect((await s.get(key))?.equals(PNG)).toBe(true);
      await s.delete(key);
      await s.delete(key);
      expect(await s.exists(key)).toBe(false);
      expect(await s.get(key)).toBeUndefined();
    });

    it('refuses keys that could leave its root', async () => {
      const s = make();
      for (const key of [
        '../x.png',
        '/etc/passwd',
        'a/../../x',
        'a//b',
        '',
        '.hidden',
        'a/./b',
        'a\\b',
        'a/b/',
      ])
        for (const call of [
          () => s.put(key, PNG),
          () => s.get(key),
          () => s.exists(key),
          () => s.delete(key),
        ])
          await expect(call(), key).rejects.toThrow('Invalid storage key');
    });
  });
}

storageContract('local folder', () => localFolderStorage(folder()));

describe('local folder', () => {
  it('keeps files at their key under the root: two processes on one shared volume see the same files', async () => {
    const root = folder();
    const one = localFolderStorage(root);
    const other = localFolderStorage(root);
    await one.put('promotions/p1.png', PNG);
    expect(readFileSync(join(root, 'promotions', 'p1.png')).equals(PNG)).toBe(true);
    expect((await other.get('promotions/p1.png'))?.equals(PNG)).toBe(true);
    await other.delete('promotions/p1.png');
    expect(await one.exists('promotions/p1.png')).toBe(false);
  });
});

describe('uploads go through the port the app is given', () => {
  const files = new Map<string, Buffer>();
  let failPuts = 0;
  /** An object store's shape, in memory: nothing touches a folder. */
  const memory: StoragePort = {
    async put(key, data) {
      if (failPuts > 0 && --failPuts === 0) throw new Error('store unavailable');
      if (files.has(key)) throw new Error('exists');
      files.set(key, data);
    },
    get: async (key) => files.get(key),
    delete: async (key) => void files.delete(key),
    exists: async (key) => files.has(key),
  };
  let t: TestApp;
  let api: ReturnType<typeof caller>;
  let applyId: number;
  beforeAll(async () => {
    t = await testApp({ opsToken: OPS, storage: memory, uploadsDir: '/nonexistent/portico-uploads' });
    api = caller(t);
    applyId = await api.create(promotionInput({ reward: 1_000, settings: { kind: 'APPLY' } }));
  });
  afterAll(() => t.close());

  const apply = async (token: string) => {
    const body = form([
      { name: 'a.png', type: 'image/png', data: PNG },
      { name: 'b.png', type: 'image/png', data: PNG },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/wps/promotion/${applyId}/apply`,
      headers: { merchant: 'PORTICO', authorization: `Bearer ${token}`, 'content-type': body.type },
      payload: body.payload,
    });
    return res.statusCode;
  };

  it('writes an application’s pictures and serves them to the operator from it', async () => {
    const m = await player(t.database.db, 'store_ok');
    expect(await apply(m.token)).toBe(200);
    const keys = [...files.keys()];
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).toMatch(/^promotions\/[0-9a-f-]{36}\.png$/);
    const name = keys[0]!.slice('promotions/'.length);
    files.set(keys[0]!, Buffer.concat([PNG, Buffer.from('from the port')]));
    const pic = await t.app.inject({
      method: 'GET',
      url: `/ops/uploads/${name}`,
      headers: { authorization: `Bearer ${OPS}` },
    });
    expect(pic.statusCode).toBe(200);
    expect(pic.rawPayload.toString('latin1')).toContain('from the port');
    files.delete(keys[0]!);
    const gone = await t.app.inject({
      method: 'GET',
      url: `/ops/uploads/${name}`,
      headers: { authorization: `Bearer ${OPS}` },
    });
    expect(gone.statusCode).toBe(404);
  });

  it('a failed write stores nothing: the pictures written before it are deleted, no entry is made', async () => {
    const m = await player(t.database.db, 'store_fail');
    const before = files.size;
    failPuts = 2;
    expect(await apply(m.token)).toBe(500);
    expect(files.size).toBe(before);
    expect(await apply(m.token)).toBe(200);
    expect(files.size).toBe(before + 2);
  });
});
