import { readFileSync } from 'node:fs';
import net from 'node:net';

/**
 * A TCP port free right now, for a server a test is about to start.
 *
 * Not the OS's `listen(0)`: that hands out a port from the ephemeral range, the same range every
 * outgoing connection takes its local port from. Between this answer and the server's bind, a
 * farm's own pool connections (or any other test's) could take it, and the server then stops
 * with EADDRINUSE. So the ports come from just below the ephemeral range, which no outgoing
 * connection uses, in a slice of their own per vitest worker (`VITEST_POOL_ID`), so that two test
 * files running side by side never pick the same one; within this process, a port is handed out
 * once.
 */
export async function freePort(): Promise<number> {
  const { first, count } = portSlice(ephemeralStart(), Number(process.env.VITEST_POOL_ID ?? 0));
  if (count === 0) return osPort();
  const offset = Math.floor(Math.random() * count);
  for (let i = 0; i < count; i++) {
    const port = first + ((offset + i) % count);
    if (handedOut.has(port)) continue;
    if (await bindable(port)) {
      handedOut.add(port);
      return port;
    }
  }
  return osPort();
}

const handedOut = new Set<number>();
const SLICES = 8;
const BAND = 16_384;

/**
 * The ports below the ephemeral range that belong to one vitest worker: the band of `BAND` ports
 * under `ephemeral` (never below 1024) cut into `SLICES` slices. Pure; exported for its test.
 */
export function portSlice(ephemeral: number, poolId: number): { first: number; count: number } {
  const bottom = Math.max(1024, ephemeral - BAND);
  const size = Math.floor((ephemeral - bottom) / SLICES);
  if (size < 64) return { first: 0, count: 0 };
  const slice = (((Number.isInteger(poolId) ? poolId : 0) % SLICES) + SLICES) % SLICES;
  return { first: bottom + slice * size, count: size };
}

/** The first port of the OS's ephemeral range (Linux's; the common default elsewhere). */
function ephemeralStart(): number {
  try {
    const [first] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (first && Number.isInteger(first)) return first;
  } catch {
    // Not Linux: macOS and Windows start theirs at 49152.
  }
  return process.platform === 'linux' ? 32_768 : 49_152;
}

/** Whether a server could listen on `port` on every address right now (then it is let go). */
function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

function osPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
