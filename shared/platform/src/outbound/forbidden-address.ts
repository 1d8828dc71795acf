import { isIP } from 'node:net';

/**
 * Address policy for every outbound connection (image URLs, webhooks). A URL supplied by a
 * customer must never reach the farm's own network: loopback, private ranges, cloud metadata
 * (169.254.169.254), CGNAT, multicast, documentation and reserved space are all refused.
 *
 * The check works on bytes, not on text, so every spelling of an address (`::ffff:7f00:1`,
 * `::ffff:127.0.0.1`, `0:0:0:0:0:ffff:7f00:1`) lands on the same rule. Anything that does not
 * parse as an IP is refused: the policy fails closed.
 */
export function isForbiddenAddress(ip: string): boolean {
  const text = stripBracketsAndZone(ip.trim());
  const family = isIP(text);
  if (family === 4) return isForbiddenV4(parseV4(text));
  if (family === 6) {
    const bytes = parseV6(text);
    return bytes === null || isForbiddenV6(bytes);
  }
  return true;
}

/** [start, prefixLength] pairs, IPv4. */
const FORBIDDEN_V4: ReadonlyArray<readonly [number[], number]> = [
  [[0, 0, 0, 0], 8], // "this network", includes 0.0.0.0
  [[10, 0, 0, 0], 8], // private
  [[100, 64, 0, 0], 10], // CGNAT shared address space
  [[127, 0, 0, 0], 8], // loopback
  [[169, 254, 0, 0], 16], // link-local, cloud metadata
  [[172, 16, 0, 0], 12], // private
  [[192, 0, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2, 0], 24], // TEST-NET-1
  [[192, 88, 99, 0], 24], // 6to4 relay anycast (deprecated)
  [[192, 168, 0, 0], 16], // private
  [[198, 18, 0, 0], 15], // benchmarking
  [[198, 51, 100, 0], 24], // TEST-NET-2
  [[203, 0, 113, 0], 24], // TEST-NET-3
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved, includes broadcast 255.255.255.255
];

/**
 * Forbidden ranges inside global unicast 2000::/3 (everything outside 2000::/3 is refused
 * wholesale: ::1, ::, fc00::/7, fe80::/10, fec0::/10, ff00::/8 and the rest of ::/8).
 */
const FORBIDDEN_V6_GLOBAL: ReadonlyArray<readonly [number[], number]> = [
  [[0x20, 0x01, 0x00, 0x00], 32], // Teredo: tunnels to arbitrary IPv4
  [[0x20, 0x01, 0x00, 0x02, 0x00, 0x00], 48], // benchmarking
  [[0x20, 0x01, 0x00, 0x10], 28], // ORCHID
  [[0x20, 0x01, 0x00, 0x20], 28], // ORCHIDv2
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  [[0x3f, 0xff], 20], // documentation (RFC 9637)
];

function isForbiddenV4(bytes: number[]): boolean {
  return FORBIDDEN_V4.some(([start, len]) => inPrefix(bytes, start, len));
}

function isForbiddenV6(b: number[]): boolean {
  // IPv4-mapped ::ffff:a.b.c.d: a dual-stack socket connects to the embedded IPv4 address.
  if (inPrefix(b, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], 96)) return isForbiddenV4(b.slice(12));
  // NAT64 well-known prefix: on IPv6-only networks with DNS64 every public host resolves here,
  // so it is judged by the IPv4 address it translates to. The local-use prefix is refused.
  if (inPrefix(b, [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0], 96)) return isForbiddenV4(b.slice(12));
  if (inPrefix(b, [0, 0x64, 0xff, 0x9b, 0, 1], 48)) return true;
  // 6to4 2002:AABB:CCDD::/48 reaches the embedded IPv4 address through a relay.
  if (inPrefix(b, [0x20, 0x02], 16)) return isForbiddenV4(b.slice(2, 6));
  if (!inPrefix(b, [0x20], 3)) return true;
  return FORBIDDEN_V6_GLOBAL.some(([start, len]) => inPrefix(b, start, len));
}

function inPrefix(bytes: number[], start: readonly number[], prefixLength: number): boolean {
  for (let bit = 0; bit < prefixLength; bit += 8) {
    const i = bit / 8;
    const bitsHere = Math.min(8, prefixLength - bit);
    const mask = (0xff << (8 - bitsHere)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((start[i] ?? 0) & mask)) return false;
  }
  return true;
}

function stripBracketsAndZone(text: string): string {
  const unbracketed = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const zone = unbracketed.indexOf('%');
  return zone === -1 ? unbracketed : unbracketed.slice(0, zone);
}

/** Only called on text that `net.isIP` accepted as dotted-quad IPv4. */
function parseV4(text: string): number[] {
  return text.split('.').map((part) => Number.parseInt(part, 10));
}

/** Only called on text that `net.isIP` accepted as IPv6; returns 16 bytes. */
function parseV6(text: string): number[] | null {
  const lower = text.toLowerCase();
  const lastColon = lower.lastIndexOf(':');
  const last = lower.slice(lastColon + 1);
  // A dotted IPv4 tail (`::ffff:127.0.0.1`) is the same 32 bits as two hex groups.
  const normalised = last.includes('.') ? `${lower.slice(0, lastColon + 1)}${toHexPair(parseV4(last))}` : lower;
  const doubleColon = normalised.indexOf('::');
  let groups: string[];
  if (doubleColon === -1) {
    groups = normalised.split(':');
  } else {
    const left = normalised.slice(0, doubleColon).split(':').filter(Boolean);
    const right = normalised
      .slice(doubleColon + 2)
      .split(':')
      .filter(Boolean);
    const missing = 8 - left.length - right.length;
    if (missing < 0) return null;
    groups = [...left, ...Array<string>(missing).fill('0'), ...right];
  }
  const words = groups.map((g) => Number.parseInt(g, 16));
  if (words.length !== 8 || words.some((w) => Number.isNaN(w) || w < 0 || w > 0xffff)) return null;
  return words.flatMap((w) => [(w >> 8) & 0xff, w & 0xff]);
}

function toHexPair(v4: number[]): string {
  const hi = (((v4[0] ?? 0) << 8) | (v4[1] ?? 0)).toString(16);
  const lo = (((v4[2] ?? 0) << 8) | (v4[3] ?? 0)).toString(16);
  return `${hi}:${lo}`;
}
