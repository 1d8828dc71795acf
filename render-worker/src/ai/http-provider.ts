import { setTimeout as sleep } from 'node:timers/promises';
import { findOutboundError } from '@pressroom/model';
import { createGuardedAgent, guardedFetchBytes } from '@pressroom/platform';
import { type Dispatcher, FormData, request } from 'undici';
import { type RetryPolicy, type RetryReason, retryDelayMs, retryReasonOf } from './http-plan.js';

/** The provider's failure, classified; `kind` is stable, the message is safe to show a customer. */
export class ProviderError extends Error {
  constructor(
    readonly kind: 'rejected' | RetryReason | 'bad_response',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ProviderError';
  }
}

export interface HttpProviderOptions {
  /** `https://api.openai.com/v1` or a self-hosted server's equivalent; paths are appended. */
  baseUrl: string;
  apiKey: string | null;
  /** The provider's host is operator configuration: it may be private only when this says so. */
  allowPrivateProvider: boolean;
  /** For image URLs in an answer that are not on the provider's host: the farm's policy for customer URLs. */
  allowPrivateNetworks: boolean;
  /** Deadline of one attempt, answer body included. */
  timeoutMs: number;
  retry: RetryPolicy;
  /** Calls in flight at once from this worker; the others wait their turn. */
  concurrency: number;
  maxResponseBytes: number;
}

export interface GenerateRequest {
  prompt: string;
  model: string;
  size: string;
  quality: string | null;
}

export interface EditRequest extends GenerateRequest {
  /** PNG images (reference images of an inpaint, or the canvas of an outpaint). */
  images: Buffer[];
  /** PNG whose transparent pixels mark where the provider paints. */
  mask: Buffer | null;
}

export interface ProviderCallHooks {
  signal?: AbortSignal;
  /** Called before each retry, with why. */
  onRetry?: (reason: RetryReason) => void;
}

/** An OpenAI-compatible images API: `POST /images/generations` and `POST /images/edits`. */
export interface ImageProvider {
  generate(input: GenerateRequest, hooks?: ProviderCallHooks): Promise<Buffer>;
  edit(input: EditRequest, hooks?: ProviderCallHooks): Promise<Buffer>;
  /** What identifies the provider's results in the cache key. */
  readonly identity: { baseUrl: string };
}

/**
 * The HTTP provider (docs/ai.md). Calls go through the guarded agent: the provider's own host may
 * be private or loopback only when the operator allows it (`AI_HTTP_ALLOW_PRIVATE_NETWORKS`), which
 * opens nothing for customer URLs. Each attempt has a deadline; 429 and 5xx are tried again with
 * backoff (Retry-After honoured); at most `concurrency` calls are in flight per worker.
 */
