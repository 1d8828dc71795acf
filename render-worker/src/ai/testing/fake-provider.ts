// A fake OpenAI-compatible images API on loopback for the tests (docs/ai.md). It records every
// request it receives, parsed (headers, JSON body or multipart parts), so a test can check what the
// provider client sent; and it answers from a script: fixture images (b64_json or url form),
// errors, or answers slower than the client's deadline.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import sharp from 'sharp';

/** What a generation answers: a flat image of this colour at the requested size. */
export const GENERATED_RGB = [32, 176, 64] as const;
/** What an edit paints where the mask (or the image) is transparent. */
export const PAINTED_RGB = [32, 64, 224] as const;

export interface ReceivedPart {
  name: string;
  /** Text fields: the value. Files: null. */
  value: string | null;
  file: { filename: string; type: string; bytes: Buffer } | null;
}

export interface ReceivedRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** `/images/generations`: the JSON body. */
  json: Record<string, unknown> | null;
  /** `/images/edits`: the multipart parts in order. */
  parts: ReceivedPart[];
}

/** One scripted answer; `image` answers with the fixture. */
export type ScriptedAnswer =
  | { kind: 'image' }
  | { kind: 'error'; status: number; message?: string; retryAfter?: string }
  | { kind: 'slow'; delayMs: number }
  | { kind: 'garbage' };

export interface FakeProvider {
  baseUrl: string;
  received: ReceivedRequest[];
  /** Answers for the next calls, in order; once used up, every call gets the fixture image. */
  script(...answers: ScriptedAnswer[]): void;
  /** `b64_json` (default) or `url`: how a fixture image is returned. */
  form: 'b64_json' | 'url';
  /** Most calls in flight at once so far. */
  maxInFlight: number;
  /** Each image answer waits this long first (to hold calls in flight). */
  answerDelayMs: number;
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeProvider(): Promise<FakeProvider> {
  const files = new Map<string, Buffer>();
  let answers: ScriptedAnswer[] = [];
  let inFlight = 0;
  // Requests of an earlier test (a slow answer still sleeping) do not count after a reset.
  let generation = 0;
  let server: Server;
  const fake: FakeProvider = {
    baseUrl: '',
    received: [],
    form: 'b64_json',
    maxInFlight: 0,
    answerDelayMs: 0,
    script: (...next) => answers.push(...next),
    reset() {
      generation++;
      inFlight = 0;
      answers = [];
      fake.received.length = 0;
      fake.form = 'b64_json';
      fake.maxInFlight = 0;
      fake.answerDelayMs = 0;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      if (req.method === 'GET' && files.has(url.pathname)) {
        res.setHeader('content-type', 'image/png');
        res.end(files.get(url.pathname));
        return;
      }
      const mine = generation;
      inFlight++;
      fake.maxInFlight = Math.max(fake.maxInFlight, inFlight);
      try {
        const body = await readBody(req);
        const path = url.pathname.replace(/^\/v1/, '');
        const received = await parse(path, req, body);
        fake.received.push(received);
        const answer = answers.shift() ?? { kind: 'image' };
        if (answer.kind === 'slow') {
          // Until the delay passes or the client gives up, whichever is first.
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, answer.delayMs);
            res.once('close', () => {
              clearTimeout(timer);
              resolve();
            });
          });
          if (res.destroyed || res.writableEnded) return;
        }
        if (answer.kind === 'error') {
          if (answer.retryAfter !== undefined) res.setHeader('retry-after', answer.retryAfter);
          res.statusCode = answer.status;
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ error: { message: answer.message ?? `scripted ${answer.status}`, type: 'fake' } }));
          return;
        }
        if (answer.kind === 'garbage') {
          res.setHeader('content-type', 'text/html');
          res.end('<html>not json</html>');
          return;
        }
        if (fake.answerDelayMs > 0) await new Promise((r) => setTimeout(r, fake.answerDelayMs));
        const image = await fixture(received);
        res.setHeader('content-type', 'application/json');
        if (fake.form === 'url') {
          const name = `/files/${fake.received.length}.png`;
          files.set(name, image);
          res.end(JSON.stringify({ created: 1, data: [{ url: `${fake.baseUrl.replace(/\/v1$/, '')}${name}` }] }));
        } else {
          res.end(JSON.stringify({ created: 1, data: [{ b64_json: image.toString('base64') }] }));
        }
      } finally {
        if (mine === generation) inFlight--;
      }
    })().catch((error: unknown) => {
      res.statusCode = 599;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  fake.baseUrl = `http://127.0.0.1:${address.port}/v1`;
  return fake;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function parse(path: string, req: IncomingMessage, body: Buffer): Promise<ReceivedRequest> {
  const type = req.headers['content-type'] ?? '';
  const out: ReceivedRequest = { path, headers: req.headers, json: null, parts: [] };
  if (type.startsWith('application/json')) out.json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
  if (type.startsWith('multipart/form-data')) {
    // The platform's own multipart parser, so the fake is as strict as a real server.
    const form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
    for (const [name, value] of form as unknown as Iterable<[string, string | File]>) {
      if (typeof value === 'string') out.parts.push({ name, value, file: null });
      else
        out.parts.push({
          name,
          value: null,
          file: { filename: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) },
        });
    }
  }
  return out;
}

/** The size a request asked for (`WxH`), else 64². */
function sizeOf(received: ReceivedRequest): { width: number; height: number } {
  const size = String(received.json?.size ?? received.parts.find((p) => p.name === 'size')?.value ?? '64x64');
  const [w, h] = size.split('x').map(Number);
  return { width: w || 64, height: h || 64 };
}

/**
 * A generation: a flat GENERATED_RGB image at the asked size. An edit with a mask: the image with
 * PAINTED_RGB where the mask is transparent. An edit without one (inpaint references): the first
 * image at the asked size with its transparent pixels painted.
 */
async function fixture(received: ReceivedRequest): Promise<Buffer> {
  const size = sizeOf(received);
  const [r, g, b] = received.path === '/images/generations' ? GENERATED_RGB : PAINTED_RGB;
  const background = sharp({ create: { ...size, channels: 3, background: { r, g, b } } });
  if (received.path === '/images/generations') return background.png().toBuffer();
  const image = received.parts.find((p) => p.name === 'image' || p.name === 'image[]')?.file?.bytes;
  if (!image) throw new Error('an edit without an image part');
  const mask = received.parts.find((p) => p.name === 'mask')?.file?.bytes;
  let top = await sharp(image).resize(size.width, size.height, { fit: 'fill' }).ensureAlpha().png().toBuffer();
  if (mask) {
    const alpha = await sharp(mask).resize(size.width, size.height, { fit: 'fill' }).ensureAlpha().extractChannel(3).raw().toBuffer();
    const rgb = await sharp(top).removeAlpha().raw().toBuffer();
    top = await sharp(rgb, { raw: { ...size, channels: 3 } })
      .joinChannel(alpha, { raw: { ...size, channels: 1 } })
      .png()
      .toBuffer();
  }
  return background
    .composite([{ input: top }])
    .png()
    .toBuffer();
}
