import { type FSWatcher, watch } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { BlockList, isIPv4 } from 'node:net';
import { basename, dirname } from 'node:path';
import maxmind, { type CountryResponse, Reader } from 'maxmind';

/** Country of a visitor's IP address ('LOCAL' for loopback and private networks, '--' when unknown). */
export interface GeoPort {
  country(ip: string): string;
}

function localNetworks(): BlockList {
  const local = new BlockList();
  for (const [net, prefix] of [
    ['127.0.0.0', 8],
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
  ] as const)
    local.addSubnet(net, prefix, 'ipv4');
  local.addAddress('::1', 'ipv6');
  local.addSubnet('fc00::', 7, 'ipv6');
  local.addSubnet('fe80::', 10, 'ipv6');
  return local;
}

/** The address as written, without the IPv4-mapped prefix; and whether it is loopback or private ('LOCAL'). */
function classify(local: BlockList, raw: string) {
  const ip = raw.replace(/^::ffff:/, '');
  const type = isIPv4(ip) ? 'ipv4' : 'ipv6';
  return { ip, type, local: local.check(ip, type) } as const;
}

/** A CIDR → ISO country table: the development default (DEMO_GEO_TABLE) and tests. */
export function tableGeo(table: Record<string, string>): GeoPort {
  const local = localNetworks();
  const lists = Object.entries(table).map(([cidr, country]) => {
    const [net = '', prefix = '32'] = cidr.split('/');
    const list = new BlockList();
    list.addSubnet(net, Number(prefix), isIPv4(net) ? 'ipv4' : 'ipv6');
    return { list, country };
  });
  return {
    country(raw) {
      const { ip, type, local: isLocal } = classify(local, raw);
      if (isLocal) return 'LOCAL';
      return lists.find((l) => l.list.check(ip, type))?.country ?? '--';
    },
  };
}

/**
 * A MaxMind country database (GeoLite2-Country / GeoIP2-Country, or any MMDB whose records carry `country.iso_code`)
 * read with the `maxmind` package, swapped for the new file whenever it changes (geoipupdate replaces it by
 * renaming): a file that does not read as a database is refused and the one in use stays. Loopback and private
 * networks are 'LOCAL' as with the table; an address the database does not place is '--'.
 */
export async function maxmindGeo(
  path: string,
  hooks: { onReload?: () => void; onError?: (err: Error) => void } = {},
): Promise<GeoPort & { close(): void }> {
  const local = localNetworks();
  let reader = await maxmind.open<CountryResponse>(path);
  let reloading = Promise.resolve();
  const reload = () => {
    reloading = reloading.then(async () => {
      try {
        reader = new Reader<CountryResponse>(await readFile(path));
        hooks.onReload?.();
      } catch (err) {
        // Mid-write or removed (a rename comes next): keep the database in use.
        hooks.onError?.(err as Error);
      }
    });
  };
  // The folder, not the file: a replaced file is a new inode, which a watch on the old one never reports.
  const watcher: FSWatcher = watch(dirname(path), { persistent: false }, (_event, name) => {
    if (name === basename(path)) reload();
  });
  return {
    country(raw) {
      const { ip, local: isLocal } = classify(local, raw);
      if (isLocal) return 'LOCAL';
      try {
        const found = reader.get(ip);
        return found?.country?.iso_code ?? found?.registered_country?.iso_code ?? '--';
      } catch {
        return '--';
      }
    },
    close: () => watcher.close(),
  };
}

/** Documentation ranges (RFC 5737) mapped to countries, so demos and tests can be "abroad". */
export const DEMO_GEO_TABLE: Record<string, string> = {
  '203.0.113.0/24': 'US',
  '198.51.100.0/24': 'SG',
  '192.0.2.0/24': 'VN',
};