export function createHttpImageProvider(options: HttpProviderOptions, dispatcher?: Dispatcher): ImageProvider {
  const agent = dispatcher ?? createGuardedAgent({ allowPrivateNetworks: options.allowPrivateProvider });
  const base = options.baseUrl.replace(/\/+$/, '');
  const providerHost = new URL(base).host;
  const slots = semaphore(options.concurrency);

  const once = async (path: string, body: string | FormData, signal: AbortSignal | undefined) => {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const combined = signal ? AbortSignal.any([timeout, signal]) : timeout;
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'Pressroom/1 (+ai)' };
    if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
    if (typeof body === 'string') headers['content-type'] = 'application/json';
    try {
      const response = await request(`${base}${path}`, { method: 'POST', dispatcher: agent, signal: combined, headers, body });
      const text = await readText(response.body, options.maxResponseBytes);
      const retryAfter = response.headers['retry-after'];
      return { status: response.statusCode, text, retryAfter: typeof retryAfter === 'string' ? retryAfter : null };
    } catch (error) {
      if (signal?.aborted) throw error;
      if (error instanceof ProviderError) throw error;
      if (findOutboundError(error)?.reason === 'forbidden_address') {
        throw new ProviderError('rejected', `the provider's address ${providerHost} is private (set AI_HTTP_ALLOW_PRIVATE_NETWORKS)`, {
          cause: error,
        });
      }
      if (timeout.aborted)
        throw new ProviderError('timeout', `the provider did not answer within ${options.timeoutMs} ms`, { cause: error });
      throw new ProviderError('network', `the provider could not be reached (${(error as Error).message})`, { cause: error });
    }
  };

  const call = async (path: string, body: () => string | FormData, hooks: ProviderCallHooks): Promise<Buffer> => {
    for (let attempt = 1; ; attempt++) {
      let failure: ProviderError;
      let retryAfter: string | null = null;
      const release = await slots.acquire(hooks.signal);
      try {
        const answer = await once(path, body(), hooks.signal);
        if (answer.status >= 200 && answer.status < 300) return await imageOf(answer.text, hooks.signal);
        const reason = retryReasonOf(answer.status);
        const detail = providerMessage(answer.text);
        failure = new ProviderError(reason ?? 'rejected', `the provider answered ${answer.status}${detail ? `: ${detail}` : ''}`);
        retryAfter = answer.retryAfter;
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        failure = error;
      } finally {
        release();
      }
      if (failure.kind === 'rejected' || failure.kind === 'bad_response') throw failure;
      const wait = retryDelayMs(attempt, retryAfter, options.retry, Date.now(), Math.random());
      if (wait === null) throw failure;
      hooks.onRetry?.(failure.kind);
      await sleep(wait, undefined, hooks.signal ? { signal: hooks.signal } : undefined);
    }
  };

  /** `data[0].b64_json`, or `data[0].url` fetched (guarded: the provider's host as configured, any other as a customer URL). */
  const imageOf = async (text: string, signal: AbortSignal | undefined): Promise<Buffer> => {
    let first: { b64_json?: unknown; url?: unknown } | undefined;
    try {
      first = (JSON.parse(text) as { data?: { b64_json?: unknown; url?: unknown }[] }).data?.[0];
    } catch (cause) {
      throw new ProviderError('bad_response', 'the provider answered with something that is not JSON', { cause });
    }
    if (typeof first?.b64_json === 'string' && first.b64_json !== '') return Buffer.from(first.b64_json, 'base64');
    if (typeof first?.url === 'string') {
      const sameHost = URL.canParse(first.url) && new URL(first.url).host === providerHost;
      try {
        const got = await guardedFetchBytes(first.url, {
          maxBytes: options.maxResponseBytes,
          timeoutMs: options.timeoutMs,
          allowPrivateNetworks: sameHost ? options.allowPrivateProvider : options.allowPrivateNetworks,
          accept: 'image/*',
          ...(signal ? { signal } : {}),
        });
        return got.bytes;
      } catch (cause) {
        if (signal?.aborted) throw cause;
        throw new ProviderError(
          'bad_response',
          `the image the provider linked could not be fetched (${findOutboundError(cause)?.reason ?? 'network'})`,
          {
            cause,
          },
        );
      }
    }
    throw new ProviderError('bad_response', 'the provider answered without data[0].b64_json or data[0].url');
  };

  return {
    identity: { baseUrl: base },
    generate: (input, hooks = {}) =>
      call(
        '/images/generations',
        () =>
          JSON.stringify({
            model: input.model,
            prompt: input.prompt,
            n: 1,
            size: input.size,
            ...(input.quality ? { quality: input.quality } : {}),
          }),
        hooks,
      ),
    edit: (input, hooks = {}) =>
      call(
        '/images/edits',
        () => {
          const form = new FormData();
          form.set('model', input.model);
          form.set('prompt', input.prompt);
          form.set('n', '1');
          form.set('size', input.size);
          if (input.quality) form.set('quality', input.quality);
          // One image is `image`; several are `image[]`, as the API takes them.
          const field = input.images.length === 1 ? 'image' : 'image[]';
          for (const [i, png] of input.images.entries()) {
            form.append(field, new Blob([new Uint8Array(png)], { type: 'image/png' }), `image-${i}.png`);
          }
          if (input.mask) form.set('mask', new Blob([new Uint8Array(input.mask)], { type: 'image/png' }), 'mask.png');
          return form;
        },
        hooks,
      ),
  };
}

/** The `error.message` of an OpenAI-style error body, shortened; else the start of the body. */
function providerMessage(text: string): string {
  let message = text;
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } | string };
    if (typeof parsed.error === 'string') message = parsed.error;
    else if (typeof parsed.error?.message === 'string') message = parsed.error.message;
  } catch {
    // Not JSON: the text itself.
  }
  const flat = message.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat;
}

async function readText(body: Dispatcher.ResponseData['body'], maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.length;
    if (total > maxBytes) {
      body.on('error', () => undefined);
      body.destroy();
      throw new ProviderError('bad_response', `the provider's answer is larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** At most `size` holders at once; `acquire` resolves with the release function. */
function semaphore(size: number): { acquire(signal?: AbortSignal): Promise<() => void> } {
  let held = 0;
  const waiting: (() => void)[] = [];
  const releaser = () => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = waiting.shift();
      if (next) next();
      else held--;
    };
  };
  return {
    acquire(signal) {
      if (held < size) {
        held++;
        return Promise.resolve(releaser());
      }
      return new Promise((resolve, reject) => {
        const grant = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(releaser());
        };
        const onAbort = () => {
          const i = waiting.indexOf(grant);
          if (i >= 0) waiting.splice(i, 1);
          reject(signal?.reason);
        };
        waiting.push(grant);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
  };
}
