import { readFileSync } from 'node:fs';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort, portSlice } from './ports.js';

describe('portSlice', () => {
  it('cuts the band under the ephemeral range into eight slices that never overlap', () => {
    const slices = Array.from({ length: 8 }, (_, id) => portSlice(32_768, id + 1));
    const ports = new Set<number>();
    for (const { first, count } of slices) {
      expect(count).toBe(2048);
      for (let p = first; p < first + count; p++) ports.add(p);
    }
    expect(ports.size).toBe(8 * 2048);
    expect(Math.min(...ports)).toBe(32_768 - 16_384);
    expect(Math.max(...ports)).toBe(32_767);
  });

  it('never goes below 1024, and gives no slice when the band is too narrow', () => {
    expect(portSlice(9216, 0)).toEqual({ first: 1024, count: 1024 });
    expect(portSlice(1500, 3)).toEqual({ first: 0, count: 0 });
  });

  it('takes pool ids past eight, and no id, to a slice all the same', () => {
    expect(portSlice(32_768, 9)).toEqual(portSlice(32_768, 1));
    expect(portSlice(32_768, Number.NaN)).toEqual(portSlice(32_768, 0));
  });
});

describe('freePort', () => {
  it('answers a port outside the ephemeral range, a different one each time, that a server can take', async () => {
    const ports = [await freePort(), await freePort(), await freePort()];
    expect(new Set(ports).size).toBe(3);
    if (process.platform === 'linux') {
      const [first] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
      for (const port of ports) expect(port).toBeLessThan(first!);
    }
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(ports[0], '127.0.0.1', resolve);
    });
    await new Promise((r) => server.close(r));
  });
});
