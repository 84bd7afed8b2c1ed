import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { maxmindGeo } from './geo.ts';
import { writeCountryMmdb } from './geoMmdb.ts';

/**
 * The MaxMind driver against real .mmdb files (written here in the MaxMind DB format and read by the `maxmind`
 * package), replaced the way geoipupdate does it: a new file renamed over the old one.
 */

const dir = mkdtempSync(join(tmpdir(), 'portico-geo-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes beside the database, then renames over it (one change the watcher sees, never a half-written file). */
function replace(path: string, content: Buffer) {
  const next = `${path}.tmp`;
  writeFileSync(next, content);
  renameSync(next, path);
}

describe('maxmindGeo', () => {
  it('looks up countries, keeps private networks LOCAL, and reloads a replaced file', async () => {
    const path = join(dir, 'country.mmdb');
    writeFileSync(
      path,
      writeCountryMmdb({
        '203.0.113.0/24': 'US',
        '81.0.0.0/8': 'VN',
        '81.2.0.0/16': 'GB',
        '2001:db8::/32': 'JP',
      }),
    );
    const events: string[] = [];
    let loaded: () => void = () => undefined;
    let refused: () => void = () => undefined;
    const geo = await maxmindGeo(path, {
      onReload: () => {
        events.push('reload');
        loaded();
      },
      onError: (err) => {
        events.push(`error: ${err.message}`);
        refused();
      },
    });
    try {
      expect(geo.country('203.0.113.5')).toBe('US');
      expect(geo.country('::ffff:203.0.113.5')).toBe('US');
      expect(geo.country('81.3.0.1')).toBe('VN');
      expect(geo.country('81.2.200.7')).toBe('GB');
      expect(geo.country('2001:db8:1::5')).toBe('JP');
      expect(geo.country('8.8.8.8')).toBe('--');
      expect(geo.country('2001:db9::1')).toBe('--');
      for (const local of ['127.0.0.1', '10.1.2.3', '192.168.4.5', '::1', 'fd00::7'])
        expect([local, geo.country(local)]).toEqual([local, 'LOCAL']);
      expect(geo.country('not an address')).toBe('--');

      const reloaded = new Promise<void>((resolve) => {
        loaded = resolve;
      });
      replace(path, writeCountryMmdb({ '203.0.113.0/24': 'CA', '198.51.100.0/24': 'SG' }));
      await reloaded;
      expect(geo.country('203.0.113.5')).toBe('CA');
      expect(geo.country('198.51.100.9')).toBe('SG');
      expect(geo.country('81.2.200.7')).toBe('--');

      // A file that is no database is refused; the one in use stays.
      const failed = new Promise<void>((resolve) => {
        refused = resolve;
      });
      replace(path, Buffer.from('not a database'));
      await failed;
      expect(geo.country('203.0.113.5')).toBe('CA');
      expect(events[0]).toBe('reload');
      expect(events.at(-1)).toMatch(/^error: /);
    } finally {
      geo.close();
    }
  });

  it('refuses to open a file that is not a MaxMind database', async () => {
    const path = join(dir, 'broken.mmdb');
    writeFileSync(path, Buffer.from('plain text'));
    await expect(maxmindGeo(path)).rejects.toThrow();
  });
});
