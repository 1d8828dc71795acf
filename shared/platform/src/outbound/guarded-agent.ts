import dns, { type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { OutboundFetchError } from '@pressroom/model';
import { Agent, buildConnector } from 'undici';
import { isForbiddenAddress } from './forbidden-address.js';

/** Resolves a hostname to all its addresses. Injectable so tests can point a name at loopback. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export interface GuardedAgentOptions {
  allowPrivateNetworks: boolean;
  /** TCP (and TLS) connect timeout. Default 10 s. */
  connectTimeoutMs?: number;
  /** Default: `dns.promises.lookup(hostname, { all: true })`. For tests. */
  resolve?: Resolver;
  /** Default: `isForbiddenAddress`. For tests that need a "public" address on loopback. */
  isForbidden?: (ip: string) => boolean;
  /** PEM of a CA to trust instead of the system's: tests with a throwaway CA and a real HTTPS server. */
  ca?: string;
}

/** Every address the system resolver gives for a name, in its order. */
export const systemResolve: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/**
 * An undici Agent that checks the address it is about to connect to, at connect time:
 * - literal IPs in the URL are checked before the socket is created (Node skips `lookup` for them);
 * - hostnames are resolved by our own `lookup`, and the connection is refused when ANY resolved
 *   address is forbidden, so DNS rebinding between check and use is impossible: the address
 *   checked is the address connected to.
 */
export function createGuardedAgent(options: GuardedAgentOptions): Agent {
  const timeout = options.connectTimeoutMs ?? 10_000;
  const ca = options.ca === undefined ? {} : { ca: options.ca };
  if (options.allowPrivateNetworks) return new Agent({ connect: { timeout, ...ca } });
  const isForbidden = options.isForbidden ?? isForbiddenAddress;
  const lookup = guardedLookup(options.resolve ?? systemResolve, isForbidden);
  const base = buildConnector({ timeout, lookup, ...ca });
  return new Agent({
    connect: (opts, callback) => {
      const host = opts.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host) !== 0 && isForbidden(host)) {
        callback(forbidden(opts.hostname), null);
        return;
      }
      base(opts, callback);
    },
  });
}

function guardedLookup(resolve: Resolver, isForbidden: (ip: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = addresses.filter((a) => family === 0 || a.family === family);
        if (usable.length === 0) {
          const error = Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' });
          callback(error, '', 0);
          return;
        }
        if (usable.some((a) => isForbidden(a.address))) {
          callback(forbidden(hostname), '', 0);
          return;
        }
        if (options.all) {
          // The LookupFunction type only declares the single-address form.
          (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
        } else {
          const first = usable[0]!;
          callback(null, first.address, first.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

function forbidden(host: string): OutboundFetchError {
  return new OutboundFetchError('forbidden_address', `refusing to connect to ${host}: private or reserved address`);
}
