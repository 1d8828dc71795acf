import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { frame, NulFramer, PipeTransport } from './pipe-transport.js';

/** Cuts `bytes` at the given offsets (any order, duplicates allowed). */
function cut(bytes: Buffer, offsets: number[]): Buffer[] {
  const points = [...new Set(offsets.map((o) => o % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let start = 0;
  for (const point of [...points, bytes.length]) {
    chunks.push(bytes.subarray(start, point));
    start = point;
  }
  return chunks;
}

// DevTools messages are JSON: no raw NUL inside; any other text, multi-byte characters included.
const message = fc.string({ unit: 'grapheme', maxLength: 40 }).map((s) => JSON.stringify({ id: 1, text: s }));

describe('NulFramer', () => {
  it('returns every message whole and in order, however the stream is cut', () => {
    fc.assert(
      fc.property(fc.array(message, { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 12 }), (messages, offsets) => {
        const framer = new NulFramer();
        const bytes = Buffer.concat(messages.map(frame));
        const out = cut(bytes, offsets).flatMap((chunk) => framer.push(chunk));
        expect(out).toEqual(messages);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a multi-byte character split across chunks', () => {
    const framer = new NulFramer();
    const bytes = frame('{"t":"✓€"}');
    expect([...framer.push(bytes.subarray(0, 7)), ...framer.push(bytes.subarray(7))]).toEqual(['{"t":"✓€"}']);
  });

  it('returns nothing until the NUL arrives', () => {
    const framer = new NulFramer();
    expect(framer.push(Buffer.from('{"id":1'))).toEqual([]);
    expect(framer.push(Buffer.from('}\0{"id":2}'))).toEqual(['{"id":1}']);
    expect(framer.push(Buffer.of(0))).toEqual(['{"id":2}']);
  });
});

describe('PipeTransport', () => {
  it('writes each message NUL-terminated and hands over each message read', () => {
    const toBrowser = new PassThrough();
    const fromBrowser = new PassThrough();
    const transport = new PipeTransport(toBrowser, fromBrowser);
    const received: string[] = [];
    transport.onmessage = (m) => received.push(m);
    transport.send('{"id":1,"method":"Browser.getVersion"}');
    expect((toBrowser.read() as Buffer).toString()).toBe('{"id":1,"method":"Browser.getVersion"}\0');
    fromBrowser.write('{"id":1,"result":{}}\0{"method":"Target.targetCreated"');
    fromBrowser.write('}\0');
    return new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      expect(received).toEqual(['{"id":1,"result":{}}', '{"method":"Target.targetCreated"}']);
    });
  });

  it("reports the browser's end of the pipe closing once, and not its own close", async () => {
    const fromBrowser = new PassThrough();
    const transport = new PipeTransport(new PassThrough(), fromBrowser);
    let closes = 0;
    transport.onclose = () => {
      closes += 1;
    };
    fromBrowser.resume();
    fromBrowser.end();
    await new Promise<void>((resolve) => fromBrowser.once('close', resolve));
    expect(closes).toBe(1);

    const other = new PipeTransport(new PassThrough(), new PassThrough());
    other.onclose = () => {
      closes += 1;
    };
    other.close();
    expect(closes).toBe(1);
  });
});
