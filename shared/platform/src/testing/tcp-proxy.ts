import { createConnection, createServer, type Socket } from 'node:net';

/**
 * A TCP relay on loopback that a test can cut and heal, to partition one process from Postgres
 * while others keep their direct connections. Cut, it holds every byte in both directions (and
 * the first bytes of new connections) without closing anything: the connections hang as across
 * a dropped network link, neither side sees a reset. Healed, it delivers what it held, in order.
 */
export interface TcpProxy {
  port: number;
  /** The connection string of `url` with its host and port replaced by the proxy's. */
  via(url: string): string;
  cut(): void;
  heal(): void;
  isCut(): boolean;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let cut = false;
  let held: { to: Socket; chunk: Buffer }[] = [];
  const sockets = new Set<Socket>();
  const relay = (from: Socket, to: Socket) => {
    from.on('data', (chunk: Buffer) => {
      if (cut) held.push({ to, chunk });
      else if (!to.destroyed) to.write(chunk);
    });
    from.on('close', () => to.destroy());
    from.on('error', () => to.destroy());
  };
  const server = createServer((client) => {
    const upstream = createConnection(target);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    relay(client, upstream);
    relay(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('tcp proxy has no port');
  return {
    port: address.port,
    via(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(address.port);
      return u.toString();
    },
    cut() {
      cut = true;
    },
    heal() {
      cut = false;
      const pending = held;
      held = [];
      for (const { to, chunk } of pending) if (!to.destroyed) to.write(chunk);
    },
    isCut: () => cut,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
