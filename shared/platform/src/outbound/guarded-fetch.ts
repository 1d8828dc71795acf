import { isIP } from 'node:net';
import { findOutboundError, OutboundFetchError } from '@pressroom/model';
import { type Dispatcher, request, errors as undiciErrors } from 'undici';
import { isForbiddenAddress } from './forbidden-address.js';
import { createGuardedAgent } from './guarded-agent.js';

export interface GuardedFetchOptions {
  /** Abort once the body grows past this many bytes. */
  maxBytes: number;
  /** Deadline for the whole fetch, redirects and body included. */
  timeoutMs: number;
  allowPrivateNetworks: boolean;
  /** Default 5. */
  maxRedirects?: number;
  /** `Accept` header. */
  accept?: string;
  /** Caller's cancellation (e.g. a job's abort signal); combined with the timeout. */
  signal?: AbortSignal;
  /** Default: a shared guarded agent for `allowPrivateNetworks`. Tests inject one with a fake resolver. */
  dispatcher?: Dispatcher;
}

export interface FetchedBytes {
  bytes: Buffer;
  /** The response's `content-type`, or null when absent. */
  contentType: string | null;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const sharedAgents = new Map<boolean, Dispatcher>();

function sharedAgent(allowPrivateNetworks: boolean): Dispatcher {
  let agent = sharedAgents.get(allowPrivateNetworks);
  if (!agent) {
    agent = createGuardedAgent({ allowPrivateNetworks });
    sharedAgents.set(allowPrivateNetworks, agent);
  }
  return agent;
}

/**
 * GET a URL supplied by a customer, safely: http(s) only, every redirect hop re-checked by
 * hand, the address checked at connect time by the guarded agent, the body capped while it
 * streams, and one deadline over everything. Fails with `OutboundFetchError`.
 */
export async function guardedFetchBytes(url: string, options: GuardedFetchOptions): Promise<FetchedBytes> {
  return guardedGet(url, options, {}, async (response) => {
    const declared = Number(header(response.headers, 'content-length') ?? Number.NaN);
    if (declared > options.maxBytes) {
      discard(response.body);
      throw tooLarge(url, options.maxBytes);
    }
    const bytes = await readCapped(response.body, options.maxBytes, url, Number.isSafeInteger(declared) ? declared : null);
    return { bytes, contentType: header(response.headers, 'content-type') };
  });
}

/**
 * Checks that a customer's URL answers, as `guardedFetchBytes` would fetch it, without reading
 * it: a GET of its first byte (`Range: bytes=0-0`; a server that ignores the range answers 200
 * and its body is dropped unread). A GET, not a HEAD: presigned URLs are signed for GET, and
 * servers that refuse HEAD serve GET. Fails with `OutboundFetchError` as the fetch would.
 */
export async function guardedProbe(url: string, options: Omit<GuardedFetchOptions, 'maxBytes'>): Promise<void> {
  await guardedGet(url, options, { range: 'bytes=0-0' }, async (response) => discard(response.body));
}

/** The redirect loop of a guarded GET; `read` takes the final 2xx response. */
async function guardedGet<T>(
  url: string,
  options: Omit<GuardedFetchOptions, 'maxBytes'>,
  headers: Record<string, string>,
  read: (response: Dispatcher.ResponseData) => Promise<T>,
): Promise<T> {
  const maxRedirects = options.maxRedirects ?? 5;
  const dispatcher = options.dispatcher ?? sharedAgent(options.allowPrivateNetworks);
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  let current = parseTarget(url, url, options.allowPrivateNetworks);
  try {
    for (let hop = 0; ; hop++) {
      const response = await request(current, {
        method: 'GET',
        dispatcher,
        signal,
        headers: { accept: options.accept ?? '*/*', 'user-agent': 'Pressroom/1 (+image fetch)', ...headers },
      });
      if (REDIRECT_STATUSES.has(response.statusCode)) {
        discard(response.body);
        const location = header(response.headers, 'location');
        if (location === null) throw new OutboundFetchError('bad_status', `redirect without location from ${url}`);
        if (hop >= maxRedirects) throw new OutboundFetchError('too_many_redirects', `more than ${maxRedirects} redirects from ${url}`);
        current = parseTarget(new URL(location, current).href, url, options.allowPrivateNetworks);
        continue;
      }
      if (response.statusCode < 200 || response.statusCode > 299) {
        discard(response.body);
        throw new OutboundFetchError('bad_status', `${url} answered ${response.statusCode}`, { status: response.statusCode });
      }
      return await read(response);
    }
  } catch (error) {
    throw classify(error, url, timeout);
  }
}

/** Scheme and literal-IP check for one hop; the WHATWG parser has already normalised `0x7f000001` and friends. */
function parseTarget(href: string, original: string, allowPrivateNetworks: boolean): URL {
  let target: URL;
  try {
    target = new URL(href);
  } catch (cause) {
    throw new OutboundFetchError('bad_scheme', `not a valid URL: ${original}`, { cause });
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    throw new OutboundFetchError('bad_scheme', `only http and https URLs can be fetched: ${original}`);
  }
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivateNetworks && isIP(host) !== 0 && isForbiddenAddress(host)) {
    throw new OutboundFetchError('forbidden_address', `refusing to fetch ${original}: private or reserved address`);
  }
  return target;
}

/**
 * With a declared length the body is copied into one buffer of that size as it streams, so a
 * large image (print designs allow 500 MB) is never held twice; without one, chunks are joined.
 */
async function readCapped(body: Dispatcher.ResponseData['body'], maxBytes: number, url: string, declared: number | null): Promise<Buffer> {
  const target = declared !== null && declared > 0 ? Buffer.allocUnsafe(declared) : null;
  const chunks: Buffer[] = [];
  let total = 0;
  let filled = 0;
  for await (const chunk of body) {
    if (total + chunk.length > maxBytes) {
      discard(body);
      throw tooLarge(url, maxBytes);
    }
    if (target && chunks.length === 0 && filled + chunk.length <= target.length) {
      chunk.copy(target, filled);
      filled += chunk.length;
    } else {
      chunks.push(chunk);
    }
    total += chunk.length;
  }
  if (!target) return Buffer.concat(chunks, total);
  if (chunks.length === 0) return filled === target.length ? target : target.subarray(0, filled);
  // The server sent more than it declared: join what there is.
  return Buffer.concat([target.subarray(0, filled), ...chunks], total);
}

/**
 * Drops a body we will not read. undici turns a bare destroy() into an 'error' event, which would
 * be an uncaught exception without a listener.
 */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => undefined);
  body.destroy();
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  const value = headers[name];
  if (Array.isArray(value)) return value[0] ?? null;
  return value ?? null;
}

function tooLarge(url: string, maxBytes: number): OutboundFetchError {
  return new OutboundFetchError('too_large', `${url} is larger than ${maxBytes} bytes`);
}

function classify(error: unknown, url: string, timeout: AbortSignal): OutboundFetchError {
  const known = findOutboundError(error);
  if (known) return known;
  if (timeout.aborted || error instanceof undiciErrors.ConnectTimeoutError || error instanceof undiciErrors.HeadersTimeoutError) {
    return new OutboundFetchError('timeout', `fetching ${url} timed out`, { cause: error });
  }
  return new OutboundFetchError('network', `fetching ${url} failed`, { cause: error });
}
