import type { AttemptResult } from '@pressroom/model';
import { findOutboundError } from '@pressroom/model';
import { createGuardedAgent } from '@pressroom/platform';
import { Agent, type Dispatcher, request, errors as undiciErrors } from 'undici';

export interface TransportOptions {
  allowPrivateNetworks: boolean;
  connectTimeoutMs: number;
  /**
   * Extra trusted CA (PEM), for tests only, and only with `allowPrivateNetworks` (where the guarded
   * agent applies no address policy anyway). Real deployments trust a private CA through
   * NODE_EXTRA_CA_CERTS, which every TLS connection of the process honours.
   */
  ca?: string;
}

/** The dispatcher for webhook POSTs: the same address guard as image fetches. */
export function createWebhookDispatcher(options: TransportOptions): Dispatcher {
  if (options.ca !== undefined) {
    if (!options.allowPrivateNetworks) throw new Error('a custom CA is a test-only option and needs allowPrivateNetworks');
    return new Agent({ connect: { timeout: options.connectTimeoutMs, ca: options.ca } });
  }
  return createGuardedAgent({ allowPrivateNetworks: options.allowPrivateNetworks, connectTimeoutMs: options.connectTimeoutMs });
}

export interface SentAttempt {
  result: AttemptResult;
  /** Free text for the attempt log: `http_500`, `timeout`, `connection:ECONNREFUSED`, `forbidden_address`. */
  reason: string;
  retryAfter: string | null;
  durationMs: number;
}

/** Bodies longer than this are truncated: only short bodies can match a deactivating string. */
const MAX_BODY_BYTES = 16 * 1024;

/**
 * One POST. Redirects are never followed (undici's `request` does not follow them), so a 3xx is
 * simply a failed attempt and its Location is never fetched. The timeout covers the whole
 * exchange, body included: a receiver must have acknowledged within it.
 */
export async function postWebhook(
  dispatcher: Dispatcher,
  input: { url: string; body: string; headers: Record<string, string>; timeoutMs: number; signal?: AbortSignal },
): Promise<SentAttempt> {
  const started = performance.now();
  const timeout = AbortSignal.timeout(input.timeoutMs);
  const signal = input.signal ? AbortSignal.any([timeout, input.signal]) : timeout;
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await request(input.url, { method: 'POST', dispatcher, headers: input.headers, body: input.body, signal });
    const body = await readCapped(response.body);
    const retryAfter = response.headers['retry-after'];
    return {
      result: { kind: 'status', status: response.statusCode, body },
      reason: `http_${response.statusCode}`,
      retryAfter: Array.isArray(retryAfter) ? (retryAfter[0] ?? null) : (retryAfter ?? null),
      durationMs: elapsed(),
    };
  } catch (error) {
    if (input.signal?.aborted) throw error; // shutdown, not a receiver failure
    const guarded = findOutboundError(error);
    if (guarded) return { result: { kind: 'connection' }, reason: guarded.reason, retryAfter: null, durationMs: elapsed() };
    if (timeout.aborted || error instanceof undiciErrors.ConnectTimeoutError || error instanceof undiciErrors.HeadersTimeoutError) {
      return { result: { kind: 'timeout' }, reason: 'timeout', retryAfter: null, durationMs: elapsed() };
    }
    const code = errorCode(error);
    return { result: { kind: 'connection' }, reason: code ? `connection:${code}` : 'connection', retryAfter: null, durationMs: elapsed() };
  }
}

async function readCapped(body: Dispatcher.ResponseData['body']): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    const buf = chunk as Buffer;
    if (total + buf.length > MAX_BODY_BYTES) {
      chunks.push(buf.subarray(0, MAX_BODY_BYTES - total));
      body.on('error', () => undefined);
      body.destroy();
      break;
    }
    chunks.push(buf);
    total += buf.length;
  }
  return Buffer.concat(chunks).toString('utf8');
}

function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && !code.startsWith('UND_ERR_ABORTED')) return code;
    current = current.cause;
  }
  return undefined;
}
