// The DevTools pipe as a puppeteer ConnectionTransport: JSON messages, each ended by a NUL byte,
// written to Chromium's fd 3 and read from its fd 4 (`--remote-debugging-pipe`).
import type { Readable, Writable } from 'node:stream';
import type { ConnectionTransport } from 'puppeteer';

/**
 * Splits a byte stream into NUL-terminated messages. Chunks may end anywhere, inside a message or
 * inside a multi-byte UTF-8 character, so bytes are kept until their NUL arrives and only whole
 * messages are decoded.
 */
export class NulFramer {
  private pending: Buffer[] = [];

  /** The messages completed by `chunk`, in order. */
  push(chunk: Buffer): string[] {
    let end = chunk.indexOf(0);
    if (end === -1) {
      if (chunk.length > 0) this.pending.push(chunk);
      return [];
    }
    const messages: string[] = [];
    let start = 0;
    while (end !== -1) {
      const head = chunk.subarray(start, end);
      messages.push(this.pending.length === 0 ? head.toString('utf8') : Buffer.concat([...this.pending.splice(0), head]).toString('utf8'));
      start = end + 1;
      end = chunk.indexOf(0, start);
    }
    if (start < chunk.length) this.pending.push(chunk.subarray(start));
    return messages;
  }
}

/** Pure: one message as written to the pipe. */
export function frame(message: string): Buffer {
  return Buffer.concat([Buffer.from(message, 'utf8'), Buffer.of(0)]);
}

/**
 * The transport `puppeteer.connect({ transport })` drives. `onclose` fires once, when the browser
 * side of the pipe closes: the browser exited or crashed.
 */
export class PipeTransport implements ConnectionTransport {
  onmessage?: (message: string) => void;
  onclose?: () => void;
  private readonly framer = new NulFramer();
  private closed = false;

  constructor(
    private readonly toBrowser: Writable,
    private readonly fromBrowser: Readable,
  ) {
    fromBrowser.on('data', this.onData);
    fromBrowser.on('end', this.onEnd);
    fromBrowser.on('close', this.onEnd);
  }

  send(message: string): void {
    if (this.closed || this.toBrowser.destroyed) return; // the browser is gone; onclose has told puppeteer
    this.toBrowser.write(frame(message));
  }

  /** Puppeteer is done with the pipe (it disconnected): stop reading, without an `onclose`. */
  close(): void {
    this.detach();
  }

  private readonly onData = (chunk: Buffer): void => {
    for (const message of this.framer.push(chunk)) {
      if (this.closed) return;
      this.onmessage?.(message);
    }
  };

  private readonly onEnd = (): void => {
    if (this.closed) return;
    this.detach();
    this.onclose?.();
  };

  private detach(): void {
    this.closed = true;
    this.fromBrowser.off('data', this.onData);
    this.fromBrowser.off('end', this.onEnd);
    this.fromBrowser.off('close', this.onEnd);
  }
}
