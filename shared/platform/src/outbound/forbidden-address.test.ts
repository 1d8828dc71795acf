import { describe, expect, it } from 'vitest';
import { isForbiddenAddress } from './forbidden-address.js';

const forbidden = [
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'this network'],
  ['10.0.0.1', 'private 10/8'],
  ['100.64.0.1', 'CGNAT low'],
  ['100.127.255.254', 'CGNAT high'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.255', 'loopback high'],
  ['169.254.169.254', 'cloud metadata'],
  ['172.16.0.1', 'private 172.16/12 low'],
  ['172.31.255.255', 'private 172.16/12 high'],
  ['192.0.0.8', 'IETF assignments'],
  ['192.0.2.1', 'TEST-NET-1'],
  ['192.168.1.1', 'private 192.168/16'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.255', 'benchmarking high'],
  ['198.51.100.7', 'TEST-NET-2'],
  ['203.0.113.9', 'TEST-NET-3'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast SSDP'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  ['::', 'v6 unspecified'],
  ['::1', 'v6 loopback'],
  ['[::1]', 'bracketed v6 loopback'],
  ['0:0:0:0:0:0:0:1', 'v6 loopback long form'],
  ['::ffff:127.0.0.1', 'v4-mapped loopback, dotted'],
  ['::ffff:7f00:1', 'v4-mapped loopback, hex (WHATWG form)'],
  ['0:0:0:0:0:ffff:a9fe:a9fe', 'v4-mapped metadata, long form'],
  ['::ffff:10.1.2.3', 'v4-mapped private'],
  ['::127.0.0.1', 'deprecated v4-compatible'],
  ['::ffff:0:7f00:1', 'SIIT v4-translated'],
  ['64:ff9b::7f00:1', 'NAT64 to loopback'],
  ['64:ff9b::169.254.169.254', 'NAT64 to metadata'],
  ['64:ff9b:1::8.8.8.8', 'NAT64 local-use prefix'],
  ['2002:7f00:1::1', '6to4 around loopback'],
  ['2001::1', 'Teredo'],
  ['2001:db8::1', 'documentation'],
  ['3fff::1', 'documentation (RFC 9637)'],
  ['2001:2::1', 'benchmarking'],
  ['fc00::1', 'unique local'],
  ['fd12:3456::1', 'unique local fd'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local with zone'],
  ['fec0::1', 'site-local (deprecated)'],
  ['ff02::1', 'multicast'],
  ['100::1', 'discard-only'],
  ['localhost', 'not an IP: fail closed'],
  ['', 'empty: fail closed'],
  ['127.1', 'shorthand is not an IP to net.isIP: fail closed'],
] as const;

const allowed = [
  ['8.8.8.8', 'public v4'],
  ['1.1.1.1', 'public v4'],
  ['100.63.255.255', 'just below CGNAT'],
  ['100.128.0.0', 'just above CGNAT'],
  ['172.15.255.255', 'just below 172.16/12'],
  ['172.32.0.0', 'just above 172.16/12'],
  ['169.253.255.255', 'just below link-local'],
  ['198.17.255.255', 'just below benchmarking'],
  ['223.255.255.255', 'just below multicast'],
  ['2606:4700:4700::1111', 'public v6'],
  ['2a00:1450:4001:80b::200e', 'public v6'],
  ['::ffff:8.8.8.8', 'v4-mapped public'],
  ['64:ff9b::808:808', 'NAT64 to public'],
  ['2002:808:808::1', '6to4 around public'],
] as const;

describe('isForbiddenAddress', () => {
  it.each(forbidden)('refuses %s (%s)', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(true);
  });
  it.each(allowed)('allows %s (%s)', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(false);
  });
});
