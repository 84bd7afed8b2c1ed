import { BlockList, isIPv4 } from 'node:net';

/** Country of a visitor's IP address ('LOCAL' for loopback and private networks, '--' when unknown). */
export interface GeoPort {
  country(ip: string): string;
}

/** A CIDR → ISO country table; a real deployment passes a table built from its GeoIP database. */
export function tableGeo(table: Record<string, string>): GeoPort {
  const local = new BlockList();
  for (const [net, prefix] of [
    ['127.0.0.0', 8],
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
  ] as const)
    local.addSubnet(net, prefix, 'ipv4');
  local.addAddress('::1', 'ipv6');
  const lists = Object.entries(table).map(([cidr, country]) => {
    const [net = '', prefix = '32'] = cidr.split('/');
    const list = new BlockList();
    list.addSubnet(net, Number(prefix), isIPv4(net) ? 'ipv4' : 'ipv6');
    return { list, country };
  });
  return {
    country(raw) {
      const ip = raw.replace(/^::ffff:/, '');
      const type = isIPv4(ip) ? 'ipv4' : 'ipv6';
      if (local.check(ip, type)) return 'LOCAL';
      return lists.find((l) => l.list.check(ip, type))?.country ?? '--';
    },
  };
}

/** Documentation ranges (RFC 5737) mapped to countries, so demos and tests can be "abroad". */
export const DEMO_GEO_TABLE: Record<string, string> = {
  '203.0.113.0/24': 'US',
  '198.51.100.0/24': 'SG',
  '192.0.2.0/24': 'VN',
};
