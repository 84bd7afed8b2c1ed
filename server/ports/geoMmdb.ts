import { isIPv4 } from 'node:net';

/**
 * Writes a country database in the MaxMind DB format (https://maxmind.github.io/MaxMind-DB/): an IPv6 search tree
 * of 24-bit records (IPv4 networks under ::/96, where readers look for them), a data section of
 * `{ country: { iso_code } }` maps, and the metadata map after its marker. Tests and demos make real .mmdb files
 * with it, small and free of MaxMind's licence.
 */
export function writeCountryMmdb(networks: Record<string, string>, buildEpoch = 0): Buffer {
  type Rec = number | { data: number } | undefined;
  const nodes: [Rec, Rec][] = [[undefined, undefined]];
  const data: Buffer[] = [];
  const offsets = new Map<string, number>();
  let dataSize = 0;
  const dataOf = (country: string) => {
    let offset = offsets.get(country);
    if (offset === undefined) {
      const record = encode({ country: { iso_code: country } });
      offset = dataSize;
      offsets.set(country, offset);
      data.push(record);
      dataSize += record.length;
    }
    return { data: offset };
  };

  // Wider networks first, so a narrower one inside splits the wider one's record.
  const entries = Object.entries(networks)
    .map(([cidr, country]) => ({ bits: networkBits(cidr), country }))
    .sort((a, b) => a.bits.length - b.bits.length);
  for (const { bits, country } of entries) {
    let node = 0;
    bits.forEach((bit, i) => {
      const pair = nodes[node]!;
      if (i === bits.length - 1) {
        pair[bit] = dataOf(country);
        return;
      }
      const next = pair[bit];
      if (typeof next === 'number') {
        node = next;
        return;
      }
      // Empty, or a wider network's data: a new node, both halves keeping what was there.
      nodes.push([next, next]);
      pair[bit] = nodes.length - 1;
      node = nodes.length - 1;
    });
  }

  const count = nodes.length;
  const value = (r: Rec) => (r === undefined ? count : typeof r === 'number' ? r : count + 16 + r.data);
  const tree = Buffer.alloc(count * 6);
  nodes.forEach(([left, right], i) => {
    tree.writeUIntBE(value(left), i * 6, 3);
    tree.writeUIntBE(value(right), i * 6 + 3, 3);
  });
  const metadata = encode({
    node_count: { uint32: count },
    record_size: { uint16: 24 },
    ip_version: { uint16: 6 },
    database_type: 'Portico-Test-Country',
    languages: ['en'],
    binary_format_major_version: { uint16: 2 },
    binary_format_minor_version: { uint16: 0 },
    build_epoch: { uint64: buildEpoch },
    description: { en: 'Portico test country database' },
  });
  const marker = Buffer.concat([Buffer.from([0xab, 0xcd, 0xef]), Buffer.from('MaxMind.com')]);
  return Buffer.concat([tree, Buffer.alloc(16), ...data, marker, metadata]);
}

/** The network's leading bits as an IPv6 address (IPv4 under ::/96). */
function networkBits(cidr: string): (0 | 1)[] {
  const [address = '', prefixText] = cidr.split('/');
  const v4 = isIPv4(address);
  const prefix = Number(prefixText ?? (v4 ? 32 : 128));
  const bytes = v4 ? [...Array(12).fill(0), ...address.split('.').map(Number)] : ipv6Bytes(address);
  const bits = bytes.flatMap((b) => Array.from({ length: 8 }, (_, i) => ((b >> (7 - i)) & 1) as 0 | 1));
  return bits.slice(0, (v4 ? 96 : 0) + prefix);
}

function ipv6Bytes(address: string): number[] {
  const [head = '', tail] = address.split('::');
  const groups = (s: string) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
  return all.flatMap((g) => [g >> 8, g & 255]);
}

type Value =
  | string
  | string[]
  | { uint16: number }
  | { uint32: number }
  | { uint64: number }
  | { [k: string]: Value };

/** A control byte (and extended type byte) with the size in the format's 5-bit, +1, +2 or +3-byte forms. */
function control(type: number, size: number): Buffer {
  const head = [type <= 7 ? type << 5 : 0];
  const extended = type > 7 ? [type - 7] : [];
  let sizeBytes: number[] = [];
  if (size < 29) head[0]! |= size;
  else if (size < 285) {
    head[0]! |= 29;
    sizeBytes = [size - 29];
  } else {
    head[0]! |= 30;
    sizeBytes = [(size - 285) >> 8, (size - 285) & 255];
  }
  return Buffer.from([...head, ...extended, ...sizeBytes]);
}

function unsigned(type: number, n: number): Buffer {
  const bytes: number[] = [];
  for (let v = BigInt(n); v > 0n; v >>= 8n) bytes.unshift(Number(v & 255n));
  return Buffer.concat([control(type, bytes.length), Buffer.from(bytes)]);
}

function encode(v: Value): Buffer {
  if (typeof v === 'string') {
    const bytes = Buffer.from(v, 'utf8');
    return Buffer.concat([control(2, bytes.length), bytes]);
  }
  if (Array.isArray(v)) return Buffer.concat([control(11, v.length), ...v.map(encode)]);
  if ('uint16' in v && typeof v.uint16 === 'number') return unsigned(5, v.uint16);
  if ('uint32' in v && typeof v.uint32 === 'number') return unsigned(6, v.uint32);
  if ('uint64' in v && typeof v.uint64 === 'number') return unsigned(9, v.uint64);
  const pairs = Object.entries(v);
  return Buffer.concat([
    control(7, pairs.length),
    ...pairs.flatMap(([k, x]) => [encode(k), encode(x as Value)]),
  ]);
}
